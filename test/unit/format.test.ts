import { describe, expect, it, vi } from 'vitest';
import { age, cell, duration, gb, minutesHuman, money, perHour } from '../../src/domain/format.js';
import { rng, runSeed } from '../support/sampling.js';

describe('format', () => {
  it('ages', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(age('2026-11-21T11:59:30Z', now)).toBe('30s');
    expect(age('2026-11-21T11:00:00Z', now)).toBe('1h');
    expect(age('2026-11-21T09:30:00Z', now)).toBe('2h 30m');
    expect(age('2026-11-01T12:00:00Z', now)).toBe('20d');
    expect(age(null, now)).toBe('—');
    expect(age('garbage', now)).toBe('—');
    expect(duration(3 * 365 * 86400_000)).toBe('3y');
  });
  it('money writes what Intl.NumberFormat en-US would, without it (sampled: halves, carries, every magnitude)', () => {
    const upTo = (digits: number) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: digits });
    const [cents, mills] = [upTo(2), upTo(3)];
    const intl = (n: number) => {
      const abs = Math.abs(n);
      return `${n < 0 ? '-' : ''}$${(abs !== 0 && abs < 1 ? mills : cents).format(abs)}`;
    };
    // the app never makes one (its first costs the process ICU's locale data, right after the first frame)
    const made = vi.spyOn(Intl, 'NumberFormat');
    expect(money(1234.5) + money(0.125) + money(2.675)).toBe('$1,234.50$0.125$2.68');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    const next = rng(runSeed('money vs Intl'));
    const cases = [
      0, 0.1, 0.1005, 0.9995, 0.9996, 1.005, 1.015, 2.675, 9.995, 99.995, 999.995, 999_999.995, 1e20,
      123456789.125,
    ];
    for (let i = 0; i < 800; i++) {
      const scale = 10 ** Math.floor(next() * 10);
      const v = next() * scale;
      // prices with a half in the place rounded away, the cases toFixed gets wrong
      const half = Math.round(v * 1000) / 1000 + 0.0005 * Math.round(next());
      cases.push(v, -v, Math.round(v * 100) / 100 + 0.005, half);
    }
    for (const n of cases) if (Math.abs(n) >= 0.1 || n === 0) expect(money(n), String(n)).toBe(intl(n));
  });
  it('money never shows null or NaN and keeps small values meaningful', () => {
    expect(money(1234.5)).toBe('$1,234.50');
    expect(money(0.0125)).toBe('$0.0125');
    expect(money(0.5)).toBe('$0.50');
    expect(money(0.125)).toBe('$0.125');
    expect(money(null)).toBe('—');
    expect(money(Number.NaN)).toBe('—');
    expect(money('2.5')).toBe('$2.50');
    expect(money(10, 'eur')).toBe('10.00 EUR');
    expect(money(-3)).toBe('-$3.00');
    expect(perHour(2.4)).toBe('$2.40/h');
    expect(perHour(undefined)).toBe('—');
  });
  it('sizes and minutes', () => {
    expect(gb(16)).toBe('16 GB');
    expect(gb(7.5)).toBe('7.5 GB');
    expect(minutesHuman(45)).toBe('45 min');
    expect(minutesHuman(200)).toBe('3 h 20 min');
    expect(minutesHuman(60 * 24 * 12 + 240)).toBe('12 d 4 h');
    expect(minutesHuman(null)).toBe('—');
    expect(cell(Number.NaN)).toBe('—');
  });
});
