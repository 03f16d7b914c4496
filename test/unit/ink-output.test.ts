import { describe, expect, it } from 'vitest';
import FastOutput from '../../scripts/bundle/ink-output.js';

// Ink's own grid, which the bundle (and the tests' Ink) replaces with ours: both must give the same bytes for the
// same frame. `?original` keeps vitest's patches off it (scripts/bundle/patches.mjs, vitePatches).
const InkOutput: typeof FastOutput = (
  await import('../../node_modules/ink/build/output.js?original' as string)
).default;

/** A small seeded generator, so a failure names a frame that can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// What chalk and hand-written codes put in a line: opens, closes, compounds, 256 and true colours, resets.
const CODES = [
  '\x1b[1m',
  '\x1b[2m',
  '\x1b[22m',
  '\x1b[3m',
  '\x1b[23m',
  '\x1b[4m',
  '\x1b[24m',
  '\x1b[7m',
  '\x1b[27m',
  '\x1b[9m',
  '\x1b[29m',
  '\x1b[31m',
  '\x1b[32m',
  '\x1b[90m',
  '\x1b[39m',
  '\x1b[44m',
  '\x1b[49m',
  '\x1b[38;5;208m',
  '\x1b[48;2;10;20;30m',
  '\x1b[1;7;36m',
  '\x1b[0m',
  '\x1b[m',
  // Odd ones: a colour short of its numbers, colours inside compounds, an empty part.
  '\x1b[38;5m',
  '\x1b[1;38;2;1;2m',
  '\x1b[48;5;9;1m',
  '\x1b[;31m',
  '\x1b[53m',
  '\x1b[55m',
];
const NARROW = ['a', 'Z', ' ', '~', 'é', '—', '…', '●', '◐', '▲', '✓', '✖', '⚠', '─', '│', '›', '·', '␛'];
// Wide, combining, emoji, flags, zero-width and stray control characters: the slow path's business.
const OTHER = ['漢', '字', '👍', '🇳🇴', 'e\u0301', '\u200b', '\u00ad', '✔\ufe0f', '\x1b', '\t'];

function text(r: () => number, other: boolean): string {
  let s = '';
  const n = Math.floor(r() * 14);
  for (let i = 0; i < n; i++) {
    const p = r();
    if (p < 0.25) s += CODES[Math.floor(r() * CODES.length)];
    else if (p < 0.3) s += '\n';
    else if (other && p < 0.4) s += OTHER[Math.floor(r() * OTHER.length)];
    else s += NARROW[Math.floor(r() * NARROW.length)];
  }
  return s;
}

interface Grid {
  write(
    x: number,
    y: number,
    text: string,
    o: { transformers: Array<(s: string, i: number) => string> },
  ): void;
  clip(c: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
}

const TRANSFORMERS: Array<(s: string, i: number) => string> = [
  (s) => `\x1b[35m${s}\x1b[39m`,
  (s, i) => (i % 2 ? s.toUpperCase() : s),
];

/** The same random frame drawn into both grids. */
function drawFrame(seed: number, other: boolean): [string, string] {
  const r = rng(seed);
  const width = 1 + Math.floor(r() * 40);
  const height = 1 + Math.floor(r() * 8);
  const ops: Array<(g: Grid) => void> = [];
  const n = 1 + Math.floor(r() * 10);
  for (let i = 0; i < n; i++) {
    const p = r();
    const x = Math.floor(r() * (width + 4)) - 2;
    const y = Math.floor(r() * (height + 2)) - 1;
    if (p < 0.15) {
      const clip = {
        ...(r() < 0.7 ? { x1: x, x2: x + Math.floor(r() * width) } : {}),
        ...(r() < 0.7 ? { y1: y, y2: y + Math.floor(r() * height) } : {}),
      };
      ops.push((g) => g.clip(clip));
    } else if (p < 0.22) {
      ops.push((g) => g.unclip());
    } else {
      const t = text(r, other);
      const transformers = r() < 0.2 ? [TRANSFORMERS[Math.floor(r() * TRANSFORMERS.length)] as never] : [];
      ops.push((g) => g.write(x, y, t, { transformers }));
    }
  }
  const run = (g: Grid) => {
    for (const op of ops) op(g);
    return g.get().output;
  };
  return [run(new InkOutput({ width, height })), run(new FastOutput({ width, height }))];
}

describe('the bundled frame grid (scripts/bundle/ink-output.ts)', () => {
  it('is compared with Ink’s own grid, not with itself', () => {
    expect(InkOutput).not.toBe(FastOutput);
    expect(InkOutput.toString()).toContain('getStyledChars');
  });

  it('gives Ink’s bytes for random frames of colour codes and narrow characters (the fast path)', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const [ink, fast] = drawFrame(seed, false);
      expect(fast, `seed ${seed}`).toBe(ink);
    }
  });

  it('gives Ink’s bytes with wide, combining, emoji and control characters in the mix (the slow path)', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const [ink, fast] = drawFrame(100_000 + seed, true);
      expect(fast, `seed ${seed}`).toBe(ink);
    }
  });

  it('gives Ink’s bytes for a table-like frame drawn twice (the second time from its cache of lines)', () => {
    const frame = (g: Grid) => {
      for (let y = 0; y < 10; y++)
        g.write(0, y, `\x1b[1m${y}\x1b[22m \x1b[32m● ACTIVE\x1b[39m  vm-${y}  \x1b[7mselected\x1b[27m`, {
          transformers: [],
        });
      return g.get().output;
    };
    const ink = frame(new InkOutput({ width: 50, height: 10 }));
    expect(frame(new FastOutput({ width: 50, height: 10 }))).toBe(ink);
    expect(frame(new FastOutput({ width: 50, height: 10 }))).toBe(ink);
  });
});
