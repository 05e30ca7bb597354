// Reads an upload form (multipart/form-data) into its text fields and files. A file is kept
// in memory only up to UPLOAD_MAX_BYTES; past that its bytes are counted and dropped, so
// the visitor learns the real size ("Your file is 5.0MB") and memory stays bounded. The
// client's file name is kept only to read its extension: it never reaches a path or a header.
import type { FastifyRequest } from 'fastify';
import { UPLOAD_ANNOUNCED_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../checkout/limits.ts';

export interface UploadedFile {
  field: string;
  /** As the browser named it: for its extension only. */
  clientName: string;
  /** The bytes, when the file fits UPLOAD_MAX_BYTES. */
  bytes: Buffer | null;
  /** How many bytes came (at least; counting stops at MAX_COUNTED_BYTES). */
  size: number;
}

export interface UploadForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Past this a part is cut off: its size is then "at least this". */
const MAX_COUNTED_BYTES = UPLOAD_ANNOUNCED_MAX_BYTES;
const MAX_FIELD_BYTES = 1024;

export function isMultipart(request: FastifyRequest): boolean {
  return request.isMultipart();
}

/**
 * Every part of the form. `maxFiles` files are read; more are counted (so "one file only"
 * can be said) and dropped. Text fields are limited to a few short values.
 */
export async function readUploadForm(
  request: FastifyRequest,
  maxFiles: number,
  /** Told of each file chunk as it arrives; may throw to stop the reading. */
  arrived: (bytes: number) => void = () => {},
): Promise<UploadForm & { extraFiles: number }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let extraFiles = 0;
  const parts = request.parts({
    limits: { fileSize: MAX_COUNTED_BYTES, files: maxFiles + 4, fields: 16, fieldSize: MAX_FIELD_BYTES, parts: 24 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      continue;
    }
    const keep = files.length < maxFiles;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      arrived(chunk.length);
      if (keep && size <= UPLOAD_MAX_BYTES) chunks.push(chunk);
    }
    // An empty file input still sends a part with no name and no bytes: nothing was chosen.
    if (size === 0 && !part.filename) continue;
    if (!keep) {
      extraFiles += 1;
      continue;
    }
    files.push({
      field: part.fieldname,
      clientName: part.filename ?? '',
      bytes: size <= UPLOAD_MAX_BYTES ? Buffer.concat(chunks) : null,
      size,
    });
  }
  return { fields, files, extraFiles };
}
