// The preview's words: one line per problem for the terminal (a problem met on many pages
// is one line naming them), and preview/<id>/index.html: the problems, the comparison with
// the published version when there is one (changed pages first, side by side; an
// unchanged page one line), then every page in each language with its pictures.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Capture, Problem, Shot } from './capture.ts';
import type { Difference } from './diff.ts';

/** Pages a terminal line names before it counts the rest. */
const PAGES_NAMED = 4;

/** Viewports in the order a visit takes them. */
const VIEWPORT_ORDER = ['1280', '1280 dark', '390', '390 dark', '320', '320 dark', 'print'];
const byViewport = (a: string, b: string) => VIEWPORT_ORDER.indexOf(a) - VIEWPORT_ORDER.indexOf(b);

/** Where a problem was met: each page in the preview's order, with its languages and viewports. */
function where(problems: readonly Problem[]): string {
  const pages = new Map<string, { languages: Set<string>; viewports: Set<string> }>();
  const ordered = [...problems].sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || a.language.localeCompare(b.language));
  for (const p of ordered) {
    let at = pages.get(p.page);
    if (!at) pages.set(p.page, (at = { languages: new Set(), viewports: new Set() }));
    at.languages.add(p.language);
    at.viewports.add(p.viewport);
  }
  const named = [...pages].slice(0, PAGES_NAMED).map(([page, at]) => {
    const viewports = [...at.viewports].filter(Boolean).sort(byViewport);
    return `${page} (${[...at.languages].join(', ')}${viewports.length > 0 ? `; ${viewports.join(', ')}` : ''})`;
  });
  const more = pages.size - PAGES_NAMED;
  return `${named.join('; ')}${more > 0 ? `; and ${more} more page${more === 1 ? '' : 's'}` : ''}`;
}

/**
 * One line per problem, blocking ones first: `blocking  <element>: <what>  on <page>
 * (<languages>; <viewports>)…`. A problem of the folder itself (found without a browser)
 * names its file instead.
 */
