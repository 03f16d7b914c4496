// Text put where a shell reads it (the clipboard's `ssh ubuntu@IP`, `KUBECONFIG=… kubectl get nodes`): every word
// quoted for a POSIX shell (sh, bash, zsh), so a name or a path is only ever one word, never a command.

/** A word for a POSIX shell: left bare when it holds only characters no shell reads specially, else single-quoted. */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_./:=@%+,-]+$/.test(s)) return s;
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** Control characters (a line break would end the command early), bidi controls and separators. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * One command line of these words, each quoted; undefined when a word holds a control character (no quoting makes
 * a line break inside a word safe to paste). `assign` words (`NAME=value`) keep the name bare and quote the value.
 */
export function shellLine(
  words: readonly (string | { assign: string; value: string })[],
): string | undefined {
  const out: string[] = [];
  for (const w of words) {
    const text = typeof w === 'string' ? w : w.value;
    if (CONTROL.test(text)) return undefined;
    if (typeof w === 'string') out.push(shellQuote(w));
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.assign)) out.push(`${w.assign}=${shellQuote(w.value)}`);
    else return undefined;
  }
  return out.join(' ');
}
