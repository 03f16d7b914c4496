/**
 * What the simulated service sells: regions, GPU models and their prices, flavors, OS images and Kubernetes
 * versions. Static (the same for every seed); stock, which changes from seed to seed, lives in the world.
 */

export const REGIONS = ['NORWAY-1', 'CANADA-1'] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_IDS: Record<Region, number> = { 'NORWAY-1': 1, 'CANADA-1': 3 };

export function isRegion(v: unknown): v is Region {
  return typeof v === 'string' && (REGIONS as readonly string[]).includes(v);
}

/** GPU models with their on-demand price per GPU per hour (USD). */
export const GPU_MODELS = {
  'H100-80G-PCIe': 1.9,
  'H100-80G-SXM5': 2.4,
  'A100-80G-PCIe': 1.35,
  L40: 1.0,
  'RTX-A6000': 0.5,
} as const;
export type GpuModel = keyof typeof GPU_MODELS;

/** Hourly rates of the parts of a CPU-only flavor (GPU flavors bundle them in the GPU price). */
export const CPU_RATES = { cpu: 0.004, ram: 0.001, disk: 0.00005 } as const;
/** Hourly price of a public IP. */
export const PUBLIC_IP_RATE = 0.005;
/** Hourly price of one GB of volume storage. */
export const VOLUME_GB_RATE = 0.00011;

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
}

const BOTH = REGIONS;

function family(
  prefix: string,
  gpu: GpuModel,
  sizes: [count: number, cpu: number, ram: number, ephemeral: number][],
  regions: readonly Region[],
  networkOptimised = false,
): FlavorSpec[] {
  return sizes.map(([gpuCount, cpu, ram, ephemeral]) => ({
    name: `${prefix}x${gpuCount}`,
    gpu,
    gpuCount,
    cpu,
    ram,
    disk: 100,
    ephemeral,
    regions,
    networkOptimised,
  }));
}

/** The CPU-only flavors, the only ones allowed as cluster masters (cores / RAM GB / disk GB). */
export const CPU_ONLY_FLAVORS = ['n1-cpu-small', 'n1-cpu-medium', 'n1-cpu-large'] as const;

const SPECS: FlavorSpec[] = [
  ...family(
    'n3-H100',
    'H100-80G-PCIe',
    [
      [1, 28, 180, 750],
      [2, 60, 360, 1500],
      [4, 124, 720, 3000],
    ],
    BOTH,
    true,
  ),
  ...family('n3-H100', 'H100-80G-SXM5', [[8, 192, 1800, 32000]], BOTH, true),
  ...family(
    'n3-A100',
    'A100-80G-PCIe',
    [
      [1, 28, 120, 850],
      [2, 60, 240, 1700],
      [4, 124, 480, 3400],
      [8, 252, 960, 6800],
    ],
    BOTH,
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
      [8, 112, 360, 6000],
    ],
    ['NORWAY-1'],
  ),
  { name: 'n1-cpu-small', gpu: '', gpuCount: 0, cpu: 4, ram: 4, disk: 100, ephemeral: 0, regions: BOTH },
  { name: 'n1-cpu-medium', gpu: '', gpuCount: 0, cpu: 8, ram: 8, disk: 100, ephemeral: 0, regions: BOTH },
  { name: 'n1-cpu-large', gpu: '', gpuCount: 0, cpu: 16, ram: 16, disk: 200, ephemeral: 0, regions: BOTH },
];

function displayName(s: FlavorSpec): string | null {
  if (s.gpu === '') return null;
  return `${s.gpuCount}x ${s.gpu}`;
}

/** Every flavor of every region, ids stable. */
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

export interface ImageDef {
  id: number;
  name: string;
  region: Region;
  type: string;
  version: string;
  size: number;
  description: string | null;
  labels: { id: number; label: string }[];
  isPublic: boolean;
}

interface ImageSpec {
  name: string;
  type: string;
  version: string;
  size: number;
  description: string | null;
  labels: string[];
  regions: readonly Region[];
}

