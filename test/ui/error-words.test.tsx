/**
 * Every error the user can meet, from a real-shaped body (the service's `error_reason` vocabulary, its field maps,
 * its bare `{message}` bodies) to the words on screen: an action refused (the status line), a list that cannot load
 * (the screen), a form refused (the form, not the API's health). A proxy in front of the simulator answers the one
 * request under test; everything else is the simulator's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { footerLine, statusLine } from '../support/frame-text.js';
import { type Canned, startOverrideProxy } from '../support/override-proxy.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const refused = (status: number, body: unknown, headers?: Record<string, string>): Canned => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

interface Case {
  name: string;
  answer: Canned | 'hang';
  /** Words on screen ({vm}: the VM's name, {id}: its id). */
  shows: string[];
  never?: RegExp[];
}

const ROLE =
  "Your account's role lacks the permission for this action: an organization admin must create a role";
const LIMIT = 'You have reached the limit of 10 virtual machines for your organization';

/** Stopping a VM, refused in every way the service refuses. */
const ACTION_CASES: Case[] = [
  {
    name: '401 unauthorized',
    answer: refused(401, { status: false, message: 'Invalid API key', error_reason: 'unauthorized' }),
    shows: [
      "Stopping {vm} failed: Invalid API key (HTTP 401). Check HYPERSTACK_API_KEY or the profile's key.",
    ],
  },
  {
    name: '403 about a role',
    answer: refused(403, {
      status: false,
      message: "You don't have permission to perform this action",
      error_reason: 'forbidden',
    }),
    shows: [`Stopping {vm} failed: You don't have permission to perform this action (HTTP 403). ${ROLE}`],
  },
  {
    name: '403 not about roles (a limit reached)',
    answer: refused(403, { status: false, message: LIMIT, error_reason: 'forbidden' }),
    shows: [`Stopping {vm} failed: ${LIMIT} (HTTP 403)`],
    never: [/role|admin/],
  },
  {
    name: '404 not_found',
    answer: refused(404, { status: false, message: 'Instance not found', error_reason: 'not_found' }),
    shows: ['Stopping {vm} failed: Instance not found (HTTP 404)'],
  },
  {
    name: '405 not_allowed with the service’s words',
    answer: refused(405, {
      status: false,
      message: 'This feature is currently disabled',
      error_reason: 'not_allowed',
    }),
    shows: ['Stopping {vm} failed: This feature is currently disabled (HTTP 405)'],
    never: [/method/i],
  },
  {
    name: '405 with an empty body',
    answer: refused(405, {}),
    shows: [
      'Stopping {vm} failed: not allowed (HTTP 405, GET /core/virtual-machines/{id}/stop): the resource does not allow this in its current state',
    ],
    never: [/method/i],
  },
  {
    name: '400 for a state (bad_request)',
    answer: refused(400, {
      status: false,
      message: 'VM gpu-1 is being snapshotted: no action is possible until the snapshot is done.',
      error_reason: 'bad_request',
    }),
    shows: [
      'Stopping {vm} failed: VM gpu-1 is being snapshotted: no action is possible until the snapshot is done. (HTTP 400)',
    ],
  },
  {
    name: '400 validation, a field map and no message',
    answer: refused(400, { status: false, errors: { name: ['Longer than maximum length 50.'] } }),
    shows: ['Stopping {vm} failed: name: Longer than maximum length 50. (HTTP 400)'],
  },
  {
    name: '400 validation, "Input payload validation failed"',
    answer: refused(400, {
      errors: { name: "'name' is a required property" },
      message: 'Input payload validation failed',
    }),
    shows: [
      "Stopping {vm} failed: Input payload validation failed: name: 'name' is a required property (HTTP 400)",
    ],
  },
  {
    name: '429 with only a message',
    answer: refused(429, { message: 'Too many requests' }, { 'retry-after': '7' }),
    shows: ['Stopping {vm} failed: Too many requests (HTTP 429). Try again in 7 s.'],
  },
  {
    name: '500 server_error: maybe done, never "failed"',
    answer: refused(500, { status: false, message: 'Something went wrong', error_reason: 'server_error' }),
    shows: ['Stopping {vm}: outcome unknown, reloaded, now ACTIVE (service error, HTTP 500)'],
    never: [/failed/],
  },
  {
    name: 'no answer (a timeout): maybe done, never "failed"',
    answer: 'hang',
    shows: ['Stopping {vm}: outcome unknown, reloaded, now ACTIVE (no answer in time)'],
    never: [/failed/],
  },
];

const fill = (s: string, vm: VmRecord) => s.replaceAll('{vm}', vm.name).replaceAll('{id}', String(vm.id));
const firstActive = (sim: Simulator) => [...sim.world.vms.values()].find((v) => v.status === 'ACTIVE')!;

