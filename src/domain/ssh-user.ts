/**
 * The user an image logs in as by default, by the image's name: the cloud images' conventions. An image not
 * listed gets no user (ssh then uses the local user name, or the config's own `User`).
 */
const DEFAULT_USERS: ReadonlyArray<readonly [prefix: string, user: string]> = [
  ['ubuntu', 'ubuntu'],
  ['debian', 'debian'],
  ['centos', 'centos'],
  ['rocky', 'rocky'],
  ['almalinux', 'almalinux'],
  ['fedora', 'fedora'],
  ['rhel', 'cloud-user'],
  ['red hat', 'cloud-user'],
  ['opensuse', 'opensuse'],
  ['amazon linux', 'ec2-user'],
];

/** The default login user of an image, by its name's prefix (case-insensitive); undefined when unknown. */
export function defaultSshUser(imageName: string | null | undefined): string | undefined {
  const name = imageName?.trim().toLowerCase();
  if (!name) return undefined;
  return DEFAULT_USERS.find(([prefix]) => name.startsWith(prefix))?.[1];
}
