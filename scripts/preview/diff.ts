// Each picture of the previewed folder against the same picture of the published one:
// the share of its pixels that moved, and a picture of where (pixelmatch, on pngjs's
// decoding). What differs between any two visits of a page (the order's reference and
// codes, its QR code, times and countdowns) is left out of both, so an unchanged page
// reads 0.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Shot } from './capture.ts';

export interface Difference {
  page: string;
  language: string;
  viewport: string;
  /** Share of the compared pixels that moved, 0 to 1; 1 for a page only one version has. */
  moved: number;
  /** The pictures, relative to the report's folder; undefined where that version has none. */
  published?: string | undefined;
  now?: string | undefined;
  diff?: string | undefined;
}

/** Pixels whose colours differ by less than this (pixelmatch's OKLab distance, 0 to 1) have not moved: its default. */
const THRESHOLD = 0.1;

/** The picture on a white canvas of the given size: two versions of a page seldom have one height. */
function onCanvas(png: PNG, width: number, height: number): Buffer {
  if (png.width === width && png.height === height) return png.data;
  const canvas = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < png.height; y++) png.data.copy(canvas, y * width * 4, y * png.width * 4, (y + 1) * png.width * 4);
  return canvas;
}

/** One byte per pixel, set where either version shows what changes on every visit. */
function changingMask(width: number, height: number, boxes: Shot['changing']): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x));
    const x1 = Math.min(width, Math.ceil(box.x + box.width));
    for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(height, Math.ceil(box.y + box.height)); y++) {
      mask.fill(1, y * width + x0, y * width + x1);
    }
  }
  return mask;
}

const key = (shot: Pick<Shot, 'page' | 'language' | 'viewport'>) => `${shot.page}\n${shot.language}\n${shot.viewport}`;

export async function compare(outDir: string, published: readonly Shot[], now: readonly Shot[]): Promise<Difference[]> {
  const before = new Map(published.map((shot) => [key(shot), shot]));
  const differences: Difference[] = [];
  for (const shot of now) {
    const old = before.get(key(shot));
    before.delete(key(shot));
    if (!old) {
      differences.push({ page: shot.page, language: shot.language, viewport: shot.viewport, moved: 1, now: shot.file });
      continue;
    }
    const [a, b] = await Promise.all([
      readFile(join(outDir, 'published', old.file)).then((bytes) => PNG.sync.read(bytes)),
      readFile(join(outDir, shot.file)).then((bytes) => PNG.sync.read(bytes)),
    ]);
    const width = Math.max(a.width, b.width);
    const height = Math.max(a.height, b.height);
    const ignoreMask = changingMask(width, height, [...old.changing, ...shot.changing]);
    const output = new PNG({ width, height });
    const count = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), output.data, width, height, {
      threshold: THRESHOLD,
      ignoreMask,
    });
    const compared = width * height - ignoreMask.reduce((n, v) => n + v, 0);
    const diff = join('diff', shot.file);
    if (count > 0) {
      await mkdir(dirname(join(outDir, diff)), { recursive: true });
      await writeFile(join(outDir, diff), PNG.sync.write(output));
    }
    differences.push({
      page: shot.page,
      language: shot.language,
      viewport: shot.viewport,
      moved: compared > 0 ? count / compared : 0,
      published: join('published', old.file),
      now: shot.file,
      ...(count > 0 ? { diff } : {}),
    });
  }
  for (const gone of before.values()) {
    differences.push({
      page: gone.page,
      language: gone.language,
      viewport: gone.viewport,
      moved: 1,
      published: join('published', gone.file),
    });
  }
  return differences.sort((x, y) => y.moved - x.moved);
}
