// Types for record-hot.mjs (used by the build, and by test/unit/hot-functions.test.ts).
export const PIECE_HEAD: string;
export function recordHotFunctions(bundle: string): Promise<Map<string, Set<number>>>;
