// What the service says is an address is checked before it goes anywhere a shell or a program reads it: a
// "floating_ip" of `1.2.3.4 -oProxyCommand=…` must never reach the clipboard as an ssh command line.
import { isIP } from 'node:net';

/** The value as an IPv4 or IPv6 address, or undefined when it is anything else. */
export function ipAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return isIP(v) ? v : undefined;
}

/** `ssh USER@IP` for a checked address. */
export function sshCommand(ip: string, user = 'ubuntu'): string {
  return `ssh ${user}@${ip}`;
}
