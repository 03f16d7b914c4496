/** The flavors the simulated service sells, per region, with what each cannot do. Ids are stable. */
import type { GpuModel } from './prices.js';
import { REGIONS, type Region } from './regions.js';

/**
 * What a flavor cannot do, as the real service marks flavors (`features.no_hibernation` …): hibernate, be
 * snapshotted, be hard-rebooted, or boot from a volume (its disks are local only).
 */
export interface FlavorLimits {
  noHibernation: boolean;
  noSnapshot: boolean;
  noReboot: boolean;
  localStorageOnly: boolean;
}

export interface FlavorDef {
  id: number;
  name: string;
  displayName: string | null;
  region: Region;
  /** GPU model, '' for CPU-only flavors. */
  gpu: string;
  gpuCount: number;
  cpu: number;
  ram: number;
  disk: number;
  ephemeral: number;
  labels: { id: number; label: string }[];
  limits: FlavorLimits;
  createdAt: string;
}

interface FlavorSpec {
  name: string;
  gpu: GpuModel | '';
  gpuCount: number;
  cpu: number;
  ram: number;
  disk: number;
  ephemeral: number;
  regions: readonly Region[];
  networkOptimised?: boolean;
  limits?: Partial<FlavorLimits>;
}

const NORWAY_CANADA: readonly Region[] = ['NORWAY-1', 'CANADA-1'];
const EVERYWHERE: readonly Region[] = REGIONS;

function family(
  prefix: string,
  gpu: GpuModel,
  sizes: [count: number, cpu: number, ram: number, ephemeral: number, limits?: Partial<FlavorLimits>][],
  regions: readonly Region[],
  networkOptimised = false,
): FlavorSpec[] {
  return sizes.map(([gpuCount, cpu, ram, ephemeral, limits]) => ({
    name: `${prefix}x${gpuCount}`,
    gpu,
    gpuCount,
    cpu,
    ram,
    disk: 100,
    ephemeral,
    regions,
    networkOptimised,
    ...(limits ? { limits } : {}),
  }));
}

/** The CPU-only flavors, the only ones allowed as cluster masters (cores / RAM GB / disk GB). */
export const CPU_ONLY_FLAVORS = ['n1-cpu-small', 'n1-cpu-medium', 'n1-cpu-large'] as const;

/**
 * The big nodes carry the limits: an 8×H100 SXM5 node keeps its NVMe disks local (no boot volume) and cannot
 * hibernate; 8×A100 nodes cannot be snapshotted; 8×RTX A6000 nodes cannot be hard-rebooted. n1-cpu-small cannot
 * hibernate either: the provider's reference names it ("Some flavors (for example, n1-cpu-small) do not",
 * https://docs.hyperstack.cloud/docs/api-reference/hibernate-vm/).
 */
const SPECS: FlavorSpec[] = [
  ...family(
    'n3-H100',
    'H100-80G-PCIe',
    [
      [1, 28, 180, 750],
      [2, 60, 360, 1500],
      [4, 124, 720, 3000],
    ],
    EVERYWHERE,
    true,
  ),
  ...family(
    'n3-H100',
    'H100-80G-SXM5',
    [[8, 192, 1800, 32000, { noHibernation: true, localStorageOnly: true }]],
    EVERYWHERE,
    true,
  ),
  ...family(
    'n3-A100',
    'A100-80G-PCIe',
    [
      [1, 28, 120, 850],
      [2, 60, 240, 1700],
      [4, 124, 480, 3400],
      [8, 252, 960, 6800, { noSnapshot: true }],
    ],
    NORWAY_CANADA,
  ),
  ...family(
    'n3-L40',
    'L40',
    [
      [1, 28, 58, 725],
      [2, 56, 116, 1450],
      [4, 112, 232, 2900],
      [8, 224, 464, 5800],
    ],
    ['CANADA-1'],
  ),
  ...family(
    'n3-RTX-A6000',
    'RTX-A6000',
    [
      [1, 14, 45, 750],
      [2, 28, 90, 1500],
      [4, 56, 180, 3000],
      [8, 112, 360, 6000, { noReboot: true }],
    ],
    ['NORWAY-1'],
  ),
  {
    name: 'n1-cpu-small',
    gpu: '',
    gpuCount: 0,
    cpu: 4,
    ram: 4,
    disk: 100,
    ephemeral: 0,
    regions: EVERYWHERE,
    limits: { noHibernation: true },
  },
  {
    name: 'n1-cpu-medium',
    gpu: '',
    gpuCount: 0,
    cpu: 8,
    ram: 8,
    disk: 100,
    ephemeral: 0,
    regions: EVERYWHERE,
  },
  {
    name: 'n1-cpu-large',
    gpu: '',
    gpuCount: 0,
    cpu: 16,
    ram: 16,
    disk: 200,
    ephemeral: 0,
    regions: EVERYWHERE,
  },
];

const NO_LIMITS: FlavorLimits = {
  noHibernation: false,
  noSnapshot: false,
  noReboot: false,
  localStorageOnly: false,
};

function displayName(s: FlavorSpec): string | null {
  if (s.gpu === '') return null;
  return `${s.gpuCount}x ${s.gpu}`;
}

/** Every flavor of every region, region by region in REGIONS order (a region added last adds ids last). */
export const FLAVORS: readonly FlavorDef[] = (() => {
  const out: FlavorDef[] = [];
  let id = 94;
  for (const region of REGIONS) {
    for (const s of SPECS) {
      if (!s.regions.includes(region)) continue;
      out.push({
        id: id++,
        name: s.name,
        displayName: displayName(s),
        region,
        gpu: s.gpu,
        gpuCount: s.gpuCount,
        cpu: s.cpu,
        ram: s.ram,
        disk: s.disk,
        ephemeral: s.ephemeral,
        labels: s.networkOptimised ? [{ id: 1, label: 'network_optimised' }] : [],
        limits: { ...NO_LIMITS, ...s.limits },
        createdAt: '2024-03-12T09:30:00.000Z',
      });
    }
  }
  return out;
})();

export function findFlavor(name: string, region: Region): FlavorDef | undefined {
  return FLAVORS.find((f) => f.name === name && f.region === region);
}

export function isCpuOnly(f: FlavorDef): boolean {
  return f.gpuCount === 0;
}
