// What may be put on the clipboard, which the user pastes into a shell or a browser: a shell line (every word
// quoted, no control character), an https address (re-serialised from its parsed form) or a secret token (printable
// ASCII, no space: an API key, an access key's secret). The clipboard takes a
// Copyable only, and only these functions make one: nothing from the service reaches it unchecked.
import { shellLine } from './shell-line.js';
import { httpsAddress } from './web-address.js';

declare const CHECKED: unique symbol;

/** Text checked for the clipboard (see above). */
export interface Copyable {
  readonly text: string;
  readonly [CHECKED]: true;
}

const checked = (text: string) => ({ text }) as Copyable;

/** A command line of these words, each quoted for the shell; undefined when a word holds a control character. */
export function shellLineCopy(words: Parameters<typeof shellLine>[0]): Copyable | undefined {
  const line = shellLine(words);
  return line === undefined ? undefined : checked(line);
}

/** An https address as its parsed form writes it; undefined for anything else (see web-address.ts). */
export function httpsCopy(raw: unknown): Copyable | undefined {
  const href = httpsAddress(raw);
  return href === undefined ? undefined : checked(href);
}

/** A secret token the service made (an API key): printable ASCII without spaces, 8 to 512 characters; else undefined. */
export function tokenCopy(raw: unknown): Copyable | undefined {
  return typeof raw === 'string' && /^[!-~]{8,512}$/.test(raw) ? checked(raw) : undefined;
}
