// Text the app writes to a file (the --log action log, watches.json, a kubeconfig) or to a script's stdout: `cat`
// of it, or `less`, must not act on the terminal, and no secret may be in it. JSON keeps its value (DEL, C1 and the
// bidi controls written as \u escapes: JSON.stringify escapes only C0), and every secret is masked (secrets.ts).
import { maskSecrets } from './secrets.js';

/** JSON.stringify, with DEL, C1, bidi controls and line/paragraph separators escaped: the same JSON, inert. */
export function jsonSafe(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What may be written: the text with every secret masked. */
export function fileText(text: string): string {
  return maskSecrets(text);
}
