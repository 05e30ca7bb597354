// Real files for upload tests: small images made by Chromium's canvas (16 x 12), a GIF,
// a PDF, and hostile ones (HTML, SVG and a Windows executable header). `padded` grows a file
// to an exact size with zero bytes after its end, which no format check reads.
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAMABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWAAqu/9k=',
  'base64',
);
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAYAAABr5z2BAAAAKElEQVR4AeyQMQ0AAAyDSC3Vv4N52kT02VESXg409iaKkAagDz48OAAAAP//eRm4pAAAAAZJREFUAwCNEiMpSuidmwAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
/** The DOS header and PE signature of a Windows executable. */
export const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

/** A PNG header declaring 60,000 x 60,000 pixels (the rest of the file never decoded). */
export function hugePng(): Buffer {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(60_000, 16);
  png.writeUInt32BE(60_000, 20);
  return png;
}

/** `file` followed by zero bytes up to exactly `size` bytes. */
export function padded(file: Buffer, size: number): Buffer {
  return Buffer.concat([file, Buffer.alloc(size - file.length)]);
}

export interface Part {
  field: string;
  /** A file part when set. */
  fileName?: string;
  type?: string;
  value: string | Buffer;
}

/** A multipart/form-data body as a browser sends it, for app.inject. */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----edgeTestBoundary${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ''}`;
    const type = part.fileName !== undefined ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
