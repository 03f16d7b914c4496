/**
 * From real-shaped error bodies (the service's `error_reason` vocabulary, its field maps, its bare `{message}`
 * bodies) to what the operator reads: the ApiError's message, reason and field map, through the real transport
 * over HTTP on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { type Api, createApi } from '../../src/api/client.js';
import { ApiError, isRoleRefusal, missingAccess, remedyOf } from '../../src/api/errors.js';
import { createTransport, type HttpTransport } from '../../src/api/transport.js';
import { json, scriptedServer } from '../support/scripted-server.js';

/** The next answer: status, body, headers. */
let next: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: {} };
let srv: Awaited<ReturnType<typeof scriptedServer>>;
let transport: HttpTransport;
let api: Api;

beforeAll(async () => {
  srv = await scriptedServer((_, res) => json(res, next.status, next.body, next.headers));
  transport = createTransport({
    baseUrl: srv.url,
    apiKey: 'k-0123456789',
    // one try: the errors themselves are under test, not the retries
    retry: { maxTries: 1, baseDelayMs: 1, random: () => 0 },
    budget: new RequestBudget({ perMinute: 100_000 }),
  });
  api = createApi(transport);
});

afterAll(async () => {
  await transport.close();
  await srv.close();
});

/** The ApiError of deleting environment 7 when the service answers `status` + `body`. */
async function refusal(status: number, body: unknown, headers?: Record<string, string>): Promise<ApiError> {
  next = { status, body, headers };
  try {
    await api.environments.delete(7);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const WHERE = 'DELETE /core/environments/7';

describe('the message an operator reads, for each of the service’s refusals', () => {
  it('401 unauthorized: the key was rejected, check it', async () => {
    const e = await refusal(401, { status: false, message: 'Invalid API key', error_reason: 'unauthorized' });
    expect(e.message).toBe(
      `the API key was rejected (HTTP 401, ${WHERE}): Invalid API key. Check HYPERSTACK_API_KEY or the profile's key.`,
    );
    expect(e.reason).toBe('unauthorized');
  });

  it('403 about a permission: ask an admin for a role', async () => {
    const e = await refusal(403, {
      status: false,
      message: "You don't have permission to perform this action",
      error_reason: 'forbidden',
    });
    expect(e.message).toMatch(/^permission denied \(HTTP 403, .*\): You don't have permission/);
    expect(e.message).toContain('an organization admin must create a role');
  });

  it('403 with no message at all: most likely a role too', async () => {
    expect((await refusal(403, { status: false, error_reason: 'forbidden' })).message).toContain(
      'create a role',
    );
  });

  it('403 that is not about roles (a limit reached): no role advice', async () => {
    const e = await refusal(403, {
      status: false,
      message: 'You have reached the limit of 10 virtual machines for your organization',
      error_reason: 'forbidden',
    });
    expect(e.message).toBe(
      `refused (HTTP 403, ${WHERE}): You have reached the limit of 10 virtual machines for your organization`,
    );
    expect(e.message).not.toMatch(/role|admin/);
  });

  it('404 not_found', async () => {
    const e = await refusal(404, {
      status: false,
      message: 'Environment not found',
      error_reason: 'not_found',
    });
    expect(e.message).toBe(`not found (HTTP 404, ${WHERE}): Environment not found`);
  });

  it('405 not_allowed reads "not allowed", never "method not allowed"', async () => {
    const e = await refusal(405, {
      status: false,
      message: 'Environment "sandbox" still contains 2 virtual machines, 1 key pair. Delete them first.',
      error_reason: 'not_allowed',
    });
    expect(e.message).toBe(
      `not allowed (HTTP 405, ${WHERE}): Environment "sandbox" still contains 2 virtual machines, 1 key pair. Delete them first.`,
    );
    const bare = await refusal(405, {});
    expect(bare.message).toBe(
      `not allowed (HTTP 405, ${WHERE}): the resource does not allow this in its current state`,
    );
    expect(bare.message).not.toMatch(/method/i);
  });

  it('400 for a state (bad_request): the service’s sentence', async () => {
    const e = await refusal(400, {
      status: false,
      message: 'VM gpu-1 is being snapshotted. Wait until the snapshot is done.',
      error_reason: 'bad_request',
    });
    expect(e.message).toBe(
      `rejected (HTTP 400, ${WHERE}): VM gpu-1 is being snapshotted. Wait until the snapshot is done.`,
    );
  });

  it('400 field map without a message: each field named, and the map exposed', async () => {
    const e = await refusal(400, {
      status: false,
      errors: { name: ['Longer than maximum length 50.'], count: ['Must be greater than or equal to 1.'] },
    });
    expect(e.message).toBe(
      `rejected (HTTP 400, ${WHERE}): name: Longer than maximum length 50.; count: Must be greater than or equal to 1.`,
    );
    expect(e.fieldErrors).toEqual({
      name: ['Longer than maximum length 50.'],
      count: ['Must be greater than or equal to 1.'],
    });
    expect(e.reason).toBeUndefined();
  });

  it('400 field map as strings with "Input payload validation failed" (no status, no reason)', async () => {
    const e = await refusal(400, {
      errors: { name: "'name' is a required property" },
      message: 'Input payload validation failed',
    });
    expect(e.message).toBe(
      `rejected (HTTP 400, ${WHERE}): Input payload validation failed: name: 'name' is a required property`,
    );
    expect(e.fieldErrors).toEqual({ name: ["'name' is a required property"] });
    expect(e.serviceMessage).toBe("Input payload validation failed: name: 'name' is a required property");
  });

  it('a nested field map is flattened to dotted names; a hostile one is bounded', async () => {
    const nested = await refusal(400, {
      status: false,
      errors: { data: { count: ['Not a valid integer.'] } },
    });
    expect(nested.fieldErrors).toEqual({ 'data.count': ['Not a valid integer.'] });
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, ['x'.repeat(10_000)]]));
    const hostile = await refusal(400, { errors: many });
    expect(Object.keys(hostile.fieldErrors!)).toHaveLength(20);
    expect(hostile.fieldErrors!.f0![0]!.length).toBeLessThanOrEqual(200);
    expect(hostile.message.length).toBeLessThan(700);
  });

  it('409 already_exist', async () => {
    const e = await refusal(409, {
      status: false,
      message: 'An environment named "sandbox" already exists.',
      error_reason: 'already_exist',
    });
    expect(e.message).toBe(
      `already exists (HTTP 409, ${WHERE}): An environment named "sandbox" already exists.`,
    );
  });

  it('429 with only a message: rate limited, with when to try again', async () => {
    const e = await refusal(429, { message: 'Too many requests' }, { 'retry-after': '7' });
    expect(e.message).toBe(
      `rate limited by the service (HTTP 429, ${WHERE}): Too many requests. Try again in 7 s.`,
    );
    expect(e.retryAfter).toBe(7);
  });

  it('5xx: server_error, and the legacy body with only a message', async () => {
    const e = await refusal(500, {
      status: false,
      message: 'Something went wrong',
      error_reason: 'server_error',
    });
    expect(e.message).toBe(`service error (HTTP 500, ${WHERE}): Something went wrong`);
    expect(e.outcomeUnknown).toBe(true);
    const legacy = await refusal(500, { message: 'Internal Server Error' });
    expect(legacy.message).toBe(`service error (HTTP 500, ${WHERE}): Internal Server Error`);
    expect(legacy.reason).toBeUndefined();
  });

  it('a 200 with status false and a field map: the envelope refusal carries the map too', async () => {
    const e = await refusal(200, { status: false, errors: { name: ['Invalid name.'] } });
    expect(e.kind).toBe('envelope');
    expect(e.fieldErrors).toEqual({ name: ['Invalid name.'] });
    expect(e.message).toContain('name: Invalid name.');
  });
});

