// A web address from the service (a VM's console URL) before it is shown, copied or opened: parsed, checked, and
// written out again from its parsed form. `new URL()` silently drops tabs and line breaks, so the text it accepted
// is never used as it came: `https://x/vnc?token=abc⏎touch pwned⏎` pasted into a shell ran the command.

/** Whitespace, control characters (C0, DEL, C1), bidi controls, line/paragraph separators, the BOM. */
const UNSAFE = /[\s\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/**
 * The address re-serialised from its parsed form, or undefined: it must be https (a console token is never sent
 * in clear text), name a host, carry no user or password, and hold no whitespace or control character anywhere.
 */
export function httpsAddress(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw === '' || UNSAFE.test(raw)) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' || u.hostname === '' || u.username !== '' || u.password !== '')
    return undefined;
  return u.href;
}
