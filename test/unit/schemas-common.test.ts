import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AckResponse, decodeJsonText, looseObjectOf, num, text } from '../../src/api/schemas/common.js';
import { firstIssue } from '../fixtures/schema-helpers.js';

describe('num (number or numeric string → number)', () => {
  const s = z.object({ v: num });

  it.each([
    [16, 16],
    ['16.0', 16],
    [' 16 ', 16],
    ['-0.5', -0.5],
    ['.25', 0.25],
    ['1e3', 1000],
  ])('accepts %j as %j', (input, out) => {
    expect(s.parse({ v: input }).v).toBe(out);
  });

  it.each(['', 'abc', '16.0GB', '1,5', 'NaN', 'Infinity'])('rejects the string %j at the field', (input) => {
    expect(firstIssue(s, { v: input }).path).toBe('v');
  });

  it.each([true, null, {}, []])('rejects %j at the field', (input) => {
    expect(firstIssue(s, { v: input })).toEqual({
      path: 'v',
      message: 'expected a number or a numeric string',
    });
  });

  it('rejects a missing required number at the field', () => {
    expect(firstIssue(s, {}).path).toBe('v');
  });
});

describe('text (string or number → string)', () => {
  it('keeps strings and turns numbers into strings', () => {
    const s = z.object({ a: text, b: text });
    expect(s.parse({ a: '50+', b: 0 })).toEqual({ a: '50+', b: '0' });
  });
  it('rejects other types at the field', () => {
    expect(firstIssue(z.object({ a: text }), { a: false }).path).toBe('a');
  });
});

describe('decodeJsonText and looseObjectOf (object fields the document types as strings)', () => {
  const s = z.object({ f: looseObjectOf(z.looseObject({ n: z.number().optional() })) });

  it('an object, or the same JSON-encoded in a string', () => {
    expect(s.parse({ f: { n: 1 } }).f).toEqual({ n: 1 });
    expect(s.parse({ f: '{"n":2,"x":"kept"}' }).f).toEqual({ n: 2, x: 'kept' });
    expect(decodeJsonText('[1]')).toEqual([1]);
  });
  it('anything else reads as undefined: a detail never fails the answer', () => {
    for (const f of ['{"n":', 'plain', 5, null, [1], undefined])
      expect(s.parse({ f }).f, String(f)).toBeUndefined();
  });
  it('validates what the object holds, naming the inner field', () => {
    expect(firstIssue(s, { f: '{"n":"one"}' }).path).toBe('f.n');
  });
});

describe('AckResponse (envelope only)', () => {
  it('accepts the envelope, an empty body and extra fields', () => {
    expect(AckResponse.parse({ status: true, message: 'ok' }).message).toBe('ok');
    expect(AckResponse.parse({})).toEqual({});
    expect(AckResponse.parse({ status: true, message: null, job: 3 })).toEqual({
      status: true,
      message: null,
      job: 3,
    });
  });
  it('rejects a status that is not a boolean', () => {
    expect(firstIssue(AckResponse, { status: 'yes' }).path).toBe('status');
  });
});
