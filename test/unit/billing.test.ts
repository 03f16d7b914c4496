import { describe, expect, it } from 'vitest';
import {
  costNow,
  dateOnly,
  daysUntil,
  discountText,
  endsText,
  expiryPolicyText,
  hourlyOf,
  isPaid,
  paidSeries,
  paymentStatusText,
  sum,
  topN,
} from '../../src/domain/billing.js';
import { money } from '../../src/domain/format.js';

describe('costNow', () => {
  it('adds VMs, containers and volumes and projects a day (×24) and a 30-day month', () => {
    const c = costNow({
      virtual_machine: { cost_per_hour: 10 },
      container: { cost_per_hour: 0.5 },
      volume: { cost_per_hour: 1.5 },
    });
    expect(c).toEqual({ vms: 10, containers: 0.5, volumes: 1.5, perHour: 12, perDay: 288, perMonth: 8640 });
  });

  it('leaves out unknown parts, and says nothing at all when every part is unknown', () => {
    expect(
      costNow({
        virtual_machine: { cost_per_hour: 2 },
        container: null,
        volume: { cost_per_hour: Number.NaN },
      }),
    ).toMatchObject({
      perHour: 2,
      containers: null,
      volumes: null,
    });
    expect(costNow(undefined)).toEqual({
      vms: null,
      containers: null,
      volumes: null,
      perHour: null,
      perDay: null,
      perMonth: null,
    });
  });
});

describe('money for small rates', () => {
  it('keeps three significant digits of per-minute values, never "null" or "NaN"', () => {
    expect(money(0.000233)).toBe('$0.000233');
    expect(money(0.0412)).toBe('$0.0412');
    expect(money(0.05)).toBe('$0.05');
    expect(money(0.32)).toBe('$0.32');
    expect(money(12.5)).toBe('$12.50');
    expect(money(0)).toBe('$0.00');
    expect(money(-0.0025)).toBe('-$0.0025');
    expect(money(0.003, 'eur')).toBe('0.003 EUR');
    for (const v of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 'abc'])
      expect(money(v as never)).toBe('—');
  });

  it('an hourly rate is the per-minute bill × 60', () => {
    expect(hourlyOf(0.05)).toBeCloseTo(3);
    expect(hourlyOf(null)).toBeNull();
    expect(sum([1, null, 2, undefined, Number.NaN])).toBe(3);
    expect(sum([null])).toBeNull();
  });
});

describe('contracts in words', () => {
  it('expiry policy', () => {
    expect(expiryPolicyText(0)).toBe('resources deleted at expiry');
    expect(expiryPolicyText(1)).toBe('kept and billed at market rate');
    expect(expiryPolicyText(null)).toBe('—');
  });

  it('discounts: flat price or percent off', () => {
    expect(discountText({ discount_type: 'flat', discount_amount: 1.6896, discount_percent: null })).toBe(
      'flat price $1.69/h',
    );
    expect(discountText({ discount_type: 'percent', discount_amount: null, discount_percent: 25 })).toBe(
      '25% off market rate',
    );
    expect(discountText({ discount_type: 'percent', discount_percent: 12.5 })).toBe('12.5% off market rate');
    expect(discountText({ discount_type: 'flat', discount_amount: null })).toBe('flat price —');
    expect(discountText({})).toBe('—');
  });

  it('dates and days left', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(dateOnly('2027-07-24T12:00:00Z')).toBe('2027-07-24');
    expect(dateOnly(null)).toBe('—');
    expect(dateOnly('not a date')).toBe('—');
    expect(daysUntil('2026-11-24T12:00:00Z', now)).toBe(3);
    expect(endsText('2026-11-24T12:00:00Z', now)).toBe('ends in 3 days');
    expect(endsText('2026-11-20T12:00:00Z', now)).toBe('ended 1 day ago');
    expect(endsText('2026-11-21T12:00:00Z', now)).toBe('ends today');
    expect(endsText(undefined, now)).toBe('—');
  });
});

describe('payments', () => {
  it('says payment_initiated as paid', () => {
    expect(paymentStatusText('payment_initiated')).toBe('✓ paid');
    expect(isPaid('payment_initiated')).toBe(true);
    expect(paymentStatusText('failed')).toBe('✖ failed');
    expect(paymentStatusText('pending')).toBe('◐ pending');
    expect(paymentStatusText('requires_action')).toBe('· requires action');
    expect(paymentStatusText(null)).toBe('—');
  });

  it('the paid series is oldest first, payments that went through only', () => {
    expect(
      paidSeries([
        { amount: 3, status: 'payment_initiated', updated_at: '2026-03-01T00:00:00Z' },
        { amount: 9, status: 'failed', updated_at: '2026-02-01T00:00:00Z' },
        { amount: 1, status: 'payment_initiated', updated_at: null, created_at: '2026-01-01T00:00:00Z' },
        { amount: null, status: 'payment_initiated', updated_at: '2026-04-01T00:00:00Z' },
      ]),
    ).toEqual([1, 3]);
  });

  it('topN takes the biggest positive values', () => {
    const items = [{ v: 3 }, { v: null }, { v: 10 }, { v: 0 }, { v: 5 }];
    expect(topN(items, 2, (i) => i.v).map((i) => i.v)).toEqual([10, 5]);
    expect(topN(items, 10, (i) => i.v)).toHaveLength(3);
  });
});
