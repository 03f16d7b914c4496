import { describe, expect, it } from 'vitest';
import { availableAtLeast, availableText, plannedText } from '../../src/domain/stock.js';

describe('stock', () => {
  it('reads available as a lower bound', () => {
    expect(availableAtLeast('10+')).toBe(10);
    expect(availableAtLeast('3')).toBe(3);
    expect(availableAtLeast('lots')).toBeUndefined();
    expect(availableText('10+')).toBe('10+');
    expect(availableText('2')).toBe('at least 2');
    expect(availableText('0')).toBe('none');
    expect(availableText(null)).toBe('—');
  });
  it('null planned means no data, not zero', () => {
    expect(plannedText(null)).toBe('no data');
    expect(plannedText('0')).toBe('0');
    expect(plannedText('20')).toBe('20');
  });
});
