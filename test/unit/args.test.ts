import { describe, expect, it } from 'vitest';
import { findScreen, SCREEN_REGISTRY } from '../../screens/registry.js';
import { parseArgs as parse, type ScreenChoice, usage } from '../../src/config/args.js';

const SCREENS: ScreenChoice = { names: SCREEN_REGISTRY.map((s) => s.name), find: (n) => findScreen(n)?.name };
const parseArgs = (argv: readonly string[]) => parse(argv, SCREENS);
const USAGE = usage(SCREENS.names);

describe('parseArgs', () => {
  it('parses every app flag, with separate or inline values', () => {
    expect(
      parseArgs([
        '--demo',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--profile=prod',
        '--refresh',
        '2.5',
        '--read-only',
        '--screen',
        'vms',
        '--no-color',
      ]),
    ).toEqual({
      command: 'app',
      flags: {
        demo: true,
        baseUrl: 'http://127.0.0.1:9/v1',
        profile: 'prod',
        refresh: 2.5,
        readOnly: true,
        screen: 'vms',
        noColor: true,
      },
    });
  });
  it('demo tuning flags need --demo and whole numbers', () => {
    expect(parseArgs(['--demo', '--demo-vm-seconds', '3', '--demo-scale=10000'])).toMatchObject({
      command: 'app',
      flags: { demo: true, demoVmSeconds: 3, demoScale: 10000 },
    });
    expect(parseArgs(['--demo-scale', '5'])).toMatchObject({
      command: 'error',
      message: /only apply with --demo/,
    });
    expect(parseArgs(['--demo', '--demo-vm-seconds', '0.5'])).toMatchObject({
      command: 'error',
      message: /whole number/,
    });
  });

  it('leaves subcommands to the command registry (src/commands/registry.ts): here a word is not an option', () => {
    expect(parseArgs(['simulate', '--port', '8080'])).toMatchObject({ command: 'error' });
  });
  it('--refresh: 3600 s is the longest, and --help says so', () => {
    expect(parseArgs(['--refresh', '3600'])).toMatchObject({ command: 'app', flags: { refresh: 3600 } });
    expect(USAGE).toContain('--refresh SECONDS   refresh interval, 2 to 3600 (default 5)');
  });
  it('help and version', () => {
    expect(parseArgs(['--help']).command).toBe('help');
    expect(parseArgs(['--version']).command).toBe('version');
  });
  it.each([
    [['--bogus'], /unknown option "--bogus"/],
    [['--refresh', '1'], /from 2 to 3600/],
    [['--refresh', 'abc'], /from 2 to 3600/],
    [['--refresh'], /from 2 to 3600/],
    [['--refresh', '3000000'], /^--refresh needs a number of seconds from 2 to 3600, got "3000000"$/],
    [['--refresh=3601'], /from 2 to 3600/],
    [['--refresh=Infinity'], /from 2 to 3600/],
    [['--screen', 'nope'], /must be one of stock, vms/],
    [
      ['--base-url', 'ftp://x'],
      /^--base-url must be an http:\/\/ or https:\/\/ URL, not ftp:\/\/: "ftp:\/\/x"$/,
    ],
    [['--base-url', 'not a url'], /^--base-url is not a URL/],
    [['--base-url', 'https://me:pw@host/v1'], /^--base-url must not contain a user name or password$/],
    [['--profile'], /profile name/],
  ])('rejects %j with a one-line message', (argv, msg) => {
    const p = parseArgs(argv);
    expect(p.command).toBe('error');
    if (p.command === 'error') {
      expect(p.message).toMatch(msg);
      expect(p.message).not.toContain('\n');
    }
  });
});

describe('--demo-restock-seconds', () => {
  it('needs --demo and a whole number (watch-stock itself is a command of src/commands/registry.ts)', () => {
    const parseArgs = (argv: string[]) => parse(argv, { names: [], find: () => undefined });
    expect(parseArgs(['--demo', '--demo-restock-seconds', '30'])).toMatchObject({
      command: 'app',
      flags: { demoRestockSeconds: 30 },
    });
    expect(parseArgs(['--demo-restock-seconds', '30'])).toMatchObject({ command: 'error' });
    expect(parseArgs(['--demo', '--demo-restock-seconds', 'soon'])).toMatchObject({ command: 'error' });
  });
});
