/**
 * The real client against the running simulator, over real HTTP on 127.0.0.1: starts a simulator with a
 * ManualClock (nothing sleeps: `clock.advance(ms)` moves the VM and cluster state machines) and builds the real
 * transport and api against it, with a request budget large enough for tests and near-instant retries.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, expect } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { type Api, createApi } from '../../src/api/client.js';
import type { ApiError } from '../../src/api/errors.js';
import type { ClusterCreateInput } from '../../src/api/schemas/cluster.js';
import { createTransport, type HttpTransport, type TransportOptions } from '../../src/api/transport.js';
import { ManualClock } from '../../src/sim/clock.js';
import { routes } from '../../src/sim/routes/index.js';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../src/sim/server.js';
import { DEFAULT_TIMINGS } from '../../src/sim/world.js';
import { acceptedButInvalid, simRecorder } from './sim-recorder.js';

export { apiError } from './api-error.js';

export { DEFAULT_TIMINGS };

/** One HTTP exchange as the transport reports it. */
export interface Exchange {
  method: string;
  path: string;
  status?: number;
  error?: ApiError;
}

export interface ClientOptions extends Partial<Omit<TransportOptions, 'baseUrl' | 'apiKey' | 'onExchange'>> {
  /** 'admin' (default), 'readonly', or any other string sent as the key as is. */
  key?: 'admin' | 'readonly' | (string & {});
}

export interface SimClient {
  sim: Simulator;
  clock: ManualClock;
  api: Api;
  transport: HttpTransport;
  /** Every exchange of every client built by this helper, in order. */
  exchanges: Exchange[];
  /** Called after every exchange (e.g. to advance the clock or clear a fault between a try and its retry). */
  onExchange(fn: ((e: Exchange) => void) | undefined): void;
  /** Another client on the same simulator (another key, timeouts, retry options …). */
  client(opts?: ClientOptions): { api: Api; transport: HttpTransport };
  /** Requests the simulator received since the previous call of `delta()` (or since start). */
  delta(): number;
  close(): Promise<void>;
}

export const TEST_RETRY = { baseDelayMs: 1, maxDelayMs: 5, random: () => 0 } as const;

/** The clients startSimClient started and nothing has closed yet. */
const live = new Set<SimClient>();

/** Closes every simulator client a test started: a test file's `afterEach(closeSimClients)`. */
export async function closeSimClients(): Promise<void> {
  for (const c of [...live]) await c.close();
}

/**
 * A fresh simulator and client for each test of the file, as one object standing for the current test's: a test
 * file's `const s = simPerTest();`.
 */
export function simPerTest(
  simOpts: Omit<SimulatorOptions, 'clock'> = {},
  clientOpts: ClientOptions = {},
): SimClient {
  let current: SimClient | undefined;
  beforeEach(async () => {
    current = await startSimClient(simOpts, clientOpts);
  });
  afterEach(closeSimClients);
  return new Proxy({} as SimClient, {
    get: (_, key) => {
      if (!current) throw new Error('simPerTest: the simulator starts before each test, not at load');
      const v = Reflect.get(current, key);
      return typeof v === 'function' ? v.bind(current) : v;
    },
  });
}

export async function startSimClient(
  simOpts: Omit<SimulatorOptions, 'clock'> = {},
  clientOpts: ClientOptions = {},
): Promise<SimClient> {
  const clock = new ManualClock();
  // every request the simulator receives is checked against the corrected request schema: the simulator must
  // refuse what the document refuses (a test may send such a request on purpose, to see it refused)
  const rec = simRecorder();
  const sim = await startSimulator({
    seed: 1,
    ...simOpts,
    clock,
    routes: rec.wrap(simOpts.routes ?? routes),
  });
  const exchanges: Exchange[] = [];
  let hook: ((e: Exchange) => void) | undefined;
  const transports: HttpTransport[] = [];
  let mark = 0;

  const client = (opts: ClientOptions = {}) => {
    const { key = 'admin', ...rest } = opts;
    const apiKey = key === 'admin' ? sim.keys.admin : key === 'readonly' ? sim.keys.readonly : key;
    const transport = createTransport({
      baseUrl: sim.url,
      apiKey,
      budget: new RequestBudget({ perMinute: 100_000 }),
      headersTimeoutMs: 5_000,
      bodyTimeoutMs: 5_000,
      ...rest,
      retry: { ...TEST_RETRY, ...rest.retry },
      onExchange: (e) => {
        const x: Exchange = { method: e.method, path: e.path, status: e.status, error: e.error };
        exchanges.push(x);
        hook?.(x);
      },
    });
    transports.push(transport);
    return { api: createApi(transport), transport };
  };

  const main = client(clientOpts);
  const simClient: SimClient = {
    sim,
    clock,
    api: main.api,
    transport: main.transport,
    exchanges,
    onExchange: (fn) => {
      hook = fn;
    },
    client,
    delta: () => {
      const now = sim.requestCount();
      const d = now - mark;
      mark = now;
      return d;
    },
    close: async () => {
      live.delete(simClient);
      await Promise.all(transports.map((t) => t.close().catch(() => {})));
      await sim.close();
      expect(
        acceptedButInvalid(rec),
        'requests the corrected OpenAPI refuses, accepted by the simulator',
      ).toEqual([]);
    },
  };
  live.add(simClient);
  return simClient;
}

/** A well-formed one-line OpenSSH ed25519 public key. */
export function sshPublicKey(comment = 'tester@contract'): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(String(publicKey.export({ format: 'jwk' }).x), 'base64url');
  const field = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

/** Seeded names the tests rely on (seed 1; the same for every seed). */
export const SEED = {
  env: 'prod-canada',
  envRegion: 'CANADA-1',
  key: 'ci-deploy',
  image: 'Ubuntu Server 22.04 LTS',
  cpuFlavor: 'n1-cpu-medium',
  biggerCpuFlavor: 'n1-cpu-large',
} as const;

/** Creates one VM from vmBody and lets it reach ACTIVE (the clock moved past its creation). */
export async function activeVm(s: SimClient, name: string, extra: Record<string, unknown> = {}) {
  const [vm] = await s.api.vms.create(vmBody(name, extra));
  if (!vm) throw new Error('create returned no VM');
  s.clock.advance(DEFAULT_TIMINGS.vmCreateMs);
  const got = await s.api.vms.get(vm.id);
  expect(got.status).toBe('ACTIVE');
  return got;
}

/** A cluster create request in the seeded environment: two CPU workers. */
export function clusterBody(patch: Partial<ClusterCreateInput> = {}): ClusterCreateInput {
  return {
    name: 'ct-cluster',
    environment_name: SEED.env,
    keypair_name: SEED.key,
    kubernetes_version: '1.29.4',
    master_flavor_name: 'n1-cpu-medium',
    node_flavor_name: 'n1-cpu-large',
    node_count: 2,
    ...patch,
  };
}

/** A create-VM body that the simulator accepts (CPU-only flavor: always in stock). */
export function vmBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    environment_name: SEED.env,
    image_name: SEED.image,
    flavor_name: SEED.cpuFlavor,
    key_name: SEED.key,
    count: 1,
    ...extra,
  };
}
