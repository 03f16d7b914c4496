// Reads from the terminal into key presses and pastes. A paste is text, never key presses: pasting `xy` on the VM
// list once stopped a VM, and an e-mail and a line break in the invite form sent the invitation. The app turns on
// bracketed paste (src/app/terminal.ts): the terminal then wraps a paste in ESC[200~ … ESC[201~, which may come in
// several reads, and this reader makes ONE event of it. A terminal that does not mark pastes sends the text as if
// typed: a read that only types text, at least PASTE_MIN characters of it and not one character repeated, is taken
// as a paste too (see isUnmarkedPaste), even from a terminal that marks pastes: tmux's own paste-buffer (prefix ])
// sends its text unmarked.
import { isTextKey } from './key-queue.js';
import { type KeyEvent, PLAIN_KEY, readKeys } from './read-keys.js';

export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

/** Most characters a paste keeps (the rest is dropped): room for the largest text field, user data (64 KiB). */
export const MAX_PASTE = 128 * 1024;

/**
 * Fewest characters of text in one read, without paste marks, that make it a paste. A person types one key per
 * read, two at most when the app was busy drawing or the network held them; a held key repeats one character.
 */
export const PASTE_MIN = 3;

/** A paste: one event, its text in `input` (line breaks as "\n", tabs kept; escape sequences and controls gone). */
export function pasteEvent(text: string): KeyEvent {
  return { input: text, key: { ...PLAIN_KEY, paste: true } };
}

/** The text of pasted data: what it types (readKeys drops escape sequences), Enter as "\n", Tab as "\t". */
export function pastedText(data: string): string {
  const out: string[] = [];
  for (const e of readKeys(data)) {
    if (isTextKey(e)) out.push(e.input);
    else if (e.key.return && !e.key.ctrl && !e.key.meta) out.push('\n');
    else if (e.key.tab && !e.key.shift && !e.key.ctrl && !e.key.meta) out.push('\t');
  }
  return out.join('');
}

/**
 * A read without paste marks that is a paste: every key in it types text (characters, Enter, Tab: no arrow,
 * Backspace, Ctrl or Alt key, which pasted text never holds), with at least PASTE_MIN characters that are not all
 * one (a held key auto-repeating).
 */
export function isUnmarkedPaste(keys: readonly KeyEvent[]): boolean {
  let chars = 0;
  let first: string | undefined;
  let varied = false;
  for (const e of keys) {
    if (isTextKey(e)) {
      for (const ch of e.input) {
        chars++;
        first ??= ch;
        if (ch !== first) varied = true;
      }
    } else if (!((e.key.return || e.key.tab) && !e.key.ctrl && !e.key.meta && !e.key.shift)) {
      return false;
    }
  }
  return chars >= PASTE_MIN && varied;
}

/** The longest end of `data` that begins `marker` (a mark cut in two by the end of a read). */
function cutMark(data: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, data.length); n > 0; n--) {
    if (marker.startsWith(data.slice(-n))) return n;
  }
  return 0;
}

/**
 * One terminal's reads, in order: `read` gives the key presses and pastes each completes. A paste (or a mark) cut
 * by the end of a read waits for the next; `flush` gives up waiting (the caller's timer) and hands over what came.
 */
export class KeyReader {
  /** The paste being read (its data so far), when its start mark came and its end did not yet. */
  private paste: string[] | undefined;
  private pasteLength = 0;
  /** The start of a mark cut by the end of the last read. */
  private held = '';

  /** Something waits for the next read: the rest of a paste, or of a mark. */
  get waiting(): boolean {
    return this.paste !== undefined || this.held !== '';
  }

  read(chunk: string): KeyEvent[] {
    let data = this.held + chunk;
    this.held = '';
    const out: KeyEvent[] = [];
    while (data !== '') {
      if (this.paste) {
        const end = data.indexOf(PASTE_END);
        if (end < 0) {
          const cut = cutMark(data, PASTE_END);
          this.keep(data.slice(0, data.length - cut));
          this.held = data.slice(data.length - cut);
          return out;
        }
        this.keep(data.slice(0, end));
        out.push(this.endPaste());
        data = data.slice(end + PASTE_END.length);
        continue;
      }
      const start = data.indexOf(PASTE_START);
      if (start >= 0) {
        for (const e of readKeys(data.slice(0, start))) out.push(e);
        this.paste = [];
        this.pasteLength = 0;
        data = data.slice(start + PASTE_START.length);
        continue;
      }
      const cut = cutMark(data, PASTE_START);
      // a lone ESC at the end is the Esc key, not the start of a mark
      const held = cut > 1 ? cut : 0;
      this.held = data.slice(data.length - held);
      const body = data.slice(0, data.length - held);
      const keys = readKeys(body);
      if (isUnmarkedPaste(keys)) out.push(pasteEvent(pastedText(body).slice(0, MAX_PASTE)));
      else for (const e of keys) out.push(e);
      return out;
    }
    return out;
  }

  /** Stops waiting: a paste whose end never came is handed over as it is; a held mark is read as keys. */
  flush(): KeyEvent[] {
    const held = this.held;
    this.held = '';
    if (this.paste) {
      this.keep(held);
      return [this.endPaste()];
    }
    return held ? readKeys(held) : [];
  }

  private keep(data: string): void {
    if (!this.paste || this.pasteLength >= MAX_PASTE) return;
    const part = data.slice(0, MAX_PASTE - this.pasteLength);
    this.paste.push(part);
    this.pasteLength += part.length;
  }

  private endPaste(): KeyEvent {
    const text = pastedText(this.paste?.join('') ?? '');
    this.paste = undefined;
    this.pasteLength = 0;
    return pasteEvent(text);
  }
}