describe('an action refused: the words in the status line', () => {
  it.each(ACTION_CASES)('$name', async (c) => {
    let vm: VmRecord | undefined;
    app = await renderApp({
      width: 260,
      limits: { deadlineMs: 1_000 },
      through: (url) =>
        startOverrideProxy(url, (method, path) =>
          vm && method === 'GET' && path === `/core/virtual-machines/${vm.id}/stop` ? c.answer : undefined,
        ),
    });
    vm = firstActive(app.sim);
    await selectRow(app, vm.name);
    await app.waitFor((f) => footerLine(f).includes('x stop'));
    await app.press('x');
    await app.waitFor(`Stop ${vm.name}?`);
    await app.press('y');
    const want = c.shows.map((s) => fill(s, vm!));
    const f = await app.waitFor((fr) => want.every((w) => statusLine(fr).includes(w)));
    for (const re of c.never ?? []) expect(statusLine(f)).not.toMatch(re);
  });
});

/** The VM list answered with a refusal: what the screen says instead of rows. */
const READ_CASES: Case[] = [
  {
    name: '401 unauthorized',
    answer: refused(401, { status: false, message: 'Invalid API key', error_reason: 'unauthorized' }),
    shows: [
      "✖ cannot load virtual machines: the API key was rejected (HTTP 401, GET /core/virtual-machines): Invalid API key. Check HYPERSTACK_API_KEY or the profile's key.",
    ],
  },
  {
    name: '403 about a role',
    answer: refused(403, { status: false, error_reason: 'forbidden' }),
    shows: [
      '✖ cannot load virtual machines: permission denied (HTTP 403',
      'an organization admin must create a role',
    ],
  },
  {
    name: '403 not about roles',
    answer: refused(403, {
      status: false,
      message: 'Insufficient credit balance',
      error_reason: 'forbidden',
    }),
    shows: [
      '✖ cannot load virtual machines: refused (HTTP 403, GET /core/virtual-machines): Insufficient credit balance',
    ],
    never: [/role|admin/],
  },
  {
    name: '404 with only a message',
    answer: refused(404, { message: 'Not Found' }),
    shows: ['✖ cannot load virtual machines: not found (HTTP 404, GET /core/virtual-machines): Not Found'],
  },
  {
    name: '429',
    answer: refused(429, { message: 'Too many requests' }, { 'retry-after': '3' }),
    shows: ['✖ cannot load virtual machines: rate limited by the service (HTTP 429', 'Try again in 3 s.'],
  },
  {
    name: '503 legacy body',
    answer: refused(503, { message: 'Service Unavailable' }),
    shows: [
      '✖ cannot load virtual machines: service error (HTTP 503, GET /core/virtual-machines): Service Unavailable',
    ],
  },
  {
    name: 'no answer (a timeout)',
    answer: 'hang',
    shows: ["✖ cannot load virtual machines: the service's answer took longer than"],
  },
];

describe('a list that cannot load: the words on the screen', () => {
  it.each(READ_CASES)('$name', async (c) => {
    app = await renderApp({
      width: 260,
      limits: { deadlineMs: 1_000 },
      through: (url) =>
        startOverrideProxy(url, (method, path) =>
          method === 'GET' && path === '/core/virtual-machines' ? c.answer : undefined,
        ),
    });
    const f = await app.waitFor((fr) => c.shows.every((w) => fr.includes(w)));
    const line = f.split('\n').find((l) => l.includes('cannot load'))!;
    for (const re of c.never ?? []) expect(line).not.toMatch(re);
  });
});

describe('a form refused for its fields: the form’s error, not the API’s health', () => {
  it('each field the service names is in the form; the header does not turn to "API error"', async () => {
    app = await renderApp({
      screen: 'firewalls',
      width: 200,
      through: (url) =>
        startOverrideProxy(url, (method, path) =>
          method === 'POST' && path === '/core/firewalls'
            ? refused(400, {
                errors: { name: "'name' is a required property", description: ['Not a valid string.'] },
                message: 'Input payload validation failed',
              })
            : undefined,
        ),
    });
    await app.waitFor('Firewalls');
    await app.press('n');
    await app.waitFor('[ Create ]'); // the form itself
    await app.press(...'edge-fw', KEY.tab, KEY.enter, KEY.enter, '\x13');
    const f = await app.waitFor('Input payload validation failed');
    const flat = f.replace(/[│\s]+/g, ' ');
    expect(flat).toContain("name: 'name' is a required property");
    expect(flat).toContain('description: Not a valid string.');
    expect(f).toContain('New firewall');
    expect(f.split('\n')[1]).not.toContain('API error');
  });
});
