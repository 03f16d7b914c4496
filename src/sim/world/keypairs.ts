/** SSH key pairs: importing a public key (validated like the service does), renaming, deleting. */
import { createHash } from 'node:crypto';
import type { World } from '../world.js';
import { alreadyExists, invalid, requireName } from './errors.js';
import { findKeypairInEnv, requireEnvByName } from './lookup.js';
import type { KeypairRecord } from './types.js';

const KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ssh-dss',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
];

const LINE = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: .*)?$/;

/** Checks an OpenSSH public key line; returns the decoded key blob. */
export function parsePublicKey(text: string): Buffer {
  if (/[\r\n]/.test(text.trim())) throw invalid('public_key must be a single line (no line breaks).');
  const m = LINE.exec(text.trim());
  if (!m) throw invalid('public_key is not an OpenSSH public key ("<type> <base64> [comment]").');
  const [, type, b64] = m as unknown as [string, string, string];
  if (!KEY_TYPES.includes(type)) throw invalid(`public_key has an unsupported key type "${type}".`);
  const blob = Buffer.from(b64, 'base64');
  if (blob.length < 4 + type.length + 16) throw invalid('public_key is truncated.');
  const len = blob.readUInt32BE(0);
  if (len !== type.length || blob.subarray(4, 4 + len).toString('latin1') !== type) {
    throw invalid(`public_key data does not match its declared type "${type}".`);
  }
  if (type === 'ssh-ed25519' && blob.length !== 4 + 11 + 4 + 32)
    throw invalid('public_key is not a valid ed25519 key.');
  return blob;
}

/** The fingerprint the service shows: MD5 of the key blob, colon-separated hex (as OpenStack computes it). */
export function fingerprintOf(blob: Buffer): string {
  const hex = createHash('md5').update(blob).digest('hex');
  return hex.match(/../g)!.join(':');
}

export function importKeypair(
  world: World,
  input: { name: string; environmentName: string; publicKey: string },
): KeypairRecord {
  requireName('name', input.name, 50);
  const env = requireEnvByName(world, input.environmentName);
  const blob = parsePublicKey(input.publicKey);
  if (findKeypairInEnv(world, env.id, input.name)) {
    throw alreadyExists(`A key pair named "${input.name}" already exists in environment "${env.name}".`);
  }
  const kp: KeypairRecord = {
    id: world.nextId('keypair'),
    name: input.name,
    envId: env.id,
    publicKey: input.publicKey.trim(),
    fingerprint: fingerprintOf(blob),
    createdAt: world.now(),
  };
  world.keypairs.set(kp.id, kp);
  return kp;
}

export function renameKeypair(world: World, kp: KeypairRecord, name: string): KeypairRecord {
  requireName('name', name, 50);
  const other = findKeypairInEnv(world, kp.envId, name);
  if (other && other !== kp)
    throw alreadyExists(`A key pair named "${name}" already exists in this environment.`);
  kp.name = name;
  return kp;
}
