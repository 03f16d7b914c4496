/** GPU models and what things cost (USD per hour). */

/** GPU models with their on-demand price per GPU per hour. */
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
/** Hourly price of one GB of snapshot storage (the pricebook's `snapshot` entry). */
export const SNAPSHOT_GB_RATE = 0.0001;
/** Hourly price of one GB of volume storage. */
export const VOLUME_GB_RATE = 0.00011;
/** The volume types (List_volume_types) with their hourly price per GB (the pricebook's entry of that name). */
export const VOLUME_TYPES = { 'Cloud-SSD': VOLUME_GB_RATE, 'Cloud-HDD': 0.00005 } as const;

export function gpuRate(model: string): number {
  return (GPU_MODELS as Record<string, number>)[model] ?? 0;
}

export function round4(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}

/** Hourly list price of a flavor (before discounts, without public IP). */
export function flavorPrice(f: {
  gpu: string;
  gpuCount: number;
  cpu: number;
  ram: number;
  disk: number;
}): number {
  if (f.gpuCount > 0) return round4(f.gpuCount * gpuRate(f.gpu));
  return round4(f.cpu * CPU_RATES.cpu + f.ram * CPU_RATES.ram + f.disk * CPU_RATES.disk);
}
