/** The invitation's e-mail check: the service's own rule, with words that say what to fix. */
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailError } from '../../src/domain/email.js';

describe('emailError', () => {
  it.each([
    ['', 'type the e-mail address to invite'],
    [' ivy@example.com', 'no spaces before or after the address'],
    ['ivy @example.com', 'an e-mail address has no spaces'],
    ['ivy.example.com', 'an e-mail address needs an @ (name@example.com)'],
    ['ivy@ex@ample.com', 'only one @ in an e-mail address'],
    ['@example.com', 'a name before the @ (name@example.com)'],
    ['ivy@', 'a domain after the @ (name@example.com)'],
    ['ivy@example', 'the domain needs a dot: example.com?'],
    ['a@b.c', 'at least 6 characters'],
    ['ivy@example.c0m', 'the domain must end in letters (.com, .org …)'],
    ['.ivy@example.com', expect.stringContaining('not at the start or end of the name')],
    ['ivy@-example.com', expect.stringContaining('the domain: letters, digits, - and dots')],
  ])('%j → %s', (text, want) => {
    expect(emailError(text)).toEqual(want);
  });

  it('accepts what the service accepts, and only that', () => {
    const samples = [
      'ivy@example.com',
      'first.last+tag@sub.example.co.uk',
      'a1@b2.io',
      'x_y-z@e-x.org',
      'ivy.@example.com',
      'ivy@example..com',
      'ivy@example.com.',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(250)}.com`,
    ];
    for (const s of samples)
      expect(emailError(s) === undefined, s).toBe(EMAIL_PATTERN.test(s) && s.length <= 254);
  });
});
