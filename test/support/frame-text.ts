// What a test reads in a frame of the app: its footer, status line, rows, and the text without styling.

/** The footer (last line) and the status line (the one above it). */
export const footerLine = (frame: string): string => frame.split('\n').at(-1) ?? '';
export const statusLine = (frame: string): string => frame.split('\n').at(-2) ?? '';
/** The table row under the cursor (marked "›"). */
export const selectedRow = (frame: string): string => frame.split('\n').find((l) => l.startsWith('› ')) ?? '';
/** Text without SGR styling (bold, inverse, colours): what is left must hold no escape character. */
export const stripSgr = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, '');

/** The table row (marked or not) whose first cell is `name`; '' when it is not on screen. */
export const rowOf = (f: string, name: string) =>
  f.split('\n').find((l) => /^[› ] /.test(l) && l.slice(2).startsWith(`${name} `)) ?? '';

/** A frame as one line of words: colours, dialog borders and line breaks gone. */
export const flat = (f: string) => stripSgr(f).replace(/[│║\s]+/g, ' ');
