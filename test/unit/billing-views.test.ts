import { describe, expect, it } from 'vitest';
import { contractLines } from '../../screens/billing/contracts.js';
import { nowLines } from '../../screens/billing/now.js';
import { paymentsSummary } from '../../screens/billing/payments.js';
import { usageDetailLines, usageRateKey, usageTotals } from '../../screens/billing/usage.js';
import type { Contract, Payment, UsageRecord } from '../../src/api/schemas/billing.js';
import type { DetailLine } from '../../src/ui/DetailPane.js';

const textOf = (lines: DetailLine[]) =>
  lines
    .map((l) => (l.kind === 'section' ? l.title : l.kind === 'field' ? `${l.label}: ${l.value}` : l.text))
    .join('\n');
const clean = (s: string) => {
  for (const bad of ['null', 'NaN', 'undefined']) expect(s).not.toContain(bad);
};

describe('billing views as text', () => {
  it('Now: cost per hour, day and month; null parts as "—"', () => {
    const [a, b] = nowLines(
      {
        virtual_machine: { cost_per_hour: 4, count: 3 },
        container: null,
        volume: { cost_per_hour: null, count: 2 },
      },
      false,
    );
    expect(a).toBe('Now  $4.00/h  ≈ $96.00/day · $2,880.00/month (30 days at this rate)');
    expect(b).toBe('     VMs (3) $4.00/h · containers — · volumes (2) —');
    expect(nowLines(undefined, true)[0]).toBe('Now  loading the dashboard…');
    clean(nowLines({}, false).join(' '));
  });

  it('contracts: expiry policy, dates, price and discounts, with nulls', () => {
    const c: Contract = {
      id: 7,
      status: 'Active',
      description: null,
      start_date: null,
      end_date: '2027-01-01T00:00:00Z',
      expiration_policy: null,
      price_per_hour: null,
      discounts: [
        {
          discount_type: 'percent',
          discount_percent: null,
          discount_amount: null,
          resource: null,
          resource_count: null,
          validity_days: null,
          discount_code: null,
          discount_status: null,
          start_date: null,
          end_date: null,
        },
      ],
    };
    const t = textOf(contractLines([c], false, Date.parse('2026-12-01T00:00:00Z')));
    expect(t).toContain('#7  Active');
    expect(t).toContain('— → 2027-01-01 (ends in 31 days)');
    expect(t).toContain('at expiry: — · price —');
    expect(t).toContain('discount: —% off market rate · on — × — · no days left · — · code — · — → —');
    clean(t);
    expect(textOf(contractLines([], false, 0))).toContain('no contracts');
    expect(textOf(contractLines(undefined, true, 0))).toContain('loading');
  });

  it('payments summary and usage totals', () => {
    const pays: Payment[] = [
      { amount: 100, status: 'payment_initiated', currency: 'usd' },
      { amount: null, status: 'payment_initiated', currency: null },
      { amount: 50, status: 'failed', currency: 'usd' },
    ];
    expect(paymentsSummary(pays)).toBe('Paid $100.00 in 2 payments · 1 failed');
    const usage: UsageRecord[] = [
      { resource_id: 1, resource_type: 'vm', total_bill: 10, bill_per_minute: 0.01, active: true },
      {
        resource_id: 2,
        resource_type: 'vm',
        total_bill: 5,
        bill_per_minute: null,
        active: false,
        exclude_billing: true,
      },
      { resource_id: 3, resource_type: 'volume', total_bill: null, bill_per_minute: null, active: true },
    ];
    expect(usageTotals(usage)).toBe('3 resources · $10.00 billed · $0.60/h now');
    expect(usageRateKey(usage[0]!)).toBe('vm-rate:1');
    expect(usageRateKey(usage[1]!)).toBeUndefined();
    expect(usageRateKey(usage[2]!)).toBe('volume-rate:3');
    const t = textOf(usageDetailLines(usage[1]!, undefined, false));
    expect(t).toContain('state: ○ terminated (not billed)');
    expect(t).toContain('terminated: no current rate');
    clean(t);
  });
});
