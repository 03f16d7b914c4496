/**
 * A desktop notification (BEL-terminated, so it survives GNU screen's DCS wrapper) asked of the terminal: OSC 9 (iTerm2, WezTerm, Windows Terminal, kitty, Ghostty …) or
 * OSC 777 (rxvt-unicode, foot, VTE), after a bell, which every terminal has. The text is sanitised (it may carry
 * a name from the service) and kept free of the separators the sequences use.
 */
import { sanitize } from './sanitize.js';

export type NotifyProtocol = 'osc9' | 'osc777';

/** Which sequence this terminal understands; OSC 9 when it does not say (unknown OSCs are ignored by terminals). */
export function notifyProtocol(env: NodeJS.ProcessEnv): NotifyProtocol {
  const term = env.TERM ?? '';
  if (term.startsWith('rxvt') || term.startsWith('foot') || env.VTE_VERSION) return 'osc777';
  return 'osc9';
}

const clean = (s: string) => sanitize(s).replace(/;/g, ',');

/**
 * Bell, then the notification. Inside tmux the notification goes through its passthrough (DCS tmux; … with every
 * ESC doubled; tmux 3.3+ needs `allow-passthrough on`), inside GNU screen through its DCS, as OSC 52 does.
 */
export function notification(title: string, body: string, env: NodeJS.ProcessEnv): string {
  const seq =
    notifyProtocol(env) === 'osc777'
      ? `\x1b]777;notify;${clean(title)};${clean(body)}\x07`
      : `\x1b]9;${clean(title)}: ${clean(body)}\x07`;
  if (env.TMUX) return `\x07\x1bPtmux;${seq.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
  if (env.STY || env.TERM?.startsWith('screen')) return `\x07\x1bP${seq}\x1b\\`;
  return `\x07${seq}`;
}
