import { describe, expect, it } from 'vitest';
import { parseUserDate, periodProblem, presetPeriod, serviceDate } from '../../src/domain/billing-period.js';

describe('billing history periods', () => {
  it('dates go to the service as YYYY-MM-DDTHH:MM:SS in UTC', () => {
    expect(serviceDate(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe('2026-01-02T03:04:05');
  });
  it('presets end now', () => {
    const now = Date.UTC(2026, 6, 8);
    expect(presetPeriod('7d', now)).toEqual({ start: now - 7 * 86_400_000, end: now });
  });
  it('a typed date is a day or a day and time (UTC); impossible dates are refused', () => {
    expect(parseUserDate('2026-07-01')).toBe(Date.UTC(2026, 6, 1));
    expect(parseUserDate('2026-07-01 13:30')).toBe(Date.UTC(2026, 6, 1, 13, 30));
    expect(parseUserDate('2026-02-31')).toBeUndefined();
    expect(parseUserDate('yesterday')).toBeUndefined();
  });
  it('a custom period must run forwards and be at most 92 days', () => {
    expect(periodProblem({ start: 2, end: 1 })).toBe('the start must be before the end');
    expect(periodProblem({ start: 0, end: 93 * 86_400_000 })).toBe('at most 92 days');
    expect(periodProblem({ start: 0, end: 86_400_000 })).toBeUndefined();
  });
});
