/**
 * The field map of a validation failure, as the real service sends it: `{"errors": {"name": ["…"]}}` or
 * `{"errors": {"name": "…"}}` (sometimes nested: `{"errors": {"data": {"count": ["…"]}}}`), with or without a
 * message. Flattened to dotted field names, each with its messages; bounded, since the body may be hostile.
 */

const MAX_FIELDS = 20;
const MAX_MESSAGES = 5;
const MAX_TEXT = 200;

export type FieldErrors = Record<string, string[]>;

function clip(text: string): string {
  const t = text.trim();
  return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t;
}

/** The field map of a body, or undefined when it has none (or nothing readable in it). */
export function fieldErrorsOf(body: Record<string, unknown>): FieldErrors | undefined {
  const errors = body.errors;
  if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: FieldErrors = {};
  let count = 0;
  const walk = (value: unknown, path: string, depth: number): void => {
    if (count >= MAX_FIELDS || path.length > MAX_TEXT) return;
    const texts = (Array.isArray(value) ? value : [value])
      .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
      .map((v) => clip(String(v)))
      .filter((v) => v !== '')
      .slice(0, MAX_MESSAGES);
    if (texts.length > 0) {
      out[path] = texts;
      count++;
      return;
    }
    if (depth < 3 && value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, depth + 1);
  };
  walk(errors, '', 0);
  return count > 0 ? out : undefined;
}

/** "name: Longer than maximum length 50.; count: Must be greater than or equal to 1." */
export function fieldErrorsText(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
}
