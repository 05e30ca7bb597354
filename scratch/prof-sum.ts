import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2]!;
const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => [f, readFileSync(`${dir}/${f}`).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
const p = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dt = p.timeDeltas as number[];
p.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const fn = new Map<string, number>();
const files = new Map<string, number>();
const incl = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*\/work\/main\//, '')}:${cf.lineNumber}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  const f = cf.url.replace(/.*\/work\/main\//, '') || cf.functionName;
  files.set(f, (files.get(f) ?? 0) + us);
  const seen = new Set<string>();
  let cur: number | undefined = id;
  while (cur !== undefined) {
    const c = byId.get(cur).callFrame;
    const k = `${c.functionName || '(anon)'} ${c.url.replace(/.*\/work\/main\//, '')}:${c.lineNumber}`;
    if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + us); seen.add(k); }
    cur = parent.get(cur);
  }
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
console.log('total', (dt.reduce((a, b) => a + b, 0) / 1000).toFixed(0), 'ms');
console.log('--- self by function\n' + top(fn, 30));
console.log('--- self by file\n' + top(files, 15));
console.log('--- inclusive\n' + top(incl, 45));
