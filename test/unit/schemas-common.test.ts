import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AckResponse, jsonObject, num, text } from '../../src/api/schemas/common.js';
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

describe('jsonObject', () => {
  const s = z.object({ data: jsonObject(z.looseObject({ n: z.number() })) });

  it('parses a JSON string into the object', () => {
    expect(s.parse({ data: '{"n":1,"x":"kept"}' }).data).toEqual({ n: 1, x: 'kept' });
  });
  it('accepts an object as is', () => {
    expect(s.parse({ data: { n: 2 } }).data).toEqual({ n: 2 });
  });
  it('rejects a broken JSON string at the field', () => {
    expect(firstIssue(s, { data: '{"n":' })).toEqual({ path: 'data', message: 'is not valid JSON' });
  });
  it('validates what the string holds, naming the inner field', () => {
    expect(firstIssue(s, { data: '{"n":"one"}' }).path).toBe('data.n');
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
