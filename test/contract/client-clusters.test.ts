/**
 * Contract: the real client (api.clusters) against the running simulator over HTTP: versions, create (and its
 * refusals), list, get, events along the creation, delete. Time moves only through the ManualClock.
 */
import { describe, expect, it } from 'vitest';
import { apiError, clusterBody, DEFAULT_TIMINGS, SEED, simPerTest } from '../support/sim-client.js';

const T = DEFAULT_TIMINGS;

const s = simPerTest();

describe('clusters.versions', () => {
  it('returns the supported Kubernetes versions as plain strings', async () => {
    const versions = await s.api.clusters.versions();
    expect(versions).toEqual(expect.arrayContaining(['1.27.8', '1.28.10', '1.29.4', '1.30.2']));
    expect(versions.every((v) => typeof v === 'string' && /^\d+\.\d+\.\d+$/.test(v))).toBe(true);
  });
});

describe('clusters.create, get, list, events', () => {
  it('creates a cluster in CREATING that becomes ACTIVE, with events appended along the way', async () => {
    const c = await s.api.clusters.create(clusterBody());
    expect(c).toMatchObject({
      name: 'ct-cluster',
      status: 'CREATING',
      environment_name: SEED.env,
      kubernetes_version: '1.29.4',
      keypair_name: SEED.key,
      node_count: 2,
    });
    expect(c.node_flavor?.name).toBe('n1-cpu-large');
    expect(c.api_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    expect((await s.api.clusters.list()).map((x) => x.id)).toContain(c.id);
    expect((await s.api.clusters.get(c.id)).status).toBe('CREATING');
    const early = await s.api.clusters.events(c.id);
    expect(early.map((e) => e.reason)).toEqual(['CreationStarted']);
    expect(early[0]).toMatchObject({ cluster_id: c.id, type: 'Normal' });

    s.clock.advance(T.clusterCreateMs / 2);
    const half = await s.api.clusters.get(c.id);
    expect(half.status).toBe('CREATING');
    const mid = await s.api.clusters.events(c.id);
    expect(mid.length).toBeGreaterThan(early.length);
    expect(mid.slice(0, early.length)).toEqual(early);

    s.clock.advance(T.clusterCreateMs / 2);
    const ready = await s.api.clusters.get(c.id);
    expect(ready.status).toBe('ACTIVE');
    expect(ready.kube_config).toMatch(/apiVersion/);
    expect(ready.node_addresses?.length).toBeGreaterThanOrEqual(2);
    const all = await s.api.clusters.events(c.id);
    expect(all.slice(0, mid.length)).toEqual(mid);
    expect(all.map((e) => e.reason)).toEqual([
      'CreationStarted',
      'ProvisioningMasters',
      'MastersReady',
      'ProvisioningWorkers',
      'WorkersJoined',
      'ClusterReady',
    ]);
    for (const e of all) {
      expect(e).toMatchObject({
        id: expect.any(Number),
        cluster_id: c.id,
        user_id: expect.any(Number),
        org_id: expect.any(Number),
        type: expect.any(String),
        object: expect.any(String),
        message: expect.any(String),
      });
    }
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const times = all.map((e) => Date.parse(e.time ?? ''));
    expect(times.every((t) => Number.isFinite(t))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a failing creation ends in ERROR with a status_reason and Warning events', async () => {
    const c = await s.api.clusters.create(clusterBody({ name: 'ct-will-fail' }));
    s.clock.advance(T.clusterCreateMs);
    const failed = await s.api.clusters.get(c.id);
    expect(failed.status).toBe('ERROR');
    expect(failed.status_reason).toMatch(/No valid host/);
    const events = await s.api.clusters.events(c.id);
    expect(events.at(-1)).toMatchObject({ type: 'Warning', reason: 'CreationFailed' });
  });

  it('lists the seeded clusters in every state', async () => {
    const list = await s.api.clusters.list();
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['inference-prod', 'training-k8s']));
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(['ACTIVE', 'CREATING', 'ERROR']));
  });

  it('refuses a master flavor that is not CPU-only (400)', async () => {
    const e = await apiError(s.api.clusters.create(clusterBody({ master_flavor_name: 'n3-L40x1' })));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain('n3-L40x1');
    expect(e.serviceMessage).toMatch(/CPU-only/);
  });

  it('refuses an image "… with Docker" (400)', async () => {
    const image = 'Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker';
    const e = await apiError(s.api.clusters.create(clusterBody({ image_name: image })));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain(image);
  });

  it('refuses a name with uppercase letters (400), and an environment name with them', async () => {
    const e = await apiError(s.api.clusters.create(clusterBody({ name: 'My-Cluster' })));
    expect(e.status).toBe(400);
    expect(e.serviceMessage).toContain('My-Cluster');
    expect(e.serviceMessage).toMatch(/lowercase/);
    const env = await apiError(s.api.clusters.create(clusterBody({ environment_name: 'Prod-Canada' })));
    expect(env.status).toBe(400);
    expect(env.serviceMessage).toContain('Prod-Canada');
  });

  it('refuses an unknown Kubernetes version with a 4xx naming it', async () => {
    const e = await apiError(s.api.clusters.create(clusterBody({ kubernetes_version: '1.99.0' })));
    expect(e.status).toBeGreaterThanOrEqual(400);
    expect(e.status).toBeLessThan(500);
    expect(e.serviceMessage).toContain('1.99.0');
  });

  it('refuses an unknown environment or key pair with a 4xx naming it, and a duplicate name with 409', async () => {
    const env = await apiError(s.api.clusters.create(clusterBody({ environment_name: 'no-such-env' })));
    expect(env.status).toBeGreaterThanOrEqual(400);
    expect(env.status).toBeLessThan(500);
    expect(env.serviceMessage).toContain('no-such-env');
    const key = await apiError(s.api.clusters.create(clusterBody({ keypair_name: 'nobodys-key' })));
    expect(key.status).toBeGreaterThanOrEqual(400);
    expect(key.status).toBeLessThan(500);
    expect(key.serviceMessage).toContain('nobodys-key');

    await s.api.clusters.create(clusterBody({ name: 'ct-twice' }));
    const dup = await apiError(s.api.clusters.create(clusterBody({ name: 'ct-twice' })));
    expect(dup.status).toBe(409);
  });

  it('get and events of an unknown cluster → 404', async () => {
    expect((await apiError(s.api.clusters.get(999_999))).status).toBe(404);
    expect((await apiError(s.api.clusters.events(999_999))).status).toBe(404);
  });
});

describe('clusters.delete', () => {
  it('deletes a cluster: DELETING with an event, then gone (404)', async () => {
    const c = await s.api.clusters.create(clusterBody({ name: 'ct-doomed' }));
    s.clock.advance(T.clusterCreateMs);
    expect((await s.api.clusters.get(c.id)).status).toBe('ACTIVE');
    expect(await s.api.clusters.delete(c.id)).toContain('ct-doomed');
    expect((await s.api.clusters.get(c.id)).status).toBe('DELETING');
    expect((await s.api.clusters.events(c.id)).at(-1)?.reason).toBe('DeletionStarted');
    const again = await apiError(s.api.clusters.delete(c.id));
    expect(again.status).toBe(400);
    s.clock.advance(T.clusterDeleteMs);
    expect((await apiError(s.api.clusters.get(c.id))).status).toBe(404);
    expect((await s.api.clusters.list()).map((x) => x.id)).not.toContain(c.id);
    expect((await apiError(s.api.clusters.delete(c.id))).status).toBe(404);
  });
});
