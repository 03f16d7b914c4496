// What the service says is an address is checked before it goes anywhere a shell or a program reads it: a
// "floating_ip" of `1.2.3.4 -oProxyCommand=…` must never reach the clipboard as an ssh command line.
import { isIP } from 'node:net';
import { type Copyable, shellLineCopy } from './copyable.js';
import { defaultSshUser } from './ssh-user.js';

/** The value as an IPv4 or IPv6 address, or undefined when it is anything else. */
export function ipAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return isIP(v) ? v : undefined;
}

/** `ssh USER@IP` for a checked address (`ssh IP` when the user is not known: ssh then picks one), as a shell line. */
export function sshCommand(ip: string, user?: string): Copyable | undefined {
  return shellLineCopy(['ssh', user ? `${user}@${ip}` : ip]);
}

/** The checked address alone, for the clipboard. */
export function ipCopy(ip: string): Copyable | undefined {
  return shellLineCopy([ip]);
}

/** The ssh line of a VM: its public IP (checked) and its image's default user; undefined without a usable IP. */
export function vmSshCommand(vm: {
  floating_ip?: string | null;
  image?: { name?: string | null } | null;
}): string | undefined {
  const ip = ipAddress(vm.floating_ip);
  return ip ? sshCommand(ip, defaultSshUser(vm.image?.name))?.text : undefined;
}
