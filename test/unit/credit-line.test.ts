import { describe, expect, it } from 'vitest';
import { creditLine } from '../../screens/billing/credit.js';
import { displayWidth } from '../../src/domain/text.js';

const p = {
  credit: { credit: 5074.96, threshold: 100, can_create_instance: true },
  creditError: undefined,
  lastDay: { total_cost: 1560.32, instances_cost: 1349.11, volumes_cost: 23.43, clusters_cost: 187.78 },
  perHour: 64.17,
} as unknown as Parameters<typeof creditLine>[0];

describe('the credit line', () => {
  it('whole when it fits; narrower, the last day’s parts, then its total, then the threshold are left out whole', () => {
    expect(creditLine(p)).toContain('last day $1,560.32: VMs $1,349.11 · volumes $23.43 · clusters $187.78');
    const at120 = creditLine(p, 120);
    expect(displayWidth(at120)).toBeLessThanOrEqual(120);
    expect(at120).toMatch(
      /^Credit \$5,074\.96 · runs out in .* · threshold \$100\.00 · last day \$1,560\.32$/,
    );
    const at80 = creditLine(p, 80);
    expect(displayWidth(at80)).toBeLessThanOrEqual(80);
    expect(at80).toMatch(/^Credit \$5,074\.96 · runs out in [^·]+ · last day \$1,560\.32$/);
  });
});
