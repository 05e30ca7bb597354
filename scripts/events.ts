// npm run events -- COMMAND: the order events of a running edge, through its ops routes
// (server/events/routes.ts), as tables. EDGE_URL (default http://127.0.0.1:3000) says which
// edge, METRICS_TOKEN is its token. Commands:
//   endpoints                            every merchant's endpoints, and whether each is failing
//   deliveries ENDPOINT [--from --to]    an endpoint's deliveries, newest first
//   resend ENDPOINT EVENT_ID             one event sent again (same webhook-id)
//   replay ENDPOINT --from DATE [--to]   every event of a time range sent again
//   enable ENDPOINT                      a failing endpoint turned back on
//   funnel [--merchant ID] [--from --to] orders per step and where they stopped, per merchant
import { parseArgs } from 'node:util';
import { request } from 'undici';

const base = (process.env.EDGE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const token = process.env.METRICS_TOKEN;
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, merchant: { type: 'string' } },
});
const [command, ...rest] = positionals;

async function call(method: 'GET' | 'POST', path: string, query: Record<string, string | undefined> = {}) {
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const answer = await request(`${base}/ops/events${path}${search.size ? `?${search}` : ''}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await answer.body.text();
  if (answer.statusCode === 404) throw new Error(`${path}: not found (a wrong METRICS_TOKEN, or no such endpoint or event)`);
  if (answer.statusCode >= 400) throw new Error(`${path}: ${answer.statusCode} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Rows as a table: a column per key, each as wide as its widest cell. */
function table(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '(none)';
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) => (value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value));
  const widths = keys.map((key) => Math.max(key.length, ...rows.map((row) => cell(row[key]).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(keys), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(keys.map((key) => cell(row[key]))))].join(
    '\n',
  );
}

const needs = (name: string, value: string | undefined) => {
  if (!value) throw new Error(`${command}: ${name} missing (npm run events -- ${command} ${name})`);
  return value;
};

async function main(): Promise<void> {
  if (!token) throw new Error('METRICS_TOKEN is not set: the edge answers its ops routes only to it');
  const range = { from: values.from, to: values.to };
  switch (command) {
    case 'endpoints':
      console.log(table((await call('GET', '/endpoints')).endpoints as Record<string, unknown>[]));
      return;
    case 'deliveries': {
      const endpoint = needs('ENDPOINT', rest[0]);
      console.log(table((await call('GET', `/endpoints/${endpoint}/deliveries`, range)).deliveries as Record<string, unknown>[]));
      return;
    }
    case 'resend': {
      const answer = await call('POST', `/endpoints/${needs('ENDPOINT', rest[0])}/resend/${needs('EVENT_ID', rest[1])}`);
      console.log(`queued ${answer.queued}`);
      return;
    }
    case 'replay': {
      needs('--from DATE', values.from);
      const answer = await call('POST', `/endpoints/${needs('ENDPOINT', rest[0])}/replay`, range);
      console.log(`queued ${answer.queued}`);
      return;
    }
    case 'enable':
      await call('POST', `/endpoints/${needs('ENDPOINT', rest[0])}/enable`);
      console.log('turned back on');
      return;
    case 'funnel': {
      const { merchants } = (await call('GET', '/funnel', { ...range, merchant: values.merchant })) as {
        merchants: Record<string, { step: string; reached: number; stopped: number }[]>;
      };
      for (const [merchant, steps] of Object.entries(merchants)) {
        const first = steps[0]?.reached || 1;
        console.log(`\n${merchant}`);
        console.log(table(steps.map((s) => ({ ...s, 'of the first': `${Math.round((100 * s.reached) / first)}%` }))));
      }
      if (!Object.keys(merchants).length) console.log('(no orders in the range)');
      return;
    }
    default:
      throw new Error(
        'usage: npm run events -- endpoints | deliveries ID | resend ID EVENT | replay ID --from DATE | enable ID | funnel',
      );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
