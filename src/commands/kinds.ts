import { LIST_KINDS, type ListName } from '../../screens/lists/kinds.js';

/** What `get` lists (every list a screen shows: screens/lists/), in the order its help names them. */
export const GET_KINDS = Object.keys(LIST_KINDS) as ListName[];
export type GetKind = ListName;

/** The kind a word names (a kind or one of its other names, any case). */
export function findKind(name: string): GetKind | undefined {
  const n = name.toLowerCase();
  return GET_KINDS.find((k) => k === n || (LIST_KINDS[k] as readonly string[]).includes(n));
}

/** Output formats of `get`. */
export const OUTPUTS = ['table', 'wide', 'json', 'name'] as const;
export type Output = (typeof OUTPUTS)[number];

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
