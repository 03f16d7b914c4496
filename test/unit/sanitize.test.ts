import { describe, expect, it } from 'vitest';
import { inert, sanitize } from '../../src/domain/sanitize.js';

// Nothing a terminal could act on may survive: C0, ESC, DEL, C1, bidi controls.
const DANGEROUS = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe('sanitize', () => {
  it('returns the very same string when there is nothing to clean (fast path)', () => {
    const s = 'gpu-vm-01 (H100 × 8) 東京 🚀';
    expect(sanitize(s)).toBe(s);
  });

  it('makes a clear-screen CSI visible and inert', () => {
    const out = sanitize('x\x1b[2J');
    expect(out).toBe('x␛[2J');
    expect(out).not.toMatch(DANGEROUS);
  });

  it('defuses an OSC 52 clipboard write', () => {
    const out = sanitize('vm\x1b]52;c;aGk=\x07');
    expect(out).toBe('vm␛]52;c;aGk=␇');
    expect(out).not.toMatch(DANGEROUS);
  });

  it('defuses a DCS sequence terminated by ST', () => {
    expect(sanitize('\x1bPq#0\x1b\\')).toBe('␛Pq#0␛\\');
  });

  it('writes C1 controls (8-bit CSI/OSC) as \\x escapes', () => {
    expect(sanitize('a\x9b2Jb\x9d0;t\x9c')).toBe('a\\x9b2Jb\\x9d0;t\\x9c');
  });

  it('shows other C0 controls and DEL as control pictures', () => {
    expect(sanitize('a\x00b\x08c\x7f')).toBe('a␀b␈c␡');
  });

  it('neutralises bidi overrides and isolates', () => {
    const out = sanitize('invoice\u202Egpj.exe\u2066x\u2069');
    expect(out).toBe('invoice\\u202egpj.exe\\u2066x\\u2069');
    expect(out).not.toMatch(DANGEROUS);
  });

  it('turns newlines into ⏎ and tabs into a space in a single-line cell', () => {
    expect(sanitize('a\r\nb\nc\rd\te')).toBe('a⏎b⏎c⏎d e');
    expect(sanitize('a\u2028b')).toBe('a⏎b');
  });

  it('keeps newlines when asked for multi-line text', () => {
    expect(sanitize('a\r\nb\x1b[31m', { multiline: true })).toBe('a\nb␛[31m');
  });

  it('shows missing values as an em dash and other values as text', () => {
    expect(sanitize(null)).toBe('—');
    expect(sanitize(undefined)).toBe('—');
    expect(sanitize(42)).toBe('42');
    expect(sanitize(false)).toBe('false');
    expect(sanitize({ a: 1 })).toBe('{"a":1}');
  });

  it('replaces lone UTF-16 surrogates (they break widths and layout) and keeps real pairs', () => {
    expect(sanitize('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(sanitize('x\ud83d')).toBe('x\ufffd');
    expect(sanitize('🚀')).toBe('🚀');
  });
});

describe('inert (the rendering boundary)', () => {
  it('keeps line breaks and clean text as they are', () => {
    const s = 'line one\nline two 漢字 🚀';
    expect(inert(s)).toBe(s);
  });

  it('defuses every escape, C1 control, bidi override and lone surrogate, multi-line', () => {
    const out = inert('a\x1b]0;PWNED\x07\r\nb\x9b2J\u202ec\ud800\td');
    expect(out).toBe('a␛]0;PWNED␇\nb\\x9b2J\\u202ec\ufffd d');
    expect(out.replaceAll('\n', '')).not.toMatch(DANGEROUS);
  });
});