const IMAGE_SPECS: ImageSpec[] = [
  {
    name: 'Ubuntu Server 22.04 LTS',
    type: 'Ubuntu',
    version: '22.04',
    size: 2_361_393_152,
    description: 'Ubuntu Server 22.04 LTS (Jammy Jellyfish), minimal install',
    labels: [],
    regions: BOTH,
  },
  {
    name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2',
    type: 'Ubuntu',
    version: '22.04',
    size: 8_912_896_000,
    description: 'Ubuntu 22.04 with NVIDIA driver 535 and CUDA 12.2',
    labels: ['cuda'],
    regions: BOTH,
  },
  {
    name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker',
    type: 'Ubuntu',
    version: '22.04',
    size: 9_663_676_416,
    description: 'Ubuntu 22.04 with NVIDIA driver 535, CUDA 12.2, Docker and the NVIDIA container toolkit',
    labels: ['cuda', 'docker'],
    regions: BOTH,
  },
  {
    name: 'Ubuntu Server 24.04 LTS',
    type: 'Ubuntu',
    version: '24.04',
    size: 2_576_980_378,
    description: 'Ubuntu Server 24.04 LTS (Noble Numbat), minimal install',
    labels: [],
    regions: BOTH,
  },
  {
    name: 'Ubuntu Server 24.04 LTS R550 CUDA 12.4 with Docker',
    type: 'Ubuntu',
    version: '24.04',
    size: 10_307_921_510,
    description: null,
    labels: ['cuda', 'docker'],
    regions: BOTH,
  },
  {
    name: 'Ubuntu Server 20.04 LTS R470 CUDA 11.4',
    type: 'Ubuntu',
    version: '20.04',
    size: 7_516_192_768,
    description: 'Legacy image for CUDA 11 workloads',
    labels: ['cuda'],
    regions: ['NORWAY-1'],
  },
  {
    name: 'Windows Server 2022',
    type: 'Windows',
    version: '2022',
    size: 21_474_836_480,
    description: 'Windows Server 2022 Datacenter with NVIDIA GRID driver',
    labels: [],
    regions: ['CANADA-1'],
  },
];

export const IMAGES: readonly ImageDef[] = (() => {
  const out: ImageDef[] = [];
  let id = 60;
  let labelId = 1;
  for (const region of REGIONS) {
    for (const s of IMAGE_SPECS) {
      if (!s.regions.includes(region)) continue;
      out.push({
        id: id++,
        name: s.name,
        region,
        type: s.type,
        version: s.version,
        size: s.size,
        description: s.description,
        labels: s.labels.map((label) => ({ id: labelId++, label })),
        isPublic: true,
      });
    }
  }
  return out;
})();

export function findImage(name: string, region: Region): ImageDef | undefined {
  return IMAGES.find((i) => i.name === name && i.region === region);
}

export const IMAGE_LOGOS: Record<string, string> = {
  Ubuntu: 'https://infrahub-api.nexgencloud.com/static/logos/ubuntu.png',
  Windows: 'https://infrahub-api.nexgencloud.com/static/logos/windows.png',
};

/** Images with this suffix cannot be used for Kubernetes clusters. */
export const DOCKER_SUFFIX = 'with Docker';

export function displaySize(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return `${gb.toFixed(2)} GB`;
}

export function osOf(image: ImageDef): string {
  return `${image.type} ${image.version}`;
}

export const KUBERNETES_VERSIONS = ['1.27.8', '1.28.10', '1.29.4', '1.30.2'] as const;

/** Hourly list price of a flavor (before discounts, without public IP). */
export function flavorPrice(f: FlavorDef): number {
  if (f.gpuCount > 0) return round4(f.gpuCount * gpuRate(f.gpu));
  return round4(f.cpu * CPU_RATES.cpu + f.ram * CPU_RATES.ram + f.disk * CPU_RATES.disk);
}

export function gpuRate(model: string): number {
  return (GPU_MODELS as Record<string, number>)[model] ?? 0;
}

export function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
