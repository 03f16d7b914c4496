import { describe, expect, it } from 'vitest';
import { hibernateBlocker } from '../../src/domain/vm-blockers.js';
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
  it('is not hibernated as it is: the service hibernates only ACTIVE VMs (it is started first)', () => {
    expect(vmActionsFor('SHUTOFF').has('hibernate')).toBe(false);
    expect(hibernateBlocker({ status: 'SHUTOFF' })).toBeUndefined();
    expect(hibernateBlocker({ status: 'SHUTOFF', locked: true })).toBe('the VM is locked');
    expect(
      hibernateBlocker({
        status: 'SHUTOFF',
        flavor: { name: 'n1-cpu-small', features: { no_hibernation: true } },
      }),
    ).toBe('flavor n1-cpu-small does not support hibernation');
    expect(hibernateBlocker({ status: 'ERROR' })).toBe('not possible while the VM is ERROR');
  });
});
