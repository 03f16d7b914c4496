import type { Readable } from 'node:stream';

/** The body passed the byte limit: reading stopped there. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`response body larger than ${limit} bytes`);
  }
}

/** Bytes received so far, readable even when the read fails (for the exchange report). */
export interface BodyProgress {
  bytes: number;
}

/**
 * Reads a response body as UTF-8, at most `limit` bytes. Past the limit it destroys the stream (undici then closes
 * the connection: a half-read body cannot be reused) and throws BodyTooLarge, so a body that never ends costs at
 * most `limit` bytes of memory. A Content-Length already over the limit fails before reading anything.
 */
export async function readCapped(
  body: Readable,
  limit: number,
  declaredLength: string | string[] | undefined,
  progress: BodyProgress,
): Promise<string> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength);
  if (declared > limit) {
    body.destroy();
    throw new BodyTooLarge(limit);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer>) {
    progress.bytes += chunk.length;
    if (progress.bytes > limit) {
      body.destroy();
      throw new BodyTooLarge(limit);
    }
    chunks.push(chunk);
  }
  // Decoded once at the end, so a character split between two chunks is not mangled.
  return Buffer.concat(chunks, progress.bytes).toString('utf8');
}
