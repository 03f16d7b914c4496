/**
 * Name rules of the service (spec §2, §4, §8), as pure functions that return the error to show while typing, or
 * undefined. Messages name the offending character and the fix, so a live check is a help, not a riddle.
 *
 * - VM name: at most 50 characters.
 * - Key pair name: at most 50 characters (when renamed; the same limit is applied on import).
 * - Cluster and environment names: only lowercase letters, digits and hyphens.
 */

/** Characters as the service counts them (code points, not UTF-16 units). */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const VM_NAME_MAX = 50;
export const KEYPAIR_NAME_MAX = 50;
/** Not stated by the spec for clusters and environments; the service refuses longer ones. */
export const DNS_NAME_MAX = 50;
export const PROFILE_NAME_MAX = 50;
/** The real service refuses a cluster name over 20 characters (the simulator too). */
export const CLUSTER_NAME_MAX = 20;

const DNS_NAME = /^[a-z0-9-]+$/;

/** "lowercase alphanumerics and hyphens only": the rule of cluster and environment names. */
export function isDnsName(name: string): boolean {
  return DNS_NAME.test(name);
}

/** A character shown in a message: visible even when it is a space. */
function shown(ch: string): string {
  if (ch === ' ') return 'a space';
  if (ch === '_') return '"_" (underscore)';
  if (ch === '.') return '"." (dot)';
  return `"${ch}"`;
}

/** Leading or trailing blanks, which the service keeps and nobody can see. */
function blankEdges(name: string): string | undefined {
  if (name.trim() !== name) return 'no spaces at the start or the end';
  return undefined;
}

/** Control characters never belong in a name (the text input drops them; a pre-fill might not). */
function controlChar(name: string): string | undefined {
  return /[\x00-\x1f\x7f-\x9f]/.test(name) ? 'control characters are not allowed' : undefined;
}

/**
 * A name with a length limit (where one is documented) and nothing else: VM, key pair and profile names; firewall,
 * snapshot and image names have none documented.
 */
export function plainNameError(name: string, max?: number): string | undefined {
  if (name.trim() === '') return 'required';
  const n = charCount(name);
  if (max !== undefined && n > max) return `at most ${max} characters (${n})`;
  return blankEdges(name) ?? controlChar(name);
}

/** VM names: at most 50 characters (spec §4, §8). */
export function vmNameError(name: string): string | undefined {
  return plainNameError(name, VM_NAME_MAX);
}

/** Key pair names: at most 50 characters (spec §8). */
export function keypairNameError(name: string): string | undefined {
  return plainNameError(name, KEYPAIR_NAME_MAX);
}

/**
 * Cluster and environment names: only lowercase letters, digits and hyphens (spec §2, §4, §8). The first bad
 * character is named: `GPU` → 'uppercase "G" is not allowed: use lowercase ("g")'.
 */
export function dnsNameError(name: string, max = DNS_NAME_MAX): string | undefined {
  if (name === '') return 'required';
  for (const ch of name) {
    if (/[a-z0-9-]/.test(ch)) continue;
    if (ch !== ch.toLowerCase())
      return `uppercase ${shown(ch)} is not allowed: use lowercase ("${ch.toLowerCase()}")`;
    if (ch === '_' || ch === ' ' || ch === '.') {
      return `${shown(ch)} is not allowed: only lowercase letters, digits and hyphens (use "-")`;
    }
    return `${shown(ch)} is not allowed: only lowercase letters, digits and hyphens`;
  }
  const n = charCount(name);
  if (n > max) return `at most ${max} characters (${n})`;
  return undefined;
}

/**
 * The names `count` VMs created under `name` get: the name itself for one VM, `name-1` … `name-N` for several
 * (as the simulator does; the spec is silent). Used to warn about a name already taken before sending.
 */
export function vmNamesFor(name: string, count: number): string[] {
  if (!Number.isInteger(count) || count <= 1) return [name];
  return Array.from({ length: count }, (_, i) => `${name}-${i + 1}`);
}
