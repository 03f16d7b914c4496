/** API keys the simulator accepts. They are printed by `hyperstack-tui simulate` and used by `--demo`. */
export const DEMO_KEYS = {
  /** Full access: an organization admin. */
  admin: 'sim-admin-7f3c9a2e4b1d',
  /** A member whose role only grants list/read permissions: every mutation is refused with 403. */
  readonly: 'sim-readonly-5e8d1c6b0a94',
} as const;

export type SimRole = keyof typeof DEMO_KEYS;

export function roleForKey(key: string | undefined): SimRole | undefined {
  if (key === DEMO_KEYS.admin) return 'admin';
  if (key === DEMO_KEYS.readonly) return 'readonly';
  return undefined;
}
