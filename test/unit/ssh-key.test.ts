import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandPath, looksLikePath, resolvePublicKey } from '../../screens/forms/keypair-source.js';
import { describeKey, parsePublicKey } from '../../src/domain/ssh-key.js';
import { fingerprintOf } from '../../src/sim/world/keypairs.js';
import { sshPublicKey } from '../support/sim-client.js';

const sshString = (b: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(b.length);
  return Buffer.concat([len, b]);
};
const b64url = (s: string | undefined) => Buffer.from(String(s), 'base64url');
const mpint = (b: Buffer) => sshString((b[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);

function rsaKey(bits: number, comment = 'rsa@test'): string {
  const jwk = generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ format: 'jwk' });
  const blob = Buffer.concat([sshString(Buffer.from('ssh-rsa')), mpint(b64url(jwk.e)), mpint(b64url(jwk.n))]);
  return `ssh-rsa ${blob.toString('base64')} ${comment}`;
}

function ecdsaBlob(curve: 'P-256' | 'P-384' | 'P-521', name: string, declared = name): Buffer {
  const jwk = generateKeyPairSync('ec', { namedCurve: curve }).publicKey.export({ format: 'jwk' });
  const q = Buffer.concat([Buffer.from([4]), b64url(jwk.x), b64url(jwk.y)]);
  return Buffer.concat([
    sshString(Buffer.from(`ecdsa-sha2-${name}`)),
    sshString(Buffer.from(declared)),
    sshString(q),
  ]);
}

const blobOf = (line: string) => Buffer.from(line.split(' ')[1] ?? '', 'base64');

describe('parsePublicKey: accepted keys', () => {
  it('ed25519: type, size, comment, fingerprints (MD5 as the service computes it, SHA256 as ssh-keygen)', () => {
    const line = sshPublicKey('alice@laptop');
    const r = parsePublicKey(`  ${line}  `);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.key).toMatchObject({ type: 'ssh-ed25519', bits: 256, comment: 'alice@laptop', line });
    expect(r.key.md5).toBe(fingerprintOf(blobOf(line)));
    const sha = createHash('sha256').update(blobOf(line)).digest('base64').replace(/=+$/, '');
    expect(r.key.sha256).toBe(`SHA256:${sha}`);
    expect(describeKey(r.key)).toBe(`ssh-ed25519 (256 bits) SHA256:${sha} alice@laptop`);
  });

  it('RSA of 2048 bits and more', () => {
    const r = parsePublicKey(rsaKey(2048));
    expect(r.ok && r.key.bits).toBe(2048);
  });

  it('ECDSA on the three NIST curves', () => {
    for (const [curve, name, bits] of [
      ['P-256', 'nistp256', 256],
      ['P-384', 'nistp384', 384],
      ['P-521', 'nistp521', 521],
    ] as const) {
      const r = parsePublicKey(`ecdsa-sha2-${name} ${ecdsaBlob(curve, name).toString('base64')}`);
      expect(r.ok && r.key.bits, name).toBe(bits);
    }
  });

  it('keeps a comment with spaces and normalises the blanks between the fields', () => {
    const [type, data] = sshPublicKey().split(' ');
    const r = parsePublicKey(`${type}   ${data}  my key  here`);
    expect(r.ok && r.key.line).toBe(`${type} ${data} my key here`);
    expect(parsePublicKey(`${type} ${data}`).ok).toBe(true);
  });
});

