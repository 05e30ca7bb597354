// The file rules of docs/spec.md section 5, enforced again here as the real exchange would:
// at most 4,900,000 bytes once decoded, an allowed extension with its type, and bytes that
// really are that type (magic numbers, read with file-type). Strict base64 is the
// contract's own rule (encodedFile), so a body that breaks it never gets here.
import { fileTypeFromBuffer } from 'file-type';
import { MAGIC_TYPE_OF_EXTENSION, type UploadExtension } from '../../checkout/domain.ts';
import { fail, SANDBOX_CODES } from './errors.ts';

export const MAX_FILE_BYTES = 4_900_000;
/** JSON around base64 of MAX_FILE_BYTES (4/3 larger), with room for the other fields. */
export const UPLOAD_BODY_LIMIT = 7 * 1024 * 1024;

const TYPE_INVALID = "Only images and PDF's are allowed (jpg, gif, png, pdf).";

export async function checkFile(file: { extName: string; mimeType: string; encodedFile: string }): Promise<void> {
  const ext = file.extName.replace(/^\./, '').toLowerCase();
  if (!Object.hasOwn(MAGIC_TYPE_OF_EXTENSION, ext)) throw fail(422, SANDBOX_CODES.fileTypeInvalid, TYPE_INVALID);
  const type = MAGIC_TYPE_OF_EXTENSION[ext as UploadExtension];
  const bytes = Buffer.from(file.encodedFile, 'base64');
  if (bytes.byteLength > MAX_FILE_BYTES) {
    throw fail(
      422,
      SANDBOX_CODES.fileTooLarge,
      `File must be less than 4.5MB. Your file is ${(bytes.byteLength / 1_000_000).toFixed(1)}MB.`,
    );
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (file.mimeType.toLowerCase() !== type || detected?.mime !== type)
    throw fail(422, SANDBOX_CODES.fileTypeInvalid, TYPE_INVALID);
}
