/** Leases in a VM label: written and read back, only real dates, every other label kept, time left in words. */
import { describe, expect, it } from 'vitest';
import { leaseLabel, leaseLeft, leaseOf, leaseState, parseLease, withLease } from '../../src/domain/lease.js';
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
