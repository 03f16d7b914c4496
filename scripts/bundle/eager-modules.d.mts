// Types for eager-modules.mjs (used by the build, and by test/unit/eager-modules.test.ts).
export interface Chunk {
  name: string;
  text: string;
}
export function eagerModuleBodies(chunks: Chunk[]): {
  chunks: Chunk[];
  stats: { rewritten: number; kept: number };
};
