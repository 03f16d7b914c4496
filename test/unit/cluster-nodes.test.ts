import { describe, expect, it } from 'vitest';
import {
  masterSummary,
  nodeAddresses,
  workerCount,
  workerFlavors,
  workerFlavorText,
} from '../../src/domain/cluster-nodes.js';

const a100 = { name: 'n3-A100x1', gpu: 'A100-80G-PCIe', gpu_count: 1 };
const h100 = { name: 'n3-H100x1', gpu: 'H100-80G-PCIe', gpu_count: 1 };
const cpu = { name: 'n1-cpu-medium', gpu: '', gpu_count: 0 };

/** The real service's shape: two worker groups, a bastion, masters counted. */
const real = {
  master_count: 3,
  master_flavor: cpu,
  node_groups: [
    { name: 'gpu-a', role: 'worker', count: 2, min_count: 1, max_count: 4, flavor: a100, firewall_ids: [] },
    { name: 'gpu-b', count: 1, flavor: h100 },
  ],
  nodes: [
    { role: 'master', node_group_name: 'masters', is_bastion: false, instance: { floating_ip: '1.1.1.1' } },
    { role: 'bastion', is_bastion: true, instance: { floating_ip: '1.1.1.2' } },
    { role: 'worker', node_group_name: 'gpu-a', instance: { floating_ip: null } },
    { role: 'worker', node_group_name: 'gpu-a', instance: { floating_ip: '1.1.1.4' } },
  ],
};

/** The spec's shape (service-api.md). */
const spec = { node_count: 3, node_flavor: a100, node_addresses: ['2.2.2.2'], master_flavor: cpu };

describe('workerCount', () => {
  it('sums the worker groups (any group but a master one: no role, or an unknown one, is a worker group)', () => {
    expect(workerCount(real)).toBe(3);
    expect(
      workerCount({
        node_groups: [
          { role: 'role', count: 3 },
          { role: 'master', count: 3 },
        ],
      }),
    ).toBe(3);
  });
  it('reads the spec when there are no groups, and the groups win over node_count', () => {
    expect(workerCount(spec)).toBe(3);
    expect(workerCount({ ...spec, node_groups: [{ role: 'worker', count: 5, flavor: a100 }] })).toBe(5);
  });
  it('counts listed worker nodes as the last resort, and says undefined when nothing tells', () => {
    expect(workerCount({ nodes: real.nodes })).toBe(2);
    expect(workerCount({})).toBeUndefined();
    expect(workerCount({ node_groups: [], nodes: [], node_count: null })).toBeUndefined();
  });
});

describe('workerFlavors', () => {
  it('one entry per worker group, with count and group name', () => {
    expect(workerFlavors(real)).toEqual([
      { flavor: a100, count: 2, group: 'gpu-a' },
      { flavor: h100, count: 1, group: 'gpu-b' },
    ]);
    expect(workerFlavorText(real)).toBe('2 × n3-A100x1 + 1 × n3-H100x1');
  });
  it('the spec’s single flavor, or nothing', () => {
    expect(workerFlavors(spec)).toEqual([{ flavor: a100, count: 3, group: undefined }]);
    expect(workerFlavorText({ node_flavor: a100 })).toBe('? × n3-A100x1');
    expect(workerFlavors({})).toEqual([]);
    expect(workerFlavorText({})).toBeUndefined();
  });
});

describe('masterSummary and nodeAddresses', () => {
  it('master_count, else the master nodes listed', () => {
    expect(masterSummary(real)).toEqual({ count: 3, flavor: cpu });
    expect(masterSummary({ nodes: real.nodes })).toEqual({ count: 1, flavor: undefined });
    expect(masterSummary(spec)).toEqual({ count: undefined, flavor: cpu });
  });
  it('public addresses of the nodes, else the spec’s list', () => {
    expect(nodeAddresses(real)).toEqual(['1.1.1.1', '1.1.1.2', '1.1.1.4']);
    expect(nodeAddresses(spec)).toEqual(['2.2.2.2']);
    expect(nodeAddresses({})).toEqual([]);
  });
});
