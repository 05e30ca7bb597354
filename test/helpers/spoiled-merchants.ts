// Maple copied into a merchants folder of its own and spoiled one way at a time, as a
// designer's mistake would reach a publication: the tests of the checks at load, of a
// reload by SIGHUP and of the preview each take the same spoils.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHIPPED = fileURLToPath(new URL('../../merchants/', import.meta.url));

export interface Spoil {
  name: string;
  /** Changes the maple folder at `dir` (a merchants folder's `maple/`). */
  spoil(maple: string): Promise<void>;
  /** What the check at load says about it, as one problem line reads. */
  atLoad: RegExp;
  /** A screen of the preview that shows it (`--only`), a width and a language it shows in. */
  screen: string;
  width: number;
  language: string;
  /** What the preview says of it, among its lines. */
  preview: RegExp;
}

export async function edit(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

const editJson = (maple: string, change: (json: Record<string, unknown>) => void) =>
  edit(path.join(maple, 'merchant.json'), (text) => {
    const json = JSON.parse(text) as Record<string, unknown>;
    change(json);
    return JSON.stringify(json, null, 2);
  });

/** A word of 60 letters: no phone shows it on one line. */
export const LONG_WORD = `Maple${'c'.repeat(55)}`;

export const SPOILS: readonly Spoil[] = [
  {
    name: 'a brand colour of #ffff66 on white',
    spoil: (maple) => edit(path.join(maple, 'style.css'), (css) => css.replace('--brand: #c8102e;', '--brand: #ffff66;')),
    atLoad:
      /maple\/style\.css: light: --brand #ffff66 on --surface #ffffff \(links and quiet buttons on a card\): contrast 1\.06:1/,
    screen: 'home',
    width: 1280,
    language: 'en',
    preview: /^blocking {2}\S.*: text contrast 1\.\d\d:1 \(#ffff66 on #[0-9a-f]{6}\), WCAG AA asks 4\.5:1 {2}on home \(en/,
  },
  {
    name: 'a French text removed',
    spoil: (maple) =>
      editJson(maple, (json) => {
        delete (json.translations as Record<string, Record<string, unknown>>)['fr-CA']!.psa;
      }),
    atLoad: /maple\/merchant\.json: translations\.fr-CA\.psa: missing, so fr-CA pages show it in en/,
    screen: 'home',
    width: 1280,
    language: 'fr-CA',
    preview:
      /^listed {4}\S+ "Interac e-Transfer orders.*: shown in en: translations\.fr-CA\.psa is not translated {2}on home \(fr-CA; 1280\)/,
  },
  {
    name: 'a logo path that does not exist',
    spoil: (maple) =>
      edit(path.join(maple, 'style.css'), (css) =>
        css.replace(
          '--header-bg: var(--brand);',
          '--header-bg: url(logo.svg) right 1rem center / auto 60% no-repeat, var(--brand);',
        ),
      ),
    atLoad: /maple\/style\.css: line \d+: url\(logo\.svg\) is no file of the merchant's/,
    screen: 'home',
    width: 1280,
    language: 'en',
    preview: /^blocking {2}a file the page asks for: \/assets\/\S*logo\.svg answered 404 {2}on home \(en; 1280\)/,
  },
  {
    name: 'a footer link with javascript:',
    spoil: (maple) =>
      edit(path.join(maple, 'footer.html'), (html) =>
        html.replace('href="https://maple.example/blog"', 'href="javascript:alert(document.cookie)"'),
      ),
    atLoad: /maple\/footer\.html: line \d+: javascript: URL on <a>/,
    screen: 'home',
    width: 1280,
    language: 'en',
    preview: /^blocking {2}\S*maple\/footer\.html: line \d+: javascript: URL on <a>$/,
  },
  {
    name: 'a merchant text with a 60-character unbroken word, on the phone',
    spoil: (maple) =>
      editJson(maple, (json) => {
        json.title = LONG_WORD;
      }),
    atLoad: /maple\/merchant\.json: title: "Maplec+…" is a 60-character word/,
    screen: 'home',
    width: 320,
    language: 'en',
    preview:
      /^blocking {2}span\.brand-name "Maplec+": runs past \d+\.\.\d+ outside a 320px viewport \(0\.\.320\) {2}on home \(en; 320/,
  },
];

/** A merchants folder holding maple alone (its fallback too), removed by the returned function. */
export async function mapleAlone(): Promise<{ dir: string; maple: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'merchants-'));
  const maple = path.join(dir, 'maple');
  await cp(path.join(SHIPPED, 'maple'), maple, { recursive: true });
  await writeFile(path.join(dir, 'tenancy.json'), JSON.stringify({ fallback: 'maple' }));
  return { dir, maple, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Puts maple's folder at `maple` back as shipped. */
export async function unspoil(maple: string): Promise<void> {
  await rm(maple, { recursive: true, force: true });
  await cp(path.join(SHIPPED, 'maple'), maple, { recursive: true });
}