describe('isRoleRefusal', () => {
  it.each([
    ['forbidden', "Permission denied: your role does not grant 'environment:delete'", true],
    ['forbidden', 'Access denied', true],
    ['forbidden', undefined, true],
    [undefined, undefined, true],
    ['forbidden', 'VM quota exceeded for this organization', false],
    ['forbidden', 'Insufficient credit balance', false],
    ['forbidden', 'Resource belongs to another environment', false],
    ['bad_request', undefined, false],
  ])('%s / %s → %s', (reason, message, expected) => {
    expect(isRoleRefusal(reason, message)).toBe(expected);
  });
});

describe('a 403 says which permission or role is missing when the service names it', () => {
  it.each([
    [
      "Permission denied: your role does not grant the permission 'invite:create'.",
      'the permission invite:create',
    ],
    ['Missing permission virtual-machine:hard-reboot', 'the permission virtual-machine:hard-reboot'],
    ['This action requires the role "Billing viewer"', 'the role Billing viewer'],
    ["requires the 'Admin' role", 'the role Admin'],
    ["You don't have permission to perform this action", undefined],
    ['Forbidden (see https://docs.example.com/rbac at 12:30)', undefined],
    [undefined, undefined],
  ])('%s → %s', (message, expected) => {
    expect(missingAccess(message)).toBe(expected);
  });

  const forbidden = (message: string | undefined) =>
    new ApiError({
      kind: 'http',
      method: 'POST',
      path: '/auth/invites',
      status: 403,
      reason: 'forbidden',
      ...(message !== undefined ? { serviceMessage: message } : {}),
    });

  it('names it in the remedy when the service named it without saying what to do', () => {
    const e = forbidden('Missing permission invite:create');
    expect(remedyOf(e)).toBe(
      'Missing the permission invite:create: an organization admin must assign your account a role that grants it.',
    );
    expect(e.message).toBe(
      'permission denied (HTTP 403, POST /auth/invites): Missing permission invite:create. Missing the permission invite:create: an organization admin must assign your account a role that grants it.',
    );
    expect(remedyOf(forbidden('requires the role "ML Engineer"'))).toBe(
      'Missing the role ML Engineer: an organization admin must assign it to your account.',
    );
  });

  it('adds nothing when the service named it and said what to do; the general advice when it named nothing', () => {
    const said =
      "Permission denied: your role does not grant the permission 'invite:create'. An organization admin must create a role with this permission and assign it to your account.";
    expect(remedyOf(forbidden(said))).toBeUndefined();
    expect(forbidden(said).message).toBe(`permission denied (HTTP 403, POST /auth/invites): ${said}`);
    expect(remedyOf(forbidden("You don't have permission to perform this action"))).toMatch(
      /^Your account's role lacks the permission for this action: an organization admin must create a role/,
    );
  });
});
