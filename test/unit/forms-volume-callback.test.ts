/**
 * A volume's callback URL, with the VM's callback form (Attach_callback_to_volume, Update_volume_callback,
 * Delete_volume_callback): attached, changed and removed against the simulator, and said in the volume's detail.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callbackForm, removeCallback, volumeTarget } from '../../screens/forms/callback-form.js';
import { volumeDetailLines } from '../../src/ui/details/volume-detail.js';
import { FormDriver, type FormEnv, formEnv } from './forms-harness.js';

let env: FormEnv;
beforeEach(async () => {
  env = await formEnv();
});
afterEach(async () => {
  await env.close();
});

const callbackLine = (v: Parameters<typeof volumeDetailLines>[0]['v'], mark?: { label: string }) =>
  volumeDetailLines({
    v,
    vmName: () => undefined,
    hourly: undefined,
    rate: undefined,
    rateLoading: false,
    now: Date.now(),
    callbackMark: mark,
  }).find((l) => l.kind === 'field' && l.label === 'callback');

describe('a volume’s callback URL', () => {
  it('attaches one, changes it, removes it; the detail says which it has', async () => {
    const volumes = await env.api.volumes.listAll();
    const v = volumes.find((x) => !x.callback_url)!;
    const record = () => env.sc.sim.world.volumes.get(v.id)!;
    expect(callbackLine(v)).toMatchObject({ value: '— (u attaches one)' });

    const attach = new FormDriver(callbackForm(env.deps, volumeTarget(v)));
    attach.fill('url', 'http://hooks.example.com/vol');
    expect(attach.errors().url).toBe('https only: the service posts to it');
    attach.fill('url', 'https://hooks.example.com/vol');
    expect(await attach.submit()).toBe('done');
    expect(record().callbackUrl).toBe('https://hooks.example.com/vol');

    const withUrl = (await env.api.volumes.listAll()).find((x) => x.id === v.id)!;
    expect(withUrl.callback_url).toBe('https://hooks.example.com/vol');
    expect(callbackLine(withUrl)).toMatchObject({
      value: 'https://hooks.example.com/vol  (u changes, U removes)',
    });
    expect(callbackLine(withUrl, { label: 'REMOVING' })).toMatchObject({
      value: '◐ removing… https://hooks.example.com/vol',
    });

    const change = new FormDriver(callbackForm(env.deps, volumeTarget(withUrl)));
    expect(change.spec.title).toContain('Change the callback of');
    expect(change.errors().url).toBe('that is its callback now: type another URL');
    change.fill('url', 'https://hooks.example.com/vol-2');
    expect(await change.submit()).toBe('done');
    expect(record().callbackUrl).toBe('https://hooks.example.com/vol-2');

    removeCallback(env.deps, volumeTarget({ ...withUrl, callback_url: 'https://hooks.example.com/vol-2' }));
    const modal = env.store.getState().modal;
    expect(modal?.kind).toBe('confirm');
    if (modal?.kind !== 'confirm') return;
    modal.onConfirm();
    await expect.poll(() => record().callbackUrl, { timeout: 10_000 }).toBeNull();
  });
});
