// Form bodies (application/x-www-form-urlencoded) read with every field bounded before it is
// decoded: a field whose encoded name and value pass the bound is left out undecoded and only
// its name kept, so a megabyte pasted into a field (or sent by a script) costs one scan of
// the body, never a decode, a validation or a page that shows it back. The form's step tells
// the visitor which field was too long (flow/form-step.ts).
import { parse, unescape as percentDecode } from 'node:querystring';

/** Where a parsed body keeps the names of the fields left out as too long. */
const OVERLONG = Symbol('edge.overlongFields');

type ParsedForm = Record<string, string | string[]> & { [OVERLONG]?: string[] };

const decodeName = (name: string) => percentDecode(name.replace(/\+/g, ' '));

/** Parses a form body, leaving out each field whose `name=value` is longer than `maxFieldBytes` as sent. */
export function boundedFormParser(maxFieldBytes: number): (body: string) => ParsedForm {
  return (body) => {
    // Nothing in a body this short can pass the bound.
    if (body.length <= maxFieldBytes) return parse(body) as ParsedForm;
    const kept: string[] = [];
    const overlong: string[] = [];
    for (let start = 0; start < body.length; ) {
      let end = body.indexOf('&', start);
      if (end === -1) end = body.length;
      if (end - start <= maxFieldBytes) kept.push(body.slice(start, end));
      else {
        const equals = body.indexOf('=', start);
        const nameEnd = equals === -1 || equals > end ? end : equals;
        // A name that long is no field of the checkout's: nothing to say about it.
        if (nameEnd - start <= maxFieldBytes) overlong.push(decodeName(body.slice(start, nameEnd)));
      }
      start = end + 1;
    }
    const form = parse(kept.join('&')) as ParsedForm;
    if (overlong.length > 0) form[OVERLONG] = overlong;
    return form;
  };
}

/** The fields a form body left out as too long; none for any other body. */
export function overlongFields(body: unknown): readonly string[] {
  if (!body || typeof body !== 'object') return [];
  return (body as ParsedForm)[OVERLONG] ?? [];
}
