import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/config/args.js';

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

  it('routes simulate with its own argv', () => {
    expect(parseArgs(['simulate', '--port', '8080'])).toEqual({
      command: 'simulate',
      argv: ['--port', '8080'],
    });
  });
  it('help and version', () => {
    expect(parseArgs(['--help']).command).toBe('help');
    expect(parseArgs(['--version']).command).toBe('version');
  });
  it.each([
    [['--bogus'], /unknown option "--bogus"/],
    [['--refresh', '1'], /at least 2/],
    [['--refresh', 'abc'], /at least 2/],
    [['--refresh'], /at least 2/],
    [['--screen', 'nope'], /must be one of stock, vms/],
    [['--base-url', 'ftp://x'], /http\(s\) URL/],
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
