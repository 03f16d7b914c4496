/** When a running VM counts as idle and a snapshot as old: the config's `waste` section, and its defaults. */

export interface IdleSettings {
  /** CPU below this share of its vCPUs (%). */
  cpuPercent: number;
  /** Network in + out below this many bytes a second. */
  networkBytesPerSecond: number;
  /** For this many hours. */
  hours: number;
}

export interface WasteSettings extends IdleSettings {
  /** A snapshot older than this many days is listed (its storage bills). */
  snapshotDays: number;
}

export const DEFAULT_WASTE: WasteSettings = {
  cpuPercent: 5,
  networkBytesPerSecond: 20_000,
  hours: 6,
  snapshotDays: 30,
};
