/**
 * A key the service would refuse now is a disabled binding: the footer shows it dim and in brackets (meaning not by
 * colour alone), the help gives the reason, the signature changes with it (the footer redraws), and the VMs
 * screen's bindings carry each refusal vmActionBlockers knows.
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Vm } from '../../src/api/schemas/vm.js';
import { type Binding, bindingsSignature, disabledText } from '../../src/ui/bindings.js';
import { Footer, footerItems } from '../../src/ui/Footer.js';
import { helpLines } from '../../src/ui/HelpOverlay.js';
import { vmScreenBindings } from '../support/bindings.js';

const STOP: Binding = { keys: ['x'], label: 'stop', mutation: true };
const BLOCKED: Binding = { ...STOP, disabled: 'the VM is locked' };

describe('disabled bindings', () => {
  it('footer: in brackets, and dim only where colour is on', () => {
    expect(footerItems([BLOCKED], 80).items).toEqual([{ key: 'x', label: '(stop*)', disabled: true }]);
    expect(footerItems([STOP], 80).items).toEqual([{ key: 'x', label: 'stop*' }]);
    const r = render(<Footer bindings={[{ keys: ['enter'], label: 'details' }, BLOCKED]} width={80} />);
    expect(r.lastFrame()).toBe('Enter details  x (stop*)');
    r.unmount();
  });

  it('help: the reason after the label', () => {
    const lines = helpLines([{ title: 'VMs', bindings: [BLOCKED, STOP] }], 100);
    expect(lines[1]).toMatchObject({
      kind: 'binding',
      text: '  x  stop* — not now: the VM is locked',
      disabled: true,
    });
    expect(lines[2]?.disabled).toBeUndefined();
  });

  it('the signature changes when a key becomes disabled (the footer redraws)', () => {
    expect(bindingsSignature([STOP])).not.toBe(bindingsSignature([BLOCKED]));
    expect(disabledText(BLOCKED)).toBe('stop: not possible now: the VM is locked');
  });
});

describe('the VMs screen’s bindings for a VM the service would refuse', () => {
  const vm: Vm = {
    id: 1,
    name: 'gpu-1',
    status: 'ACTIVE',
    floating_ip: '1.2.3.4',
    flavor: { name: 'n3-H100x8', features: { no_hibernation: true, no_snapshot: true } },
  };
  const disabled = (v: Vm) =>
    Object.fromEntries(vmScreenBindings(v).flatMap((b) => (b.disabled ? [[b.label, b.disabled]] : [])));

  it('flavor limits: hibernate and snapshot, naming the flavor', () => {
    expect(disabled(vm)).toEqual({
      hibernate: 'flavor n3-H100x8 does not support hibernation',
      snapshot: 'flavor n3-H100x8 does not support snapshots',
    });
  });

  it('a snapshot being taken: every change, including IP and rules', () => {
    const d = disabled({ ...vm, is_snapshotting: true });
    for (const label of [
      'stop',
      'hard reboot',
      'hibernate',
      'snapshot',
      'delete',
      'detach IP',
      'add rule',
      'resize',
      'console',
    ])
      expect(d[label], label).toBe('a snapshot is being taken: wait until it is done');
    expect(d['copy IP']).toBeUndefined();
  });

  it('locked: power actions, resize and delete; a cluster’s node: delete stays offered (it asks about the cluster)', () => {
    const locked = disabled({ ...vm, flavor: { name: 'n1' }, locked: true });
    expect(Object.keys(locked).sort()).toEqual(['delete', 'hard reboot', 'hibernate', 'resize', 'stop']);
    expect(locked.resize).toBe('the VM is locked');
    const node = disabled({ ...vm, flavor: { name: 'n1' }, locked: true, cluster_id: 7 });
    expect(node.delete).toBeUndefined();
    expect(node.stop).toBe('the VM is locked');
  });
});
