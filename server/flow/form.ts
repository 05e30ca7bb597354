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
