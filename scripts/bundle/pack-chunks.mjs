// The app's pieces as one block comment for the end of the bundle, and the manifest that tells src/boot/chunks.ts
// where each piece is in it, in bytes of UTF-8. A piece's own "*/" would close the comment: it is written "*\x01/"
// (a byte no piece holds: the build checks) and the boot code puts it back.
import { createHash } from 'node:crypto';

export const CLOSE_ESCAPE = '*\x01/';
const HEAD =
  '\n/* hyperstack-tui: the app, in pieces compiled on demand (scripts/build.mjs, src/boot/chunks.ts)\n';
const TAIL = '*/\n';

/** `chunks`: [{ name, text }]; `entry`: the piece that starts the app. */
export function packChunks(chunks, entry) {
  if (!chunks.some((c) => c.name === entry)) throw new Error(`no piece named ${entry}`);
  let payload = HEAD;
  let bytes = Buffer.byteLength(HEAD);
  const pieces = {};
  for (const { name, text } of chunks) {
    if (text.includes('\x01')) throw new Error(`${name}: holds a \\x01 byte, which marks an escaped "*/"`);
    const escaped = text.includes('*/');
    const body = escaped ? text.replaceAll('*/', CLOSE_ESCAPE) : text;
    const size = Buffer.byteLength(body);
    pieces[name] = [bytes, size, escaped ? 1 : 0];
    payload += body;
    bytes += size;
  }
  payload += TAIL;
  bytes += Buffer.byteLength(TAIL);
  // The identity of this build's code: its code cache is only ever used with the very same pieces.
  const key = createHash('sha256').update(payload).digest('hex').slice(0, 16);
  return { payload, manifest: { entry, key, payloadBytes: bytes, pieces } };
}
