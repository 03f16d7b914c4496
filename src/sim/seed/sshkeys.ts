/** Real-format OpenSSH public keys from the seeded RNG (random key material, correct wire encoding). */
import type { Rng } from '../rng.js';
import { fingerprintOf } from '../world/keypairs.js';

function sshString(data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, data]);
}

function randomBytes(rng: Rng, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = rng.int(0, 255);
  return b;
}

function mpint(bytes: Buffer): Buffer {
  return sshString((bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

export interface SeededKey {
  publicKey: string;
  fingerprint: string;
}

export function seededKey(rng: Rng, type: 'ed25519' | 'rsa', comment: string): SeededKey {
  let blob: Buffer;
  if (type === 'ed25519') {
    blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(randomBytes(rng, 32))]);
  } else {
    const n = randomBytes(rng, 384); // 3072-bit modulus
    n[0] = (n[0] ?? 0) | 0x80;
    n[383] = (n[383] ?? 0) | 1;
    blob = Buffer.concat([sshString(Buffer.from('ssh-rsa')), mpint(Buffer.from([1, 0, 1])), mpint(n)]);
  }
  const kind = type === 'ed25519' ? 'ssh-ed25519' : 'ssh-rsa';
  return { publicKey: `${kind} ${blob.toString('base64')} ${comment}`, fingerprint: fingerprintOf(blob) };
}
