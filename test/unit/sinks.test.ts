/**
 * The validators and quoters of the places that interpret what the app writes (docs/ARCHITECTURE.md, "Text from
 * the service never acts"): a web address for the clipboard, a shell line, an ssh Host name, a completion word.
 * The shell quoting is checked against bash itself: random words, quoted, read back by a real shell, unchanged.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completionLines } from '../../src/commands/completion.js';
import { completionWord, typedPrefix } from '../../src/domain/completion-word.js';
import { httpsCopy, shellLineCopy } from '../../src/domain/copyable.js';
import { shellLine, shellQuote } from '../../src/domain/shell-line.js';
import { DEFAULT_SSH_SUFFIX, sshAlias, sshSuffixProblem } from '../../src/domain/ssh-alias.js';
import { httpsAddress } from '../../src/domain/web-address.js';
import { FULL, runSeed } from '../support/sampling.js';

describe('web addresses (the console URL)', () => {
  it('refuses whitespace and control characters anywhere, clear text, credentials and other schemes', () => {
    for (const bad of [
      'https://console.example.com/vnc?token=abc\ntouch pwned\n',
      'https://console.example.com/vnc?token=abc\ttab',
      'https://console.example.com/vnc?token=abc\r',
      ' https://console.example.com/',
      'https://console.example.com/ x',
      'https://console.example.com/\u00a0',
      'https://console.example.com/\u2028',
      'https://console.example.com/\u202egpj',
      'https://console.example.com/\x9b31m',
      'https://console.example.com/\x1b[2J',
      'http://console.example.com/vnc',
      'https://user:pw@console.example.com/',
      'https://user@console.example.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      '//console.example.com/',
      'not a url',
      '',
      42,
      null,
    ]) {
      expect(httpsAddress(bad), JSON.stringify(bad)).toBeUndefined();
      expect(httpsCopy(bad)).toBeUndefined();
    }
  });

  it('gives the address as its parsed form writes it', () => {
    expect(httpsAddress('https://console.example.com/vnc?token=abc')).toBe(
      'https://console.example.com/vnc?token=abc',
    );
    expect(httpsAddress('HTTPS://Console.Example.COM:443/a/../vnc?t=1#x')).toBe(
      'https://console.example.com/vnc?t=1#x',
    );
    expect(httpsAddress('https://bücher.example/')).toBe('https://xn--bcher-kva.example/');
    expect(httpsCopy('https://console.example.com/x')?.text).toBe('https://console.example.com/x');
  });
});

describe('shell lines (the clipboard’s ssh and kubectl lines)', () => {
  it('quotes what a shell would read, leaves plain words bare, refuses control characters', () => {
    expect(shellLine(['ssh', 'ubuntu@10.0.0.1'])).toBe('ssh ubuntu@10.0.0.1');
    expect(shellLine(['ssh', 'ubuntu@2001:db8::1'])).toBe('ssh ubuntu@2001:db8::1');
    expect(shellLine([{ assign: 'KUBECONFIG', value: '/tmp/a b' }, 'kubectl'])).toBe(
      "KUBECONFIG='/tmp/a b' kubectl",
    );
    expect(shellLine(['echo', '$(touch pwned)', "it's", ''])).toBe(`echo '$(touch pwned)' 'it'\\''s' ''`);
    expect(shellLine(['echo', 'a\nb'])).toBeUndefined();
    expect(shellLine(['echo', 'a\x1b[2J'])).toBeUndefined();
    expect(shellLine([{ assign: 'A;rm', value: 'x' }])).toBeUndefined();
    expect(shellLineCopy(['echo', 'a\rb'])).toBeUndefined();
  });

  it('bash reads every quoted word back unchanged and runs nothing (random words, sampled per run)', () => {
    const seed = runSeed('shell quoting');
    const words = fc.sample(
      fc.string({ unit: fc.constantFrom(...'$`\'"\\ *?[]{}()<>|&;!#~%^=,:@-_./aZ09é😀\t'), maxLength: 12 }),
      { seed, numRuns: FULL ? 2000 : 200 },
    );
    const script = words.map((w) => `printf '%s\\0' ${shellQuote(w)}`).join('\n');
    const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(out.split('\0').slice(0, -1)).toEqual(words);
  });
});

describe('ssh Host names (ssh-config)', () => {
  it('every alias is the name under a suffix no one can register; a name ssh could misread has none', () => {
    expect(sshAlias('ray-worker-1')).toBe(`ray-worker-1${DEFAULT_SSH_SUFFIX}`);
    expect(sshAlias('github.com')).toBe('github.com.hyperstack.internal');
    expect(sshAlias('10.0.0.1')).toBe('10.0.0.1.hyperstack.internal');
    expect(sshAlias('localhost', '.lab.test')).toBe('localhost.lab.test');
    for (const bad of [
      '',
      '-oProxyCommand=x',
      'a b',
      'a*',
      'a?',
      '!a',
      'a,b',
      'a..b',
      'a.',
      '"a"',
      'a\nb',
      '%h',
    ])
      expect(sshAlias(bad), bad).toBeUndefined();
  });

  it('a suffix must end in a reserved top-level domain, below it', () => {
    for (const ok of ['.hyperstack.internal', '.gpu.test', '.lab.example', '.x.invalid', '.vms.home.arpa'])
      expect(sshSuffixProblem(ok), ok).toBeUndefined();
    for (const bad of [
      '',
      '.internal',
      'hyperstack.internal',
      '.example.com',
      '.home.arpa',
      '.a..internal',
      '.a b.test',
    ])
      expect(sshSuffixProblem(bad), bad).toMatch(/no one can register/);
  });
});

describe('completion words', () => {
  it('quoted for bash; as they are for zsh and fish; plain only for an older script; never a line break', () => {
    expect(completionWord('$(touch pwned)', 'bash')).toBe("'$(touch pwned)'");
    expect(completionWord('prod', 'bash')).toBe('prod');
    expect(completionWord('$(touch pwned)', 'zsh')).toBe('$(touch pwned)');
    expect(completionWord('$(touch pwned)', 'fish')).toBe('$(touch pwned)');
    expect(completionWord('$(touch pwned)', undefined)).toBeUndefined();
    expect(completionWord('prod', undefined)).toBe('prod');
    for (const shell of ['bash', 'zsh', 'fish', undefined] as const)
      expect(completionWord('a\nb', shell)).toBeUndefined();
  });

  it('bash gets only the words that start with what is typed (its opening quote taken off)', () => {
    expect(typedPrefix("'it")).toBe('it');
    expect(typedPrefix('a\\ b')).toBe('a b');
    expect(completionLines(['prod', 'lab', "it's", 'a b'], "'i", 'bash')).toBe(`'it'\\''s'\n`);
    expect(completionLines(['prod', 'lab'], 'p', 'zsh')).toBe('prod\nlab\n');
  });
});
