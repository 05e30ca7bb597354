// JSON that is safe inside <script type="application/json">: nothing in it can close the
// element, open a comment, or break a line in older JavaScript parsers.
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function safeJson(value: unknown): string {
  return JSON.stringify(value ?? null).replace(UNSAFE, (c) => ESCAPES[c]!);
}
