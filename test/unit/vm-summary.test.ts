import { describe, expect, it } from 'vitest';
import type { Firewall, FirewallRule } from '../../src/api/schemas/firewall.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { vmSshCommand } from '../../src/domain/address.js';
import { openingText, vmOpenings } from '../../src/domain/vm-reach.js';
import { stateSince } from '../../src/domain/vm-uptime.js';
import type { DetailLine } from '../../src/ui/DetailPane.js';
import { vmDetailLines } from '../../src/ui/details/vm-detail.js';
import { SSH_RULE } from '../fixtures/api/vm.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const rule = (id: number, over: Partial<FirewallRule> = {}): FirewallRule => ({
  id,
  ...SSH_RULE,
  status: 'ACTIVE',
  ...over,
});

const VM: Vm = {
  id: 7,
  name: 'ray-worker-1',
  status: 'ACTIVE',
  power_state: 'RUNNING',
  vm_state: 'active',
  environment: { name: 'research-norway' },
  image: { name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2' },
  flavor: { name: 'n3-H100x8', gpu: 'H100-80G-SXM5', gpu_count: 8, cpu: 192, ram: 1800 },
  fixed_ip: '10.0.0.5',
  floating_ip: '185.216.20.3',
  security_rules: [rule(1, { protocol: 'icmp', port_range_min: null, port_range_max: null })],
  created_at: '2026-01-01T00:00:00Z',
};

const FIREWALLS: Firewall[] = [
  {
    id: 1,
    name: 'allow-ssh',
    rules: [rule(10), rule(11, { direction: 'egress', port_range_min: 443, port_range_max: 443 })],
    attachments: [{ id: 1, vm: { id: 7, name: 'ray-worker-1' } }],
  },
  { id: 2, name: 'web', rules: [rule(12, { port_range_min: 80, port_range_max: 80 })], attachments: [] },
];

const render = (l: DetailLine) =>
  l.kind === 'section' ? `## ${l.title}` : l.kind === 'field' ? `${l.label}: ${l.value}` : l.text;

function lines(vm: Vm, firewalls: Firewall[] | null = FIREWALLS): string[] {
  return vmDetailLines({
    vm,
    region: 'NORWAY-1',
    events: [
      { time: '2026-01-01T00:01:00Z', reason: 'Created' },
      { time: '2026-03-01T09:00:00Z', reason: 'Rebooted' },
      { time: '2026-03-01T11:00:00Z', reason: 'LabelsEdited' },
    ],
    eventsLoading: false,
    rate: { resource: { price: 20, actual_price: 16.5, resources: [] } } as never,
    rateLoading: false,
    now: NOW,
    firewalls: firewalls ?? undefined,
    width: 80,
  }).map(render);
}

describe('VM detail: the first screenful answers triage', () => {
  it('state and uptime, the ssh line, GPUs and flavor, $/h now, who can reach it, IPs and place: in the first 10 lines', () => {
    const first = lines(VM).slice(0, 10).join('\n');
    expect(first).toContain('state: ● ACTIVE · RUNNING · up 3h'); // since the reboot, not the label edit
    expect(first).toContain('ssh: ssh ubuntu@185.216.20.3');
    expect(first).toContain('GPU: 8 × H100-80G-SXM5 · n3-H100x8 · 192 vCPU / 1800 GB');
    expect(first).toContain('cost: $16.50/h now (list $20.00/h)');
    // its own rule and the attached firewall's; not the firewall it is not attached to, nor an egress rule
    expect(first).toMatch(
      /reach: icmp from anywhere \(own rule\) · tcp 22 from anywhere\s*(\n: )?\(allow-ssh\)/,
    );
    expect(first).not.toContain('tcp 80');
    expect(first).not.toContain('443 from');
    expect(first).toContain('IP: 185.216.20.3 public · 10.0.0.5 private');
    expect(first).toContain('where: research-norway · NORWAY-1');
  });

  it('the firewalls attached are listed with their rules; an egress rule goes "to"', () => {
    const all = lines(VM).join('\n');
    expect(all).toContain('## Firewalls (1)');
    expect(all).toContain('allow-ssh: 2 rules');
    expect(all).toContain('egress tcp port 443 to 0.0.0.0/0');
    expect(all).not.toMatch(/egress .* from /);
  });

  it('no inbound rule, no public IP, an ERROR VM: each said with what to do', () => {
    const bare = lines({ ...VM, security_rules: [], floating_ip: null, status: 'ERROR' }, []);
    const first = bare.slice(0, 8).join('\n');
    expect(first).toContain('state: ✖ ERROR · RUNNING · b hard-reboots it, D deletes it');
    expect(first).toContain('ssh: — no public IP');
    expect(first).toMatch(/reach: no public IP: its private network only; nothing: no inbound/);
    // no ssh opening: how to open it
    const http = lines({ ...VM, security_rules: [rule(3, { port_range_min: 80, port_range_max: 80 })] }, []);
    expect(http.join('\n')).toContain('tcp 80 from anywhere (own rule) · not ssh (p opens it)');
    // the firewalls not loaded yet: said so
    const loading = lines(VM, null).slice(0, 10).join('\n').replace(/\n: /g, ' ');
    expect(loading).toContain('(its firewalls: loading…)');
    expect(loading).not.toContain('not ssh');
  });
});

describe('pieces of the summary', () => {
  it('ssh: the image’s default user; an unknown image gets none; an address that is not one gets no line', () => {
    expect(vmSshCommand(VM)).toBe('ssh ubuntu@185.216.20.3');
    expect(vmSshCommand({ ...VM, image: { name: 'Rocky Linux 9' } })).toBe('ssh rocky@185.216.20.3');
    expect(vmSshCommand({ ...VM, image: null })).toBe('ssh 185.216.20.3');
    expect(vmSshCommand({ ...VM, floating_ip: '1.2.3.4 -oProxyCommand=x' })).toBeUndefined();
  });

  it('openings: one per protocol, ports and source, the first that says it named', () => {
    const fw = { ...FIREWALLS[0]!, rules: [rule(20), rule(21, { remote_ip_prefix: '10.0.0.0/8' })] };
    const o = vmOpenings({ id: 7, security_rules: [rule(5)] }, [fw]);
    expect(o.map(openingText)).toEqual([
      'tcp 22 from anywhere (own rule)',
      'tcp 22 from 10.0.0.0/8 (allow-ssh)',
    ]);
  });

  it('since when: the latest start for an ACTIVE VM, the latest stop for a stopped one; unknown without', () => {
    const events = [
      { time: '2026-02-01T00:00:00Z', reason: 'Started' },
      { time: '2026-02-02T00:00:00Z', reason: 'Stopped' },
    ];
    expect(stateSince(VM, events).at).toBe(Date.parse('2026-02-01T00:00:00Z'));
    expect(stateSince({ ...VM, status: 'SHUTOFF' }, events).at).toBe(Date.parse('2026-02-02T00:00:00Z'));
    expect(stateSince({ ...VM, status: 'SHUTOFF' }, []).at).toBeUndefined();
    expect(stateSince(VM, [])).toEqual({ at: Date.parse('2026-01-01T00:00:00Z') });
  });
});
