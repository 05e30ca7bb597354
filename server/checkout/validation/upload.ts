// Upload rules (SPEC.md section 5 "Uploads"), pure: they see names and sizes, never
// bytes, so the browser checks before sending and the server checks again after.
import { DOCUMENT_TYPES, type DocumentType } from '../domain.ts';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../limits.ts';
import { UPLOAD_MESSAGES } from '../messages.ts';
import { parseAnyMobile, phoneCountry } from './phone.ts';
import { fail, ok, text, type FieldErrors, type Validated } from './result.ts';

export type UploadFile = { fileName: string; size: number };
export type DocumentFile = UploadFile & { documentType?: string };
export type CheckedFile = { fileName: string; size: number; extName: string };

/** The upstream's limit on fileName (contract.ts). */
const FILE_NAME_MAX = 255;

/** Lower-case extension without the dot; '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** A size as the too-large message shows it: millions of bytes, one decimal. */
export function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}

const ALLOWED: ReadonlySet<string> = new Set(UPLOAD_EXTENSIONS);

/** First problem with one file: its type, then its size. Equal to the maximum is allowed. */
export function uploadFileError(file: UploadFile): string | undefined {
  const fileName = text(file?.fileName);
  const size = file?.size;
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0 || fileName === '') return UPLOAD_MESSAGES.unreadable;
  if (fileName.length > FILE_NAME_MAX) return UPLOAD_MESSAGES.nameTooLong;
  if (!ALLOWED.has(fileExtension(fileName))) return UPLOAD_MESSAGES.badType;
  if (size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge(megabytes(size));
  return undefined;
}

function checked(file: UploadFile): CheckedFile {
  const fileName = text(file.fileName);
  return { fileName, size: file.size, extName: fileExtension(fileName) };
}

/** Single-file selfie upload (/image-input-upload): exactly one acceptable file. */
export function validateSelfieUpload(files: readonly UploadFile[]): Validated<CheckedFile, 'files'> {
  const list = Array.isArray(files) ? files : [];
  if (list.length === 0) return fail({ files: UPLOAD_MESSAGES.none });
  if (list.length > 1) return fail({ files: UPLOAD_MESSAGES.oneFileOnly });
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
export function validateDocumentUpload(input: {
  files: readonly DocumentFile[];
  mobile: string;
  country: string;
  alreadyUploaded?: boolean;
}): Validated<DocumentUpload, DocumentUploadField> {
  if (input.alreadyUploaded === true) return fail({ files: UPLOAD_MESSAGES.alreadyUploaded });
  const errors: FieldErrors<DocumentUploadField> = {};

  const phone = parseAnyMobile(text(input.mobile), phoneCountry(text(input.country)));
  if (!phone) errors.mobile = UPLOAD_MESSAGES.mobileInvalid;

  const list = Array.isArray(input.files) ? input.files : [];
  if (list.length === 0) errors.files = UPLOAD_MESSAGES.none;
  const out: DocumentUpload['files'] = [];
  list.forEach((file, i) => {
    const error = uploadFileError(file);
    if (error) errors[`files.${i}`] = error;
    const documentType = DOCUMENT_TYPES.find((t) => t === text(file?.documentType));
    if (!documentType) errors.files = UPLOAD_MESSAGES.typeMissing;
    else if (!error) out.push({ ...checked(file), documentType });
  });

  if (!phone || Object.keys(errors).length > 0) return fail(errors);
  return ok({ mobileNumber: String(phone.number), files: out });
}

export type DocumentCountry = 'CA' | 'AU';

// The spec says only that labels depend on the country; these follow each country's usage.
export const DOCUMENT_TYPE_LABELS: Record<DocumentCountry, Record<DocumentType, string>> = {
  CA: {
    DRIVERSLICENSE: "Driver's Licence",
    PASSPORT: 'Passport',
    GOVERNMENTID: 'Provincial Photo ID Card',
    BANKSTATEMENT: 'Bank Statement',
    BILLPAYMENT: 'Utility Bill',
    SELFIE: 'Selfie with Photo ID',
    OTHER: 'Other',
  },
  AU: {
    DRIVERSLICENSE: 'Driver Licence',
    PASSPORT: 'Passport',
    GOVERNMENTID: 'Proof of Age / Photo Card',
    BANKSTATEMENT: 'Bank Statement',
    BILLPAYMENT: 'Utility Bill',
    SELFIE: 'Selfie with Photo ID',
    OTHER: 'Other',
  },
};

/** Labels for `country`; Canadian wording for any country other than AU. */
export function documentTypeLabels(country: string): Record<DocumentType, string> {
  return country === 'AU' ? DOCUMENT_TYPE_LABELS.AU : DOCUMENT_TYPE_LABELS.CA;
}
