/**
 * `hyperstack-tui ssh-config`: an ssh_config(5) `Host` entry for each VM with a public IP, to include from
 * ~/.ssh/config: `Host NAME.hyperstack.internal` (the suffix is the config's `sshHostSuffix`), so no VM's name can
 * stand for a real host. Only checked addresses are written, and a name that is not one plain host name is left out.
 */
import type { Vm } from '../api/schemas/vm.js';
import { ipAddress } from '../domain/address.js';
import { quote } from '../domain/quote.js';
import { sanitize } from '../domain/sanitize.js';
import { DEFAULT_SSH_SUFFIX, sshAlias } from '../domain/ssh-alias.js';
import { defaultSshUser } from '../domain/ssh-user.js';
import { type CommandContext, commandHelp } from './command.js';
import { connect, EXIT, type Io, processIo, runCommand } from './connect.js';
import { write } from './output.js';
import { parseCommandArgs, stringFlag, UsageError } from './parse.js';

export function runSshConfig(
  argv: string[],
  { entry }: CommandContext,
  io: Io = processIo(),
): Promise<number> {
  return runCommand('ssh-config', io, async (ctx) => {
    const args = parseCommandArgs(entry, argv);
    if (args.flags.help) {
      io.stdout.write(commandHelp(entry));
      return EXIT.ok;
    }
    if (args.positionals.length)
      throw new UsageError(`unexpected argument ${quote(args.positionals[0] ?? '')}`);
    const region = stringFlag(args, 'region')?.toLowerCase();
    const environment = stringFlag(args, 'environment');
    const conn = await connect(args, io.env);
    ctx.secret = conn.secret;
    try {
      const vms = await conn.api.vms.listAll({ environment });
      const chosen = vms.filter((v) => !region || v.environment?.region?.toLowerCase() === region);
      const { text, skipped } = sshConfigText(chosen, conn.sshHostSuffix);
      for (const name of skipped) {
        io.stderr.write(
          `hyperstack-tui ssh-config: left out ${quote(sanitize(name))}: not usable as an ssh Host name\n`,
        );
      }
      await write(io.stdout, text);
      return EXIT.ok;
    } finally {
      await conn.close();
    }
  });
}

/**
 * The entries, sorted by name, and the names left out (not one plain host name). Every alias is the VM's name
 * under `suffix` (see domain/ssh-alias.ts): no VM can take the name of a real host.
 */
export function sshConfigText(
  vms: readonly Vm[],
  suffix = DEFAULT_SSH_SUFFIX,
): { text: string; skipped: string[] } {
  const skipped: string[] = [];
  const entries: string[] = [];
  const withIp = vms
    .map((vm) => ({ vm, ip: ipAddress(vm.floating_ip) }))
    .filter((e): e is { vm: Vm; ip: string } => e.ip !== undefined)
    .sort((a, b) => a.vm.name.localeCompare(b.vm.name));
  // ssh matches Host names without regard to case
  const seen = new Set<string>();
  for (const { vm, ip } of withIp) {
    // two VMs of one name (other environments): the first keeps it, the next is reached by name and id
    const first = sshAlias(vm.name, suffix);
    const alias = first && seen.has(first.toLowerCase()) ? sshAlias(`${vm.name}-${vm.id}`, suffix) : first;
    if (!alias || seen.has(alias.toLowerCase())) {
      skipped.push(vm.name);
      continue;
    }
    seen.add(alias.toLowerCase());
    const user = defaultSshUser(vm.image?.name);
    entries.push(`Host ${alias}\n  HostName ${ip}${user ? `\n  User ${user}` : ''}\n`);
  }
  const head = `# Hyperstack VMs with a public IP, written by hyperstack-tui ssh-config: ssh NAME${suffix}\n`;
  return { text: `${head}${entries.map((e) => `\n${e}`).join('')}`, skipped };
}
