import { describe, expect, it } from 'vitest';
import { age, cell, duration, gb, minutesHuman, money, perHour } from '../../src/domain/format.js';

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
