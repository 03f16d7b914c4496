import { describe, expect, it } from 'vitest';
import {
  charCount,
  dnsNameError,
  isDnsName,
  keypairNameError,
  plainNameError,
  vmNameError,
  vmNamesFor,
} from '../../src/domain/names.js';

describe('charCount', () => {
  it('counts code points, as the service does', () => {
    expect(charCount('gpu')).toBe(3);
    expect(charCount('🚀x')).toBe(2);
    expect('🚀x'.length).toBe(3);
  });
});

describe('vmNameError / keypairNameError', () => {
  it('allows 50 characters and refuses the 51st', () => {
    expect(vmNameError('a'.repeat(50))).toBeUndefined();
    expect(vmNameError('a'.repeat(51))).toBe('at most 50 characters (51)');
    expect(keypairNameError('k'.repeat(50))).toBeUndefined();
    expect(keypairNameError('k'.repeat(51))).toBe('at most 50 characters (51)');
    expect(vmNameError(`${'é'.repeat(50)}`)).toBeUndefined();
  });
  it('requires a name without blanks at the edges or control characters', () => {
    expect(vmNameError('')).toBe('required');
    expect(vmNameError('   ')).toBe('required');
    expect(vmNameError(' gpu')).toBe('no spaces at the start or the end');
    expect(vmNameError('gpu ')).toBe('no spaces at the start or the end');
    expect(vmNameError('gpu\x1b[2J')).toBe('control characters are not allowed');
    expect(vmNameError('GPU box_1.a')).toBeUndefined();
    expect(plainNameError('x'.repeat(11), 10)).toBe('at most 10 characters (11)');
  });
});

describe('dnsNameError (cluster and environment names)', () => {
  it('accepts lowercase letters, digits and hyphens', () => {
    expect(dnsNameError('train-k8s-2')).toBeUndefined();
    expect(isDnsName('train-k8s-2')).toBe(true);
    expect(isDnsName('Train')).toBe(false);
  });
  it('names the first bad character and the fix', () => {
    expect(dnsNameError('')).toBe('required');
    expect(dnsNameError('Prod')).toBe('uppercase "P" is not allowed: use lowercase ("p")');
    expect(dnsNameError('my_cluster')).toBe(
      '"_" (underscore) is not allowed: only lowercase letters, digits and hyphens (use "-")',
    );
    expect(dnsNameError('my cluster')).toBe(
      'a space is not allowed: only lowercase letters, digits and hyphens (use "-")',
    );
    expect(dnsNameError('a.b')).toBe(
      '"." (dot) is not allowed: only lowercase letters, digits and hyphens (use "-")',
    );
    expect(dnsNameError('café')).toBe('"é" is not allowed: only lowercase letters, digits and hyphens');
    expect(dnsNameError('ÉCOLE')).toBe('uppercase "É" is not allowed: use lowercase ("é")');
  });
  it('has a length limit', () => {
    expect(dnsNameError('a'.repeat(50))).toBeUndefined();
    expect(dnsNameError('a'.repeat(51))).toBe('at most 50 characters (51)');
  });
});

describe('vmNamesFor', () => {
  it('is the name for one VM and name-1 … name-N for several', () => {
    expect(vmNamesFor('gpu', 1)).toEqual(['gpu']);
    expect(vmNamesFor('gpu', 3)).toEqual(['gpu-1', 'gpu-2', 'gpu-3']);
    expect(vmNamesFor('gpu', Number.NaN)).toEqual(['gpu']);
  });
});
