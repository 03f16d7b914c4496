/** The OS images of each region, some restricted to certain flavors. Ids are stable. */
import { maxOf } from '../../domain/lists.js';
import { REGIONS, type Region } from './regions.js';

/**
 * Which flavors an image runs on (the document's FlavorRestrictions): with `hard` restrictions, only those; a
 * create with another flavor is refused.
 */
export interface ImageRestrictions {
  type: 'hard' | 'soft';
  flavors: readonly string[];
  reason: string;
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
  restrictions: ImageRestrictions | null;
  /** When it was made (images made of snapshots; the catalog's have none). */
  createdAt?: number;
}

interface ImageSpec {
  name: string;
  type: string;
  version: string;
  size: number;
  description: string | null;
  labels: string[];
  regions: readonly Region[];
  restrictions?: ImageRestrictions;
}

const NORWAY_CANADA: readonly Region[] = ['NORWAY-1', 'CANADA-1'];
const EVERYWHERE: readonly Region[] = REGIONS;

const IMAGE_SPECS: ImageSpec[] = [
  {
    name: 'Ubuntu Server 22.04 LTS',
    type: 'Ubuntu',
    version: '22.04',
    size: 2_361_393_152,
    description: 'Ubuntu Server 22.04 LTS (Jammy Jellyfish), minimal install',
    labels: [],
    regions: EVERYWHERE,
  },
  {
    name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2',
    type: 'Ubuntu',
    version: '22.04',
    size: 8_912_896_000,
    description: 'Ubuntu 22.04 with NVIDIA driver 535 and CUDA 12.2',
    labels: ['cuda'],
    regions: EVERYWHERE,
  },
  {
    name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2 with Docker',
    type: 'Ubuntu',
    version: '22.04',
    size: 9_663_676_416,
    description: 'Ubuntu 22.04 with NVIDIA driver 535, CUDA 12.2, Docker and the NVIDIA container toolkit',
    labels: ['cuda', 'docker'],
    regions: NORWAY_CANADA,
  },
  {
    name: 'Ubuntu Server 24.04 LTS',
    type: 'Ubuntu',
    version: '24.04',
    size: 2_576_980_378,
    description: 'Ubuntu Server 24.04 LTS (Noble Numbat), minimal install',
    labels: [],
    regions: EVERYWHERE,
  },
  {
    name: 'Ubuntu Server 24.04 LTS R550 CUDA 12.4 with Docker',
    type: 'Ubuntu',
    version: '24.04',
    size: 10_307_921_510,
    description: null,
    labels: ['cuda', 'docker'],
    regions: EVERYWHERE,
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

/**
 * Images restricted to some flavors. Listed apart and numbered after the others, so that adding them changed no
 * other image's id (and the seeded VMs never use them: seed/vms.ts picks among unrestricted images).
 */
const RESTRICTED_SPECS: ImageSpec[] = [
  {
    name: 'Ubuntu Server 22.04 LTS H100 NVLink Fabric',
    type: 'Ubuntu',
    version: '22.04',
    size: 9_126_805_504,
    description: 'Ubuntu 22.04 with the NVLink fabric manager, for 8×H100 SXM5 nodes only',
    labels: ['cuda'],
    regions: EVERYWHERE,
    restrictions: {
      type: 'hard',
      flavors: ['n3-H100x8'],
      reason: 'needs the NVLink fabric of an 8×H100 SXM5 node',
    },
  },
];

function build(specs: ImageSpec[], firstId: number, firstLabelId: number): ImageDef[] {
  const out: ImageDef[] = [];
  let id = firstId;
  let labelId = firstLabelId;
  for (const region of REGIONS) {
    for (const s of specs) {
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
        restrictions: s.restrictions ?? null,
      });
    }
  }
  return out;
}

export const IMAGES: readonly ImageDef[] = (() => {
  const base = build(IMAGE_SPECS, 60, 1);
  const lastLabel = maxOf(
    base.flatMap((i) => i.labels.map((l) => l.id)),
    0,
  );
  return [...base, ...build(RESTRICTED_SPECS, base.length + 60, lastLabel + 1)];
})();

export function findImage(name: string, region: Region): ImageDef | undefined {
  return IMAGES.find((i) => i.name === name && i.region === region);
}

/** Whether the image may run on the flavor: undefined if so, else why not. */
export function imageRefusesFlavor(image: ImageDef, flavorName: string): string | undefined {
  const r = image.restrictions;
  if (r?.type !== 'hard' || r.flavors.includes(flavorName)) return undefined;
  return `Image "${image.name}" cannot be used with flavor ${flavorName}: it runs only on ${r.flavors.join(', ')} (${r.reason}).`;
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
