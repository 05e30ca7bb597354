// The file rules of SPEC.md section 5, enforced again here as the real exchange would:
// strict base64, at most 4,900,000 bytes once decoded, an allowed extension whose type
// the bytes really have (magic numbers), sane image dimensions.
import { checkFileBytes, decodeStrictBase64 } from '../uploads/file-bytes.ts';
import { SANDBOX_CODES, fail } from './errors.ts';

export const MAX_FILE_BYTES = 4_900_000;
/** JSON around base64 of MAX_FILE_BYTES (4/3 larger), with room for the other fields. */
export const UPLOAD_BODY_LIMIT = 7 * 1024 * 1024;

export async function checkFile(file: { extName: string; mimeType: string; encodedFile: string }): Promise<void> {
  const bytes = decodeStrictBase64(file.encodedFile);
  if (!bytes) throw fail(400, SANDBOX_CODES.requestInvalid, 'encodedFile: not strict base64 (no data: prefix, no whitespace)');
  if (bytes.byteLength > MAX_FILE_BYTES) {
    throw fail(422, SANDBOX_CODES.fileTooLarge, `File must be less than 4.5MB. Your file is ${(bytes.byteLength / 1_000_000).toFixed(1)}MB.`);
  }
  const verdict = await checkFileBytes(`file.${file.extName.replace(/^\./, '')}`, bytes);
  if (!verdict.ok || verdict.mimeType !== file.mimeType.toLowerCase()) {
    throw fail(422, SANDBOX_CODES.fileTypeInvalid, "Only images and PDF's are allowed (jpg, gif, png, pdf).");
  }
}
