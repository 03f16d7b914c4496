/** E-mail addresses as the service accepts them (the invitation payload, InviteUserPayload). */

/** The service's own pattern (InviteUserPayload.email): what passes here is not refused for its form. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9](?:[A-Za-z0-9._+-]{0,62}[A-Za-z0-9])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
export const EMAIL_MIN = 6;
export const EMAIL_MAX = 254;

/** Why the service would refuse this address, in words a user can act on; undefined when it is acceptable. */
export function emailError(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return 'type the e-mail address to invite';
  if (t !== text) return 'no spaces before or after the address';
  if (/\s/.test(t)) return 'an e-mail address has no spaces';
  const at = t.indexOf('@');
  if (at < 0) return 'an e-mail address needs an @ (name@example.com)';
  if (t.indexOf('@', at + 1) >= 0) return 'only one @ in an e-mail address';
  if (at === 0) return 'a name before the @ (name@example.com)';
  const domain = t.slice(at + 1);
  if (domain === '') return 'a domain after the @ (name@example.com)';
  if (!domain.includes('.')) return `the domain needs a dot: ${domain}.com?`;
  if (t.length < EMAIL_MIN) return `at least ${EMAIL_MIN} characters`;
  if (t.length > EMAIL_MAX) return `at most ${EMAIL_MAX} characters`;
  if (!/\.[A-Za-z]{2,}$/.test(domain)) return 'the domain must end in letters (.com, .org …)';
  if (!EMAIL_PATTERN.test(t)) {
    return 'letters, digits and . _ + - only, not at the start or end of the name; the domain: letters, digits, - and dots';
  }
  return undefined;
}
