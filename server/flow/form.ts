import type { Texts } from '../../checkout/messages.ts';
import { overlongFields } from '../http/form-body.ts';

// Form bodies as the visitor typed them: only the named fields, only strings (a repeated
// field keeps its first value), so a view can always show the input back.
export function formValues<K extends string>(body: unknown, fields: readonly K[]): Partial<Record<K, string>> {
  const source = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const raw = source[field];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string') out[field] = value;
  }
  return out;
}

/**
 * The named fields the body left out as too long (http/form-body.ts), each with the message
 * that says so; none when every field fits. They were never decoded: named, not validated nor shown back.
 */
export function tooLongErrors<K extends string>(
  body: unknown,
  fields: readonly K[],
  texts: Texts,
): Partial<Record<K, string>> | undefined {
  const overlong = overlongFields(body).filter((field): field is K => fields.includes(field as K));
  if (overlong.length === 0) return undefined;
  return Object.fromEntries(overlong.map((field) => [field, texts.ERROR_TEXT.fieldTooLong])) as Partial<Record<K, string>>;
}
