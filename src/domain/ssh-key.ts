/**
 * OpenSSH public keys (`<type> <base64> [comment]`, one line) checked before they are sent: the type is one the
 * service takes, the data is base64 that decodes to an SSH key blob whose embedded type matches the declared one,
 * and the key itself is well formed (ed25519 length, RSA size, ECDSA curve). Every refusal says what to do.
 */
import { createHash } from 'node:crypto';

/** Key types accepted here (the service also takes security-key variants). */
export const KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** RSA keys shorter than this are refused (OpenSSH's own default is 3072). */
export const RSA_MIN_BITS = 2048;

export interface PublicKey {
  type: KeyType;
  /** The key blob (what the base64 decodes to). */
  blob: Buffer;
  /** Size of the key in bits (256 for ed25519, the modulus for RSA, the curve for ECDSA). */
  bits: number;
  comment: string;
  /** The line to send: type, data and comment separated by single spaces. */
  line: string;
  /** "SHA256:…", as `ssh-keygen -l` prints it. */
  sha256: string;
  /** "aa:bb:…", MD5 hex, as the service shows fingerprints. */
  md5: string;
}

export type ParsedKey = { ok: true; key: PublicKey } | { ok: false; error: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const TYPE_LIST = 'ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521';
const ECDSA_POINT: Record<string, number> = { nistp256: 65, nistp384: 97, nistp521: 133 };

const fail = (error: string): ParsedKey => ({ ok: false, error });

/** A length-prefixed SSH string at `at`: its bytes and where the next field starts, or undefined if cut. */
function sshString(blob: Buffer, at: number): { bytes: Buffer; next: number } | undefined {
  if (at + 4 > blob.length) return undefined;
  const len = blob.readUInt32BE(at);
  const end = at + 4 + len;
  if (end > blob.length) return undefined;
  return { bytes: blob.subarray(at + 4, end), next: end };
}

/** Bits of an SSH mpint (a big-endian two's-complement integer, positive here). */
function mpintBits(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  const first = bytes[i] ?? 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(first));
}

function isKeyType(t: string): t is KeyType {
  return (KEY_TYPES as readonly string[]).includes(t);
}

/** What a pasted text that is not an OpenSSH public key line is instead, with the way out. */
function notALine(t: string): string | undefined {
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(t)) {
    return 'this is a PRIVATE key: never paste it; use the public one (the .pub file, e.g. ~/.ssh/id_ed25519.pub)';
  }
  if (t.includes('---- BEGIN SSH2 PUBLIC KEY ----')) {
    return 'this is an SSH2 (RFC 4716) key: convert it with `ssh-keygen -i -f FILE` and paste the result';
  }
  if (/-----BEGIN (RSA )?PUBLIC KEY-----/.test(t)) {
    return 'this is a PEM key: convert it with `ssh-keygen -i -m PKCS8 -f FILE` and paste the result';
  }
  return undefined;
}

/** Checks one public key line. Leading and trailing blanks are ignored. */
export function parsePublicKey(text: string): ParsedKey {
  const t = text.trim();
  if (t === '') return fail('required: paste a public key line, or give the path of a .pub file');
  const other = notALine(t);
  if (other) return fail(other);
  if (/[\r\n]/.test(t)) return fail('must be a single line (no line breaks)');
  const parts = t.split(/[ \t]+/);
  const [type = '', data, ...rest] = parts;
  if (type === 'ssh-dss')
    return fail('DSA (ssh-dss) keys are obsolete and refused: make one with ssh-keygen -t ed25519');
  if (!isKeyType(type)) {
    if (type.startsWith('AAAA')) return fail(`the key type is missing: the line starts with ${TYPE_LIST}`);
    return fail(`"${type.slice(0, 24)}" is not a public key type: the line starts with ${TYPE_LIST}`);
  }
  if (data === undefined) return fail(`the key data is missing after ${type}`);
  // A key pasted across two lines reaches the field with a space where the line break was.
  const cutHint = rest.length > 0 && BASE64.test(rest[0] ?? '') && (rest[0]?.length ?? 0) >= 8;
  const cut = (why: string) =>
    fail(cutHint ? `${why}: the key seems cut by a line break, paste it as one line` : why);
  if (!BASE64.test(data) || data.length % 4 !== 0) return cut('the key data is not valid base64');
  const blob = Buffer.from(data, 'base64');
  const embedded = sshString(blob, 0);
  if (!embedded) return cut('the key data is truncated');
  const inner = embedded.bytes.toString('latin1');
  if (inner !== type) {
    return isKeyType(inner)
      ? fail(`the key data is a ${inner} key but the line says ${type}`)
      : cut(`the key data is not an SSH public key of type ${type}`);
  }
  const body = keyBody(type, blob, embedded.next);
  if (typeof body === 'string') return cut(body);
  const comment = rest.join(' ');
  return {
    ok: true,
    key: {
      type,
      blob,
      bits: body.bits,
      comment,
      line: comment ? `${type} ${data} ${comment}` : `${type} ${data}`,
      sha256: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
      md5: (createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':'),
    },
  };
}

/** The fields after the type, per key type: the key's size, or why it is malformed. */
function keyBody(type: KeyType, blob: Buffer, at: number): { bits: number } | string {
  const end = (next: number, bits: number) =>
    next === blob.length ? { bits } : 'the key data has extra bytes after the key';
  switch (type) {
    case 'ssh-ed25519':
    case 'sk-ssh-ed25519@openssh.com': {
      const pk = sshString(blob, at);
      if (!pk) return 'the key data is truncated';
      if (pk.bytes.length !== 32) return `not a valid ed25519 key (${pk.bytes.length} bytes instead of 32)`;
      if (type === 'ssh-ed25519') return end(pk.next, 256);
      const app = sshString(blob, pk.next);
      return app ? end(app.next, 256) : 'the key data is truncated';
    }
    case 'ssh-rsa': {
      const e = sshString(blob, at);
      const n = e && sshString(blob, e.next);
      if (!e || !n) return 'the key data is truncated';
      const bits = mpintBits(n.bytes);
      if (bits < RSA_MIN_BITS) {
        return `an RSA key of ${bits} bits is too weak (at least ${RSA_MIN_BITS}): make one with ssh-keygen -t ed25519`;
      }
      return end(n.next, bits);
    }
    default: {
      // ecdsa-sha2-<curve> and sk-ecdsa-sha2-nistp256@openssh.com: the curve name, then the point.
      const curve = type
        .replace(/^sk-/, '')
        .replace(/@openssh\.com$/, '')
        .replace('ecdsa-sha2-', '');
      const name = sshString(blob, at);
      if (!name) return 'the key data is truncated';
      if (name.bytes.toString('latin1') !== curve) {
        return `the key data names the curve ${name.bytes.toString('latin1').slice(0, 16)} but the line says ${curve}`;
      }
      const q = sshString(blob, name.next);
      if (!q) return 'the key data is truncated';
      if (q.bytes.length !== ECDSA_POINT[curve] || q.bytes[0] !== 4) return `not a valid ${curve} ECDSA key`;
      const bits = Number(curve.slice('nistp'.length));
      if (!type.startsWith('sk-')) return end(q.next, bits);
      const app = sshString(blob, q.next);
      return app ? end(app.next, bits) : 'the key data is truncated';
    }
  }
}

/** "ssh-ed25519 (256 bits) SHA256:… alice@laptop": what was recognised, in one line. */
export function describeKey(k: PublicKey): string {
  return `${k.type} (${k.bits} bits) ${k.sha256}${k.comment ? ` ${k.comment}` : ''}`;
}
