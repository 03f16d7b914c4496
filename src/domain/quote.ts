// A value in a one-line message (a flag's value, a config entry, a name the service gave): quoted, and cut short.
// A 100 KB value in the config's `keys` section was once echoed whole on stderr.

/** Longest value quoted whole. */
export const QUOTE_MAX = 60;

/** `value` JSON-quoted; a longer one cut to QUOTE_MAX characters, saying how long it was. */
export function quote(value: string, max = QUOTE_MAX): string {
  if (value.length <= max) return JSON.stringify(value);
  const end = value.charCodeAt(max - 1) >= 0xd800 && value.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return `${JSON.stringify(`${value.slice(0, end)}…`)} (${value.length.toLocaleString('en-US')} characters)`;
}
