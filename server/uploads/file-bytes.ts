// What a file really is, read from its bytes (server side, whatever the browser did): the
// extension must be allowed, the magic number must be the type the extension declares, the
// size at most UPLOAD_MAX_BYTES, and an image's declared dimensions sane, read from its
// header without decoding it. Used by the edge before anything goes upstream, and by the
// sandbox, which checks again as the real exchange would.
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { MAGIC_TYPE_OF_EXTENSION, type UploadExtension } from '../../checkout/domain.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_IMAGE_SIDE } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../../checkout/messages.ts';
import { fileExtension, megabytes } from '../../checkout/validation/upload-file.ts';

export { decodeStrictBase64 } from '../../checkout/contract.ts';

export type FileVerdict =
  | { ok: true; extName: UploadExtension; mimeType: string }
  | { ok: false; message: string; status: 413 | 415 | 422 };

function isUploadExtension(ext: string): ext is UploadExtension {
  return Object.hasOwn(MAGIC_TYPE_OF_EXTENSION, ext);
}

/** The declared type (the extension) against the bytes, then the size, then the dimensions. */
export async function checkFileBytes(
  declaredName: string,
  bytes: Uint8Array,
  texts: Texts = DEFAULT_TEXTS,
): Promise<FileVerdict> {
  const ext = fileExtension(declaredName);
  if (!isUploadExtension(ext)) return { ok: false, message: texts.UPLOAD_MESSAGES.badType, status: 415 };
  if (bytes.byteLength > UPLOAD_MAX_BYTES) {
    return { ok: false, message: texts.UPLOAD_MESSAGES.tooLarge(megabytes(bytes.byteLength)), status: 413 };
  }
  const mimeType = MAGIC_TYPE_OF_EXTENSION[ext];
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime !== mimeType) return { ok: false, message: texts.UPLOAD_MESSAGES.badType, status: 415 };
  if (mimeType !== 'application/pdf' && !dimensionsAcceptable(bytes)) {
    return { ok: false, message: texts.UPLOAD_MESSAGES.dimensionsTooLarge, status: 422 };
  }
  return { ok: true, extName: ext, mimeType };
}

/** image-size reads only the header; a header it cannot read is refused too. */
function dimensionsAcceptable(bytes: Uint8Array): boolean {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 && width <= UPLOAD_MAX_IMAGE_SIDE && height <= UPLOAD_MAX_IMAGE_SIDE;
  } catch {
    return false;
  }
}
