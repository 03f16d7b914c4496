// Types for scripts/bundle/patches.mjs (plain JS: the build runs it with node, before anything is compiled).
export interface Patch {
  file: RegExp;
  find: string;
  replace?: string;
  prepend?: string;
  use?: string;
  only?: boolean;
  tests?: boolean;
}
export const PATCHES: readonly Patch[];
export const LAZY_SEGMENTER: string;
export function applyPatches(
  path: string,
  text: string,
  patches?: readonly Patch[],
): { text: string; used: Patch[] };
export function esbuildPatches(applied: Set<Patch>): unknown;
export function vitePatches(): {
  name: string;
  enforce: 'pre';
  transform(code: string, id: string): { code: string; map: null } | undefined;
};