export function problemLines(problems: readonly Problem[]): string[] {
  const groups = new Map<string, Problem[]>();
  for (const p of problems) {
    const key = `${p.blocking ? 0 : 1}\n${p.element}\n${p.what}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, group]) => {
      const first = group[0]!;
      const label = first.blocking ? 'blocking' : 'listed  ';
      const subject = first.element ? `${first.element}: ${first.what}` : first.what;
      return first.page ? `${label}  ${subject}  on ${where(group)}` : `${label}  ${subject}`;
    });
}

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const percent = (share: number) => (share === 0 ? '0 %' : share < 0.0001 ? '< 0.01 %' : `${(share * 100).toFixed(2)} %`);

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 1.5rem; max-width: 96rem; color: #1b2430; background: #f4f6f8; }
h1 { margin: 0 0 .25rem; } h2 { margin: 2rem 0 .5rem; } h3 { margin: 1.5rem 0 .25rem; }
.summary { color: #3d4756; margin: 0 0 1rem; }
ul.problems { list-style: none; padding: 0; }
ul.problems li { background: #fff; border-left: 4px solid #8a8f98; margin: .25rem 0; padding: .35rem .6rem; }
ul.problems li.blocking { border-color: #b3261e; }
.tag { font-weight: 700; margin-right: .5rem; }
.blocking .tag { color: #b3261e; }
.shots { display: flex; gap: 1rem; align-items: flex-start; overflow-x: auto; padding-bottom: .5rem; }
figure { margin: 0; flex: none; } figcaption { font-size: 13px; color: #3d4756; }
figure img { display: block; border: 1px solid #c9ced6; background: #fff; }
.side { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: .75rem; }
.side img { width: 100%; height: auto; }
.unchanged { color: #3d4756; margin: .1rem 0; }
`;

function picture(shot: Shot): string {
  const width = shot.viewport === 'print' ? 200 : Math.round(Number.parseInt(shot.viewport, 10) / 4);
  return `<figure><a href="${escaped(shot.file)}"><img src="${escaped(shot.file)}" width="${width}" loading="lazy" alt="${escaped(`${shot.page}, ${shot.language}, ${shot.viewport}`)}"></a><figcaption>${escaped(shot.viewport)}</figcaption></figure>`;
}

function problemList(problems: readonly Problem[], named: boolean): string {
  if (problems.length === 0) return '';
  const items = problems
    .map((p) => {
      const at = named ? [p.page, p.language, p.viewport].filter(Boolean).join(' · ') : p.viewport;
      const subject = p.element ? `${p.element}: ${p.what}` : p.what;
      return `<li class="${p.blocking ? 'blocking' : 'listed'}"><span class="tag">${p.blocking ? 'blocking' : 'listed'}</span>${at ? `${escaped(at)} — ` : ''}${escaped(subject)}</li>`;
    })
    .join('\n');
  return `<ul class="problems">${items}</ul>`;
}

function comparison(differences: readonly Difference[]): string {
  const changed = differences.filter((d) => d.moved > 0);
  const unchanged = differences.filter((d) => d.moved === 0);
  const img = (file: string | undefined, label: string) =>
    file
      ? `<figure><a href="${escaped(file)}"><img src="${escaped(file)}" loading="lazy" alt="${escaped(label)}"></a><figcaption>${escaped(label)}</figcaption></figure>`
      : `<p>${escaped(label)}: none</p>`;
  return `<h2>Against the published version</h2>
<p class="summary">${changed.length} pictures changed, ${unchanged.length} unchanged (the order's reference, codes, QR code and times are left out).</p>
${changed
  .map(
    (d) => `<h3>${escaped(`${d.page} · ${d.language} · ${d.viewport}`)}: ${percent(d.moved)} of the pixels moved</h3>
<div class="side">${img(d.published, 'published')}${img(d.now, 'this folder')}${img(d.diff, 'what moved')}</div>`,
  )
  .join('\n')}
${unchanged.map((d) => `<p class="unchanged">unchanged: ${escaped(`${d.page} · ${d.language} · ${d.viewport}`)}</p>`).join('\n')}`;
}

export interface ReportFacts {
  id: string;
  folder: string;
  seconds: number;
  problems: readonly Problem[];
  capture: Capture | undefined;
  /** Against the published version, when asked (--against). */
  differences?: readonly Difference[] | undefined;
}

/** Writes preview/<id>/index.html; returns its path. */
export async function writeReport(outDir: string, facts: ReportFacts): Promise<string> {
  const { problems, capture } = facts;
  const blocking = problems.filter((p) => p.blocking);
  const shots = capture?.shots ?? [];
  const pages = [...new Set(shots.map((s) => s.page))];
  const languages = [...new Set(shots.map((s) => s.language))];
  const sections = pages.flatMap((page) =>
    languages.flatMap((language) => {
      const own = shots.filter((s) => s.page === page && s.language === language);
      if (own.length === 0) return [];
      const found = problems.filter((p) => p.page === page && p.language === language);
      return [
        `<h3 id="${escaped(`${page}-${language}`)}">${escaped(page)} · ${escaped(language)}</h3>
${problemList(found, false)}
<div class="shots">${own.map(picture).join('')}</div>`,
      ];
    }),
  );
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview of ${escaped(facts.id)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Preview of ${escaped(facts.id)}</h1>
<p class="summary">${escaped(facts.folder)}: ${pages.length} pages in ${languages.length} language${languages.length === 1 ? '' : 's'}, ${shots.length} pictures, in ${facts.seconds} s. ${blocking.length === 0 ? 'Nothing blocks going live.' : `${blocking.length} blocking problem${blocking.length === 1 ? '' : 's'}.`}</p>
<h2>Problems</h2>
${problems.length === 0 ? '<p>None.</p>' : problemList([...blocking, ...problems.filter((p) => !p.blocking)], true)}
${facts.differences ? comparison(facts.differences) : ''}
<h2>Pages</h2>
${sections.join('\n')}
</main></body></html>
`;
  const file = join(outDir, 'index.html');
  await mkdir(outDir, { recursive: true });
  await writeFile(file, html);
  return file;
}
