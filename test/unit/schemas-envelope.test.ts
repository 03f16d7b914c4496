/**
 * The envelope as the real service varies it: `status` a boolean or 0/1 (a 0 is a refusal like `false`), and
 * lists with or without `page` / `page_size` / `count` (numbers, or numeric strings).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiError } from '../../src/api/errors.js';
import { type Fail, interpret } from '../../src/api/interpret.js';
import type { RequestSpec } from '../../src/api/request.js';
import { AckResponse } from '../../src/api/schemas/common.js';
import { EnvironmentListResponse } from '../../src/api/schemas/environment.js';

const fail: Fail = (init) => new ApiError({ ...init, method: 'GET', path: '/core/environments' });

function answer(body: unknown, schema: z.ZodType = EnvironmentListResponse, status = 200) {
  const spec: RequestSpec<z.ZodType> = { method: 'GET', path: '/core/environments', schema };
  return interpret(JSON.stringify(body), status, undefined, spec, fail);
}

const env = { id: 1, name: 'default-us', region: 'US-1' };

describe('envelope status', () => {
  it.each([true, 1])('status %j: the answer is read', (status) => {
    const r = answer({ status, message: 'ok', environments: [env] }) as any;
    expect(r.status).toBe(true);
    expect(r.environments).toHaveLength(1);
  });

  it.each([false, 0])('status %j: a refusal with the service’s message and reason', (status) => {
    let e: unknown;
    try {
      answer({ status, message: 'Environment limit reached', error_reason: 'bad_request' });
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      kind: 'envelope',
      reason: 'bad_request',
      serviceMessage: 'Environment limit reached',
    });
  });

  it('no status at all (some answers carry none) is fine; another type is a schema error naming it', () => {
    expect(AckResponse.parse({ message: 'deleted' })).toEqual({ message: 'deleted' });
    expect(() => answer({ status: 'yes', environments: [] })).toThrow(/field status/);
    expect(() => answer({ status: 2, environments: [] })).toThrow(/field status/);
  });
});

describe('list pagination fields', () => {
  it('absent, null, numbers or numeric strings', () => {
    for (const page of [
      {},
      { page: null, page_size: null, count: null },
      { page: 1, page_size: 20, count: 1 },
    ]) {
      expect(EnvironmentListResponse.parse({ environments: [env], ...page }).environments).toHaveLength(1);
    }
    const r = EnvironmentListResponse.parse({ environments: [env], page: '2', page_size: '20', count: '21' });
    expect([r.page, r.page_size, r.count]).toEqual([2, 20, 21]);
  });
});
