import { describe, expect, it } from 'vitest';
import { creditAlert, hoursLeft, runwayText, timeLeftText } from '../../src/domain/credit.js';

describe('credit runway', () => {
  it('hours left are the credit over the burn rate; nothing burning is no answer', () => {
    expect(hoursLeft(140, 10)).toBe(14);
    expect(hoursLeft(140, 0)).toBeNull();
    expect(hoursLeft(null, 10)).toBeNull();
    expect(hoursLeft(-5, 10)).toBe(0);
  });

  it('the header warns under 72 h, urgently under 24 h, and says the time left in words', () => {
    expect(creditAlert(1000, 10)).toBeUndefined();
    expect(creditAlert(500, 10)).toEqual({ level: 'warn', text: '⚠ credit runs out in ~2 d 2 h' });
    expect(creditAlert(140, 10)).toEqual({ level: 'urgent', text: '‼ credit runs out in ~14 h' });
    expect(creditAlert(5, 10)).toEqual({ level: 'urgent', text: '‼ credit runs out in ~30 min' });
    expect(creditAlert(-1, 10)?.text).toBe('‼ credit exhausted: prepaid resources are suspended');
    expect(creditAlert(100, 0)).toBeUndefined();
  });

  it('words for the billing screen', () => {
    expect(timeLeftText(72)).toBe('~3 d');
    expect(runwayText(140, 10)).toBe('runs out in ~14 h at this rate');
    expect(runwayText(140, 0)).toBe('nothing burning now');
  });
});
