// The file rules of SPEC.md section 5, enforced again here as the real exchange would:
// images and PDF only, at most 4,900,000 bytes once decoded.
import { SANDBOX_CODES, fail } from './errors.ts';

export const MAX_FILE_BYTES = 4_900_000;
/** JSON around base64 of MAX_FILE_BYTES (4/3 larger), with room for the other fields. */
export const UPLOAD_BODY_LIMIT = 7 * 1024 * 1024;

const EXTENSIONS = ['jpeg', 'jpe', 'jpg', 'gif', 'png', 'pdf'];

export function checkFile(file: { extName: string; mimeType: string; encodedFile: string }): void {
  const ext = file.extName.replace(/^\./, '').toLowerCase();
  const mime = file.mimeType.toLowerCase();
  if (!EXTENSIONS.includes(ext) || !(mime.startsWith('image/') || mime === 'application/pdf')) {
    throw fail(422, SANDBOX_CODES.fileTypeInvalid, "Only images and PDF's are allowed (jpg, gif, png, pdf).");
  }
  const bytes = Buffer.byteLength(file.encodedFile, 'base64');
  if (bytes > MAX_FILE_BYTES) {
    throw fail(422, SANDBOX_CODES.fileTooLarge, `File must be less than 4.5MB. Your file is ${(bytes / 1_000_000).toFixed(1)}MB.`);
  }
}
