import { describe, expect, it } from 'vitest';
import { flavorHourly } from '../../src/domain/pricing.js';

describe('flavorHourly', () => {
  const book = new Map([
    ['H100-80G-PCIe', 1.9],
    ['n1-cpu-small', 0.0252],
  ]);
  it('prices GPU flavors per GPU and CPU-only flavors by name', () => {
    expect(flavorHourly({ name: 'n3-H100x4', gpu: 'H100-80G-PCIe', gpu_count: 4 }, book)).toBe(7.6);
    expect(flavorHourly({ name: 'n1-cpu-small', gpu: '', gpu_count: 0 }, book)).toBe(0.0252);
  });
  it('is unknown when the pricebook does not say', () => {
    expect(flavorHourly({ name: 'n3-L40x1', gpu: 'L40', gpu_count: 1 }, book)).toBeUndefined();
    expect(flavorHourly({ name: 'n1-cpu-large', gpu: null, gpu_count: 0 }, book)).toBeUndefined();
  });
});
