/**
 * Events and dated things are listed newest first by their timestamps' text, never with localeCompare: a process's
 * first localeCompare builds an ICU collator (25-50 ms), which a VM's detail paid right after the first frame.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { newestFirst } from '../../src/domain/newest-first.js';
import { vmDetailLines } from '../../src/ui/details/vm-detail.js';
import { recordingTransport } from '../fixtures/fake-transport.js';
import { rng, runSeed } from '../support/sampling.js';

const example = (id: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/api/real/${id}.json`, import.meta.url), 'utf8'));

describe('newest first', () => {
  it('orders the service timestamps by time, newest first, the missing last', () => {
    const next = rng(runSeed('newest first'));
    const times = Array.from({ length: 200 }, () =>
      new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 6 * 365 * 86_400_000)).toISOString().slice(0, 19),
    );
    const sorted = [...times, null, undefined].sort(newestFirst);
    expect(sorted.slice(0, -2)).toEqual([...times].sort((a, b) => Date.parse(b) - Date.parse(a)));
    expect(sorted.slice(-2).map((t) => t ?? '')).toEqual(['', '']);
  });

  it("a VM's detail lists its events newest first without localeCompare", async () => {
    const { transport } = recordingTransport((req) =>
      structuredClone(req.path.includes('events') ? example('List_VM_events') : example('Get_VM')),
    );
    const api = createApi(transport);
    const vm = await api.vms.get(1);
    const events = [
      { ...(await api.vms.events(1))[0], time: '2026-11-20T08:00:00', message: 'older' },
      { ...(await api.vms.events(1))[0], time: '2026-11-21T09:30:00', message: 'newer' },
    ];
    const compare = vi.spyOn(String.prototype, 'localeCompare');
    const lines = vmDetailLines({
      vm,
      region: undefined,
      events,
      eventsLoading: false,
      rate: undefined,
      rateLoading: false,
      now: Date.parse('2026-11-21T12:00:00Z'),
    });
    expect(compare).not.toHaveBeenCalled();
    compare.mockRestore();
    const text = lines.map((l) => ('text' in l ? l.text : '')).join('\n');
    expect(text.indexOf('newer')).toBeGreaterThan(0);
    expect(text.indexOf('newer')).toBeLessThan(text.indexOf('older'));
  });
});
