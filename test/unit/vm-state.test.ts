import { describe, expect, it } from 'vitest';
import { isTransitioning, vmActionsFor } from '../../src/domain/vm-state.js';

describe('vm state', () => {
  it('knows moving states from settled ones', () => {
    for (const s of [
      'CREATING',
      'BUILD',
      'STOPPING',
      'STARTING',
      'REBOOTING',
      'HIBERNATING',
      'RESTORING',
      'DELETING',
      'HARD_REBOOT',
    ])
      expect(isTransitioning(s), s).toBe(true);
    for (const s of ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR', '', null])
      expect(isTransitioning(s), String(s)).toBe(false);
  });
  it('offers the actions that fit the status', () => {
    expect([...vmActionsFor('ACTIVE')]).toEqual(
      expect.arrayContaining(['stop', 'hardReboot', 'hibernate', 'delete']),
    );
    expect(vmActionsFor('ACTIVE').has('start')).toBe(false);
    expect(vmActionsFor('SHUTOFF').has('start')).toBe(true);
    expect([...vmActionsFor('HIBERNATED')]).toEqual(['hibernateRestore', 'delete']);
    expect(vmActionsFor('CREATING').size).toBe(0);
  });
});

describe('a stopped VM', () => {
  it('can be hibernated: SHUTOFF is billed in full, HIBERNATED is not', () => {
    expect(vmActionsFor('SHUTOFF').has('hibernate')).toBe(true);
  });
});
