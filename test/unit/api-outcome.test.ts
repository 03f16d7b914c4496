// How undici's failures map to ApiError, and whether each may have been acted on by the service. The common
// cases run over real HTTP in test/hostile/; these are the ones a local server cannot produce on demand.
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorInit } from '../../src/api/errors.js';
import type { Fail } from '../../src/api/interpret.js';
import { fromThrown } from '../../src/api/thrown.js';
import { errors } from '../../src/api/undici.js';

const KEY = 'unit-key-0123456789';
const fail: Fail = (init) => new ApiError({ ...init, method: 'POST', path: '/core/virtual-machines' });

describe('fromThrown', () => {
  it('a connect timeout: nothing was sent', () => {
    const e = fromThrown(new errors.ConnectTimeoutError(), fail, KEY, undefined);
    expect(e).toMatchObject({ kind: 'timeout', phase: 'connect', stage: 'unsent', outcomeUnknown: false });
    expect(e.message).toBe(
      'could not connect to the service in time, nothing was sent (POST /core/virtual-machines)',
    );
  });

  it('headers and body timeouts: it was sent, the outcome is unknown', () => {
    const h = fromThrown(new errors.HeadersTimeoutError(), fail, KEY, undefined);
    expect(h).toMatchObject({ kind: 'timeout', phase: 'headers', outcomeUnknown: true });
    const b = fromThrown(new errors.BodyTimeoutError(), fail, KEY, 200);
    expect(b).toMatchObject({ kind: 'timeout', phase: 'body', status: 200, outcomeUnknown: true });
    expect(b.message).toBe("the service's answer stopped arriving (HTTP 200, POST /core/virtual-machines)");
  });

  it('a proxy that will not open the tunnel (undici calls it an abort): nothing was sent, not "cancelled"', () => {
    const e = fromThrown(
      new errors.RequestAbortedError('Proxy response (407) !== 200 when HTTP Tunneling'),
      fail,
      KEY,
      undefined,
    );
    expect(e).toMatchObject({ kind: 'network', stage: 'unsent', outcomeUnknown: false });
    expect(e.message).toMatch(/^cannot reach the service .*Proxy response \(407\)/);
  });

  it('a request undici refuses to build (a bad header value): nothing was sent; the key is redacted', () => {
    const e = fromThrown(
      new errors.InvalidArgumentError(`invalid api_key header ${KEY}`),
      fail,
      KEY,
      undefined,
    );
    expect(e).toMatchObject({ kind: 'network', stage: 'unsent', outcomeUnknown: false });
    expect(e.message).not.toContain(KEY);
  });

  it('a reset after sending: the outcome is unknown', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(fromThrown(reset, fail, KEY, undefined)).toMatchObject({ stage: 'sent', outcomeUnknown: true });
    expect(fromThrown(new errors.SocketError('other side closed'), fail, KEY, undefined).outcomeUnknown).toBe(
      true,
    );
  });
});

describe('ApiError words', () => {
  const kinds: Array<Omit<ApiErrorInit, 'method' | 'path'>> = [
    { kind: 'network', stage: 'sent', serviceMessage: 'UND_ERR_SOCKET other side closed' },
    { kind: 'network', status: 200, serviceMessage: 'ECONNRESET' },
    { kind: 'timeout', phase: 'headers' },
    { kind: 'timeout', phase: 'body', status: 200 },
    { kind: 'timeout', phase: 'deadline', limit: 120_000 },
    { kind: 'too-large', status: 200, limit: 64 * 2 ** 20 },
    { kind: 'not-json', status: 200 },
    { kind: 'schema', status: 200, field: 'n', serviceMessage: 'Invalid input' },
    { kind: 'aborted', stage: 'sent' },
    ...[500, 502, 503, 504].map((status) => ({
      kind: 'http' as const,
      status,
      serviceMessage: 'Internal error',
    })),
  ];
  it.each(kinds)('%j: outcome unknown, and never called a refusal', (init) => {
    const e = fail(init);
    expect(e.outcomeUnknown).toBe(true);
    expect(e.message).not.toMatch(/refus/i);
  });

  it('limits in plain units', () => {
    expect(fail({ kind: 'too-large', status: 200, limit: 64 * 2 ** 20 }).message).toBe(
      "the service's answer was larger than 64 MB (HTTP 200, POST /core/virtual-machines)",
    );
    expect(fail({ kind: 'timeout', phase: 'deadline', limit: 120_000 }).message).toBe(
      "the service's answer took longer than 120 s (POST /core/virtual-machines)",
    );
  });
});
