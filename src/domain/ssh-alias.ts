// The Host names `hyperstack-tui ssh-config` writes. Anyone in the organisation can name a VM, so a VM's name must
// never take a real host's name: a VM called `github.com`, `localhost` or `10.0.0.1` once became `Host github.com`,
// and `ssh git@github.com` went to that VM. Every alias now lives under a suffix no one can register: a name under
// a top-level domain reserved for private or test use (`.internal` is reserved by ICANN for private networks).

/** The suffix of every alias unless the config file says another (`sshHostSuffix`). */
export const DEFAULT_SSH_SUFFIX = '.hyperstack.internal';

/** Top-level domains no one can register: private use (ICANN), RFC 6761's test names, RFC 8375's home network. */
export const RESERVED_TLDS = ['internal', 'test', 'example', 'invalid', 'home.arpa'] as const;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Why `suffix` cannot hold the aliases, or undefined: `.` and DNS labels, ending in a reserved top-level domain. */
export function sshSuffixProblem(suffix: string): string | undefined {
  const labels = suffix.toLowerCase().split('.');
  const ok =
    suffix.startsWith('.') &&
    suffix.length <= 100 &&
    labels.slice(1).every((l) => LABEL.test(l)) &&
    RESERVED_TLDS.some(
      (tld) => suffix.toLowerCase().endsWith(`.${tld}`) && labels.length > tld.split('.').length + 1,
    );
  return ok
    ? undefined
    : `must be a dot and a name under a top-level domain no one can register (.${RESERVED_TLDS.join(', .')}), such as ${DEFAULT_SSH_SUFFIX}`;
}

/**
 * A VM name ssh reads as one plain host name: letters, digits, `-` and `_` in dot-separated parts (no pattern
 * characters `*?!,`, no quotes or spaces, no leading `-` that ssh would read as an option).
 */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/** The Host alias of a VM: its name under the suffix; undefined when the name is not one plain host name. */
export function sshAlias(name: string, suffix = DEFAULT_SSH_SUFFIX): string | undefined {
  return NAME.test(name) && name.length <= 200 ? `${name}${suffix}` : undefined;
}