describe('parsePublicKey: refusals say what to do', () => {
  const [type, data = ''] = sshPublicKey().split(' ');
  it.each([
    ['', 'required: paste a public key line, or give the path of a .pub file'],
    [`${type} ${data.slice(0, 30)}\n${data.slice(30)}`, 'must be a single line (no line breaks)'],
    [
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY-----',
      'this is a PRIVATE key: never paste it; use the public one (the .pub file, e.g. ~/.ssh/id_ed25519.pub)',
    ],
    [
      '---- BEGIN SSH2 PUBLIC KEY ----',
      'this is an SSH2 (RFC 4716) key: convert it with `ssh-keygen -i -f FILE` and paste the result',
    ],
    [
      data,
      'the key type is missing: the line starts with ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521',
    ],
    [`ssh-dss ${data}`, 'DSA (ssh-dss) keys are obsolete and refused: make one with ssh-keygen -t ed25519'],
    [
      `ssh-foo ${data}`,
      '"ssh-foo" is not a public key type: the line starts with ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521',
    ],
    [`${type}`, 'the key data is missing after ssh-ed25519'],
    [`${type} AAAA!!!!`, 'the key data is not valid base64'],
    [`${type} AAAAC3NzaC1lZDI1NTE5`, 'the key data is truncated'],
    [`${type} ${data.slice(0, 24)}`, 'the key data is truncated'],
    [
      `${type} ${Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(Buffer.alloc(16))]).toString('base64')}`,
      'not a valid ed25519 key (16 bytes instead of 32)',
    ],
  ])('%j → %s', (text, error) => {
    expect(parsePublicKey(text)).toEqual({ ok: false, error });
  });

  it('a key pasted across two lines (the break became a space) is said to be cut', () => {
    const cut = `${type} ${data.slice(0, 40)} ${data.slice(40)} me@host`;
    const r = parsePublicKey(cut);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/the key seems cut by a line break, paste it as one line$/);
  });

  it('the embedded type must match the declared one', () => {
    expect(parsePublicKey(`ssh-rsa ${data}`)).toEqual({
      ok: false,
      error: 'the key data is a ssh-ed25519 key but the line says ssh-rsa',
    });
    const p256 = ecdsaBlob('P-256', 'nistp256').toString('base64');
    expect(parsePublicKey(`ecdsa-sha2-nistp384 ${p256}`)).toEqual({
      ok: false,
      error: 'the key data is a ecdsa-sha2-nistp256 key but the line says ecdsa-sha2-nistp384',
    });
    const wrongCurve = ecdsaBlob('P-256', 'nistp256', 'nistp384').toString('base64');
    expect(parsePublicKey(`ecdsa-sha2-nistp256 ${wrongCurve}`)).toEqual({
      ok: false,
      error: 'the key data names the curve nistp384 but the line says nistp256',
    });
    const junk = Buffer.concat([sshString(Buffer.from('hello')), Buffer.alloc(40)]).toString('base64');
    expect(parsePublicKey(`ssh-ed25519 ${junk}`)).toEqual({
      ok: false,
      error: 'the key data is not an SSH public key of type ssh-ed25519',
    });
  });

  it('refuses extra bytes after the key and weak RSA keys', () => {
    const extra = Buffer.concat([blobOf(sshPublicKey()), Buffer.from([0, 0, 0, 0])]).toString('base64');
    expect(parsePublicKey(`ssh-ed25519 ${extra}`)).toEqual({
      ok: false,
      error: 'the key data has extra bytes after the key',
    });
    expect(parsePublicKey(rsaKey(1024))).toEqual({
      ok: false,
      error: 'an RSA key of 1024 bits is too weak (at least 2048): make one with ssh-keygen -t ed25519',
    });
  });
});

describe('keypair-source: a key from a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hs-sshkey-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('tells paths from key lines', () => {
    expect(looksLikePath('~/.ssh/id_ed25519.pub')).toBe(true);
    expect(looksLikePath('/tmp/k')).toBe(true);
    expect(looksLikePath('./k.pub')).toBe(true);
    expect(looksLikePath('id_rsa.pub')).toBe(true);
    expect(looksLikePath(sshPublicKey())).toBe(false);
    expect(looksLikePath('')).toBe(false);
    expect(expandPath('~/.ssh/x.pub', '/home/me')).toBe('/home/me/.ssh/x.pub');
    expect(expandPath('~', '/home/me')).toBe('/home/me');
  });

  it('reads the one key line of a .pub file (comments and blank lines ignored)', () => {
    const line = sshPublicKey('file@host');
    const path = join(dir, 'ok.pub');
    writeFileSync(path, `# my key\n\n${line}\n`);
    const r = resolvePublicKey(path);
    expect(r.ok && r.key.line).toBe(line);
    expect(r.ok && r.from).toBe(path);
  });

  it('refuses a missing file, a directory, a private key, several keys, a big file, a bad key', () => {
    expect(resolvePublicKey(join(dir, 'nope.pub'))).toEqual({
      ok: false,
      error: `cannot read ${join(dir, 'nope.pub')}: no such file`,
    });
    mkdirSync(join(dir, 'd.pub'));
    expect(resolvePublicKey(join(dir, 'd.pub'))).toEqual({
      ok: false,
      error: `${join(dir, 'd.pub')}: is a directory`,
    });
    const priv = join(dir, 'id_ed25519');
    writeFileSync(priv, '-----BEGIN OPENSSH PRIVATE KEY-----\nxx\n-----END OPENSSH PRIVATE KEY-----\n');
    expect(resolvePublicKey(priv)).toEqual({
      ok: false,
      error: `${priv} is a PRIVATE key: choose the public one (${priv}.pub)`,
    });
    const two = join(dir, 'two.pub');
    writeFileSync(two, `${sshPublicKey()}\n${sshPublicKey()}\n`);
    expect(resolvePublicKey(two)).toEqual({
      ok: false,
      error: `${two} holds 2 lines: one key per key pair (paste the line you want)`,
    });
    const big = join(dir, 'big.pub');
    writeFileSync(big, 'x'.repeat(20_000));
    expect(resolvePublicKey(big)).toEqual({ ok: false, error: `${big}: too big (20 KiB, at most 16 KiB)` });
    const bad = join(dir, 'bad.pub');
    writeFileSync(bad, 'ssh-ed25519 AAAA!!!!\n');
    expect(resolvePublicKey(bad)).toEqual({ ok: false, error: `${bad}: the key data is not valid base64` });
    const empty = join(dir, 'empty.pub');
    writeFileSync(empty, '\n');
    expect(resolvePublicKey(empty)).toEqual({ ok: false, error: `${empty} is empty` });
  });
});
