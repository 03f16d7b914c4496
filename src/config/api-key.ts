/**
 * What is wrong with an API key for the `api_key` header, or undefined. A key is printable ASCII without spaces;
 * anything else (a pasted line break, a tab, a smart quote) would otherwise surface later as a confusing network
 * error. The text names the kind of character and its position, never the key.
 */
export function apiKeyProblem(key: string): string | undefined {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c >= 0x21 && c <= 0x7e) continue;
    const what =
      c === 0x0a || c === 0x0d
        ? 'a line break'
        : c === 0x20 || c === 0x09
          ? 'a space or tab'
          : c < 0x20 || c === 0x7f
            ? 'a control character'
            : 'a character that is not plain ASCII';
    return `contains ${what} (character ${i + 1} of ${key.length}); an API key is printable ASCII without spaces`;
  }
  return undefined;
}
