// Property-based tests of the key decoder: whatever a terminal, a paste or an attacker sends, readKeys never
// throws, yields at most one key per code point, and no key types a control character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyName, readKeys } from '../../src/ui/input/key-name.js';
import type { KeyEvent } from '../../src/ui/input/read-keys.js';
import { runSeed } from '../support/sampling.js';

/** Runs of each property (quoted in the issue note), from a seed that changes each run and is printed (SEED=N replays). */
const RUNS_STRINGS = 3000;
const RUNS_SEQUENCES = 3000;
const RUNS_UNKNOWN = 2000;
const RUNS_PASTES = 300;
const SEED = runSeed('read-keys property');
const opts = (numRuns: number) => ({ numRuns, seed: SEED });

const codePoints = (s: string) => [...s].length;

/** A key's input is '' (a named key) or ONE printable character: never a control, never half a surrogate. */
function legitimate(k: KeyEvent): boolean {
  if (k.input === '') return true;
  if (codePoints(k.input) !== 1) return false;
  const c = k.input.codePointAt(0) as number;
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff)) return false;
  return true;
}

function holds(data: string): void {
  const keys = readKeys(data);
  expect(keys.length).toBeLessThanOrEqual(codePoints(data));
  // Checked in plain code, one expect at the end: an expect per key makes a 6 KB paste slow.
  const bad = keys.filter((k) => !legitimate(k) || typeof keyName(k.input, k.key) !== 'string');
  expect(bad.map((k) => k.input)).toEqual([]);
}

// ── generators ───────────────────────────────────────────────────────────────────────────────────────────

const C0 = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const C1 = fc.integer({ min: 0x80, max: 0x9f }).map((c) => String.fromCharCode(c));
const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** Any character, with the troublesome ones (controls, ESC, C1, lone surrogates) much more likely than by chance. */
const anyChar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: C0 },
  { weight: 2, arbitrary: fc.constant('\x1b') },
  { weight: 1, arbitrary: C1 },
  { weight: 1, arbitrary: lone },
  { weight: 1, arbitrary: fc.constantFrom('[', 'O', ']', 'P', '\\', ';', '~', 'u', '\x07', '\x18', '\x7f') },
);

const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 6 });
const params = fc.array(fc.oneof(digits, fc.constant('')), { maxLength: 5 }).map((p) => p.join(';'));
const paramBytes = fc.string({
  unit: fc.integer({ min: 0x30, max: 0x3f }).map((c) => String.fromCharCode(c)),
  maxLength: 12,
});
const intermediates = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x2f }).map((c) => String.fromCharCode(c)),
  maxLength: 2,
});
const finalByte = fc.integer({ min: 0x40, max: 0x7e }).map((c) => String.fromCharCode(c));
const stringBody = fc
  .string({ unit: 'binary', maxLength: 40 })
  .map((s) => s.replace(/[\x07\x1b\x18\x1a\x9c]/g, ''));
const terminator = fc.constantFrom('\x07', '\x1b\\', '\x9c', '\x18', '');

/** Escape sequences of every kind, with random (and random-shaped) parameters; some cut short. */
const sequence = fc
  .oneof(
    fc
      .tuple(
        fc.constantFrom('\x1b[', '\x9b', '\x1b\x1b['),
        fc.oneof(params, paramBytes),
        intermediates,
        finalByte,
      )
      .map((p) => p.join('')),
    fc.tuple(fc.constantFrom('\x1bO', '\x8f'), digits, finalByte).map((p) => p.join('')),
    fc
      .tuple(
        fc.constantFrom('\x1b]', '\x1bP', '\x1bX', '\x1b^', '\x1b_', '\x9d', '\x90'),
        stringBody,
        terminator,
      )
      .map((p) => p.join('')),
    fc.tuple(fc.constantFrom('\x1b[', '\x1bO', '\x1b', '\x1b]'), fc.oneof(params, paramBytes)), // cut off
  )
  .map((s) => (Array.isArray(s) ? s.join('') : s));

/** Sequences the app knows nothing of (SGR colours, screen commands, titles, DCS, mouse reports): dropped whole. */
const unknownFinal = fc.constantFrom(...'GIJKLMNTXY`efghijklmnopqrstvwxyz{|}'.split(''));
const unknown = fc.oneof(
  fc.tuple(fc.constant('\x1b['), params, unknownFinal).map((p) => p.join('')),
  fc.tuple(fc.constant('\x1b[?'), params, fc.constantFrom('h', 'l', 'c', 'n')).map((p) => p.join('')),
  fc.tuple(fc.constant('\x1b[<'), params, fc.constantFrom('M', 'm')).map((p) => p.join('')),
  fc.constantFrom('\x1b[200~', '\x1b[201~'),
  fc
    .tuple(
      fc.constantFrom('\x1b]', '\x1bP', '\x1b_', '\x9d'),
      stringBody,
      fc.constantFrom('\x07', '\x1b\\', '\x9c'),
    )
    .map((p) =>
      p[0] !== '\x1b]' && p[0] !== '\x9d' && p[2] === '\x07' ? `${p[0]}${p[1]}\x1b\\` : p.join(''),
    ),
);
/** Text that types itself: printable characters and the control keys (no ESC, no line feed to merge with CR). */
const text = fc.string({
  unit: fc.oneof(
    { weight: 8, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom('\r', '\t', '\x7f', '\x01', '\x15') },
  ),
  maxLength: 20,
});

// ── properties ───────────────────────────────────────────────────────────────────────────────────────────

describe('readKeys (property-based)', () => {
  it(`any string: never throws, at most one key per code point, no control in any input (${RUNS_STRINGS} runs)`, () => {
    fc.assert(
      fc.property(fc.string({ unit: anyChar, maxLength: 80 }), (data) => holds(data)),
      opts(RUNS_STRINGS),
    );
  });

  it(`escape sequences of every kind with random parameters, amid text (${RUNS_SEQUENCES} runs)`, () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(sequence, text, anyChar), { maxLength: 12 }), (parts) =>
        holds(parts.join('')),
      ),
      opts(RUNS_SEQUENCES),
    );
  });

  it(`a sequence it does not know vanishes whole: the text around it decodes as if it were not there (${RUNS_UNKNOWN} runs)`, () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, unknown), { maxLength: 8 }), text, (pairs, tail) => {
        const withSeqs = pairs.map(([t, u]) => t + u).join('') + tail;
        const without = pairs.map(([t]) => t).join('') + tail;
        expect(readKeys(withSeqs)).toEqual(readKeys(without));
      }),
      opts(RUNS_UNKNOWN),
    );
  });

  it(`pastes of several KB: every character once, in order; with sequences inside, the same holds for the text (${RUNS_PASTES} runs)`, () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 2000, maxLength: 6000 }),
        fc.array(fc.tuple(fc.nat(), unknown), { maxLength: 20 }),
        (paste, inserts) => {
          const keys = readKeys(paste);
          expect(keys.map((k) => k.input).join('') === paste).toBe(true);
          expect(keys.length).toBe(codePoints(paste));
          // The same paste with sequences spliced in (between characters): only the text comes out.
          const chars = [...paste];
          for (const [at, seq] of inserts) chars.splice(at % (chars.length + 1), 0, seq);
          const mixed = chars.join('');
          holds(mixed);
          expect(
            readKeys(mixed)
              .map((k) => k.input)
              .join(''),
          ).toBe(paste);
        },
      ),
      opts(RUNS_PASTES),
    );
  });
});
