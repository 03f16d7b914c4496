/**
 * OSC 52 asks the terminal (not the remote host) to put text on the clipboard, so copying works over SSH.
 * GNU screen needs it wrapped to pass it through to the outer terminal; tmux is handled apart (store/actions/clipboard.ts).
 */
export function osc52(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const seq = `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
  if (env.STY || env.TERM?.startsWith('screen')) return `\x1bP${seq}\x1b\\`;
  return seq;
}
