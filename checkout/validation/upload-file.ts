// One file's rules (docs/spec.md section 5 "Uploads"), apart from the rest of the upload rules so
// the selfie upload island does not carry the phone rules: type by extension, then size.
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { text } from './result.ts';

export type UploadFile = { fileName: string; size: number };

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
export function uploadFileError(file: UploadFile, texts: Texts = DEFAULT_TEXTS): string | undefined {
  const fileName = text(file?.fileName);
  const size = file?.size;
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0 || fileName === '') return texts.UPLOAD_MESSAGES.unreadable;
  if (fileName.length > FILE_NAME_MAX) return texts.UPLOAD_MESSAGES.nameTooLong;
  if (!ALLOWED.has(fileExtension(fileName))) return texts.UPLOAD_MESSAGES.badType;
  if (size > UPLOAD_MAX_BYTES) return texts.UPLOAD_MESSAGES.tooLarge(megabytes(size));
  return undefined;
}
