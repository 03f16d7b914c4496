// Types for pack-chunks.mjs (used by the build, and by test/unit/boot-pieces.test.ts).
export const CLOSE_ESCAPE: string;
export function packChunks(
  chunks: ReadonlyArray<{ name: string; text: string }>,
  entry: string,
): {
  payload: string;
  manifest: {
    entry: string;
    key: string;
    payloadBytes: number;
    pieces: Record<string, [number, number, number]>;
  };
};
