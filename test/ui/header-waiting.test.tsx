// The header's second line says what the client has waited for too long; narrow terminals keep the health word and
// the age first. The text itself comes from waitingText, a pure function of the in-flight requests and the clock.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { InFlight } from '../../src/store/state/transport-health.js';
import { Header, type HeaderProps } from '../../src/ui/Header.js';
import { waitingText } from '../../src/ui/waiting.js';
import { HEADER as base, NOW } from '../support/header-props.js';

const WAIT = '⧗ waiting 12s for GET /core/virtual-machines (try 2/5)';

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());
function line2(over: Partial<HeaderProps>): string {
  unmount?.();
  const r = render(<Header {...base} {...over} />);
  unmount = r.unmount;
  return (r.lastFrame() ?? '').split('\n')[1] ?? '';
}

describe('Header: waiting', () => {
  it('shows the wait between the health and the age', () => {
    expect(line2({ waiting: WAIT })).toBe(
      `infrahub-api.nexgencloud.com  ✓ API ok 120ms  ${WAIT}  updated 3s ago`,
    );
    expect(line2({ waiting: '' })).toBe('infrahub-api.nexgencloud.com  ✓ API ok 120ms  updated 3s ago');
  });

  it('narrow: the host goes first, then the wait shortens; health and age always stay', () => {
    expect(line2({ waiting: WAIT, width: 100 })).toBe(`✓ API ok 120ms  ${WAIT}  updated 3s ago`);
    const at60 = line2({ waiting: WAIT, width: 60 });
    expect([...at60].length).toBeLessThanOrEqual(60);
    expect(at60).toMatch(/^✓ API ok 120ms {2}⧗ waiting 12s for GET .*… {2}updated 3s ago$/);
    const at35 = line2({ waiting: WAIT, width: 35 });
    expect(at35).toBe('✓ API ok 120ms  updated 3s ago');
  });

  it('control characters in the text are made inert', () => {
    expect(line2({ waiting: '⧗ waiting 3s for GET /x\x1b[2J' })).not.toContain('\x1b');
  });
});

describe('waitingText', () => {
  const f = (since: number, extra: Partial<InFlight> = {}): InFlight => ({
    method: 'GET',
    path: '/core/virtual-machines',
    since,
    attempt: 1,
    tries: 5,
    ...extra,
  });

  it('nothing until a request has waited 2 s', () => {
    expect(waitingText({}, NOW)).toBe('');
    expect(waitingText({ 1: f(NOW - 1999) }, NOW)).toBe('');
    expect(waitingText({ 1: f(NOW - 2000) }, NOW)).toBe(
      '⧗ waiting 2s for GET /core/virtual-machines (try 1/5)',
    );
  });

  it('the oldest wait, its try, and how many others wait too; no try count for a request sent once', () => {
    const inFlight = {
      1: f(NOW - 5000, { method: 'POST', path: '/core/environments', tries: 1 }),
      2: f(NOW - 12_000, { attempt: 2 }),
      3: f(NOW - 500),
    };
    expect(waitingText(inFlight, NOW)).toBe(`${WAIT} +1 more`);
    expect(waitingText({ 1: inFlight[1] }, NOW)).toBe('⧗ waiting 5s for POST /core/environments');
  });
});
