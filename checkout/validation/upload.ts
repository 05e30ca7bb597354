// Upload rules (docs/spec.md section 5 "Uploads"), pure: they see names and sizes, never
// bytes, so the browser checks before sending and the server checks again after.
import { DOCUMENT_TYPES, type DocumentType } from '../domain.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { parseAnyMobile, phoneCountry } from './phone.ts';
import { type FieldErrors, fail, ok, text, type Validated } from './result.ts';
import { fileExtension, type UploadFile, uploadFileError } from './upload-file.ts';

export { fileExtension, megabytes, type UploadFile, uploadFileError } from './upload-file.ts';

export type DocumentFile = UploadFile & { documentType?: string };
export type CheckedFile = { fileName: string; size: number; extName: string };

function checked(file: UploadFile): CheckedFile {
  const fileName = text(file.fileName);
  return { fileName, size: file.size, extName: fileExtension(fileName) };
}

/** Single-file selfie upload (/image-input-upload): exactly one acceptable file. */
export function validateSelfieUpload(
  files: readonly UploadFile[],
  texts: Texts = DEFAULT_TEXTS,
): Validated<CheckedFile, 'files'> {
  const list = Array.isArray(files) ? files : [];
  if (list.length === 0) return fail({ files: texts.UPLOAD_MESSAGES.none });
  if (list.length > 1) return fail({ files: texts.UPLOAD_MESSAGES.oneFileOnly });
  const error = uploadFileError(list[0]!);
  return error ? fail({ files: error }) : ok(checked(list[0]!));
}

export type DocumentUploadField = 'files' | 'mobile' | `files.${number}`;
export type DocumentUpload = {
  /** E.164, e.g. '+16135550123'. */
  mobileNumber: string;
  files: (CheckedFile & { documentType: DocumentType })[];
};

/**
 * Multi-file document upload (/verify): the mobile number first, at least one file, each
 * file acceptable (errors under `files.{index}`) and with a document type.
 * `country` reads national-format numbers (the /verify/{country} route's country).
 */
export function validateDocumentUpload(
  input: {
    files: readonly DocumentFile[];
    mobile: string;
    country: string;
    alreadyUploaded?: boolean;
  },
  texts: Texts = DEFAULT_TEXTS,
): Validated<DocumentUpload, DocumentUploadField> {
  if (input.alreadyUploaded === true) return fail({ files: texts.UPLOAD_MESSAGES.alreadyUploaded });
  const errors: FieldErrors<DocumentUploadField> = {};

  const phone = parseAnyMobile(text(input.mobile), phoneCountry(text(input.country)));
  if (!phone) errors.mobile = texts.UPLOAD_MESSAGES.mobileInvalid;

  const list = Array.isArray(input.files) ? input.files : [];
  if (list.length === 0) errors.files = texts.UPLOAD_MESSAGES.none;
  const out: DocumentUpload['files'] = [];
  list.forEach((file, i) => {
    const error = uploadFileError(file);
    if (error) errors[`files.${i}`] = error;
    const documentType = DOCUMENT_TYPES.find((t) => t === text(file?.documentType));
    if (!documentType) errors.files = texts.UPLOAD_MESSAGES.typeMissing;
    else if (!error) out.push({ ...checked(file), documentType });
  });

  if (!phone || Object.keys(errors).length > 0) return fail(errors);
  return ok({ mobileNumber: String(phone.number), files: out });
}

export type DocumentCountry = 'CA' | 'AU';

/** Labels for `country`; Canadian wording for any country other than AU. */
export function documentTypeLabels(country: string, texts: Texts = DEFAULT_TEXTS): Record<DocumentType, string> {
  return country === 'AU' ? texts.DOCUMENT_TYPES.AU : texts.DOCUMENT_TYPES.CA;
}
