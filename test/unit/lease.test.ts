/** Leases in a VM label: written and read back, only real dates, every other label kept, time left in words. */
import { describe, expect, it } from 'vitest';
import {
  extendedLease,
  leaseAlert,
  leaseLabel,
  leaseLeft,
  leaseOf,
  leaseState,
  parseLease,
  parseLeaseInput,
  withLease,
} from '../../src/domain/lease.js';
import { LABEL_MAX } from '../../src/sim/world/vm-extras.js';

const at = Date.UTC(2026, 11, 1, 18, 0);

describe('lease labels', () => {
  it('are written to the minute in UTC, in the characters a label may hold, and read back', () => {
    expect(leaseLabel(at)).toBe('lease-until=2026-12-01T18-00Z');
    expect(leaseLabel(at + 59_999)).toBe('lease-until=2026-12-01T18-00Z');
    expect(leaseLabel(at).length).toBeLessThanOrEqual(LABEL_MAX);
    expect(leaseLabel(at)).toMatch(/^[A-Za-z0-9=-]+$/);
    expect(parseLease(leaseLabel(at))).toBe(at);
  });

  it('refuse what is not a real date or not a lease', () => {
    for (const bad of [
      'lease-until=2026-02-31T10-00Z',
      'lease-until=2026-13-01T10-00Z',
      'lease-until=2026-12-01T24-00Z',
      'lease-until=2026-12-01T18:00Z',
      'lease-until=tomorrow',
      'team-a',
    ])
      expect(parseLease(bad), bad).toBeUndefined();
  });

  it('the earliest lease wins; setting one keeps every other label; none removes it', () => {
    const labels = ['team-a', 'lease-until=2026-12-02T00-00Z', 'lease-until=2026-12-01T18-00Z'];
    expect(leaseOf({ labels })).toBe(at);
    expect(leaseOf({ labels: null })).toBeUndefined();
    expect(withLease(labels, at + 3_600_000)).toEqual(['team-a', 'lease-until=2026-12-01T19-00Z']);
    expect(withLease(labels, undefined)).toEqual(['team-a']);
  });

  it('say the time left, and when one is ending or over', () => {
    expect(leaseLeft(at, at - 200 * 60_000)).toBe('3 h 20 m left');
    expect(leaseLeft(at, at - 50 * 60_000)).toBe('50 m left');
    expect(leaseLeft(at, at + 2 * 3_600_000)).toBe('ended 2 h ago');
    expect(leaseLeft(at, at - 3 * 86_400_000)).toBe('3 d left');
    expect(leaseState(at, at - 2 * 3_600_000)).toBe('ok');
    expect(leaseState(at, at - 30 * 60_000)).toBe('ending');
    expect(leaseState(at, at)).toBe('over');
  });
});

describe('lease input and the header’s word', () => {
  const now = at - 5 * 3_600_000;
  it('a typed end: a date and time in UTC, a day alone at midnight, never past', () => {
    expect(parseLeaseInput('2026-12-01 18:00', now)).toBe(at);
    expect(parseLeaseInput(' 2026-12-01T18:00Z ', now)).toBe(at);
    expect(parseLeaseInput('2026-12-02', now)).toBe(Date.UTC(2026, 11, 2));
    expect(parseLeaseInput('2026-12-01 12:00', now)).toBe('that is already past');
    expect(parseLeaseInput('tomorrow', now)).toBe('a date and time in UTC: 2026-12-01 18:00');
  });

  it('extends from the end while it runs, from now once over or without one', () => {
    expect(extendedLease(at, 4, now)).toBe(at + 4 * 3_600_000);
    expect(extendedLease(at, 4, at + 3_600_000)).toBe(at + 5 * 3_600_000);
    expect(extendedLease(undefined, 8, now)).toBe(now + 8 * 3_600_000);
  });

  it('warns of the first lease over or ending within the hour among VMs still billed in full', () => {
    const vm = (name: string, end: number, status = 'ACTIVE') => ({
      name,
      status,
      labels: [leaseLabel(end)],
    });
    expect(leaseAlert([vm('a', at)], at - 2 * 3_600_000)).toBeUndefined();
    expect(leaseAlert([vm('a', at), vm('b', at - 20 * 60_000)], at - 40 * 60_000)).toEqual({
      text: '⚠ lease of b ends in 20 m (+1 more)',
      level: 'warn',
    });
    expect(leaseAlert([vm('a', at), vm('c', at - 3_600_000, 'HIBERNATED')], at + 3 * 60_000)).toEqual({
      text: '‼ lease of a ended 3 m ago',
      level: 'urgent',
    });
  });
});
