// A screen of several views names them all on its title line: at 80 columns Billing's seven still show whole.
import { describe, expect, it } from 'vitest';
import { viewsLine } from '../../src/ui/screen/useViews.js';

const BILLING = [
  { key: 'u', view: 'usage' },
  { key: 'b', view: 'bills' },
  { key: 'c', view: 'contracts' },
  { key: 'p', view: 'payments' },
  { key: 'a', view: 'alerts' },
  { key: 'h', view: 'history' },
  { key: 'f', view: 'top-up' },
] as const;

describe('viewsLine', () => {
  it('two spaces between the views where they fit, one where they do not, cut only past that', () => {
    const wide = viewsLine('Billing', BILLING, 'usage', 120);
    expect(wide).toBe('Billing  [u usage]  b bills  c contracts  p payments  a alerts  h history  f top-up');
    const at80 = viewsLine('Billing', BILLING, 'usage', 80);
    expect(at80).toBe('Billing  [u usage] b bills c contracts p payments a alerts h history f top-up');
    expect(at80.length).toBeLessThanOrEqual(80);
    expect(viewsLine('Billing', BILLING, 'alerts', 40)).toHaveLength(40);
    expect(viewsLine('Billing', BILLING, 'alerts', 40).endsWith('…')).toBe(true);
  });
});
