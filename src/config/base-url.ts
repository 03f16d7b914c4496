/**
 * The one check of an API base URL, whichever way it came (--base-url, $HYPERSTACK_BASE_URL, a profile's
 * baseUrl): an http:// or https:// URL with a host and no user name or password (credentials in a URL end up in
 * logs and proxies; the key goes in its header). Returns the problem, to follow "<source> ", or undefined.
 */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL (expected e.g. https://infrahub-api.nexgencloud.com/v1)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `must be an http:// or https:// URL, not ${url.protocol}//`;
  }
  if (!url.hostname) return 'has no host name';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.search || url.hash) return 'must not have a query (?) or a fragment (#)';
  return undefined;
}

/** One line about a bad base URL from `source`, quoting it only when it cannot hold credentials. */
export function baseUrlError(source: string, value: string): string | undefined {
  const problem = baseUrlProblem(value);
  if (!problem) return undefined;
  const shown = /@/.test(value)
    ? ''
    : `: ${JSON.stringify(value.length > 80 ? `${value.slice(0, 79)}…` : value)}`;
  return `${source} ${problem}${shown}`;
}
