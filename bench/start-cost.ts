/**
 * What a start compiles before its first frame with data: the pieces of the bundle (src/boot/chunks.ts) it loaded,
 * read from its HYPERSTACK_TUI_TRACE file ("compiled:NAME:BYTES" marks, then "rendered"), and what each piece holds
 * (dist/pieces.json, written by scripts/build.mjs). The bench reports it; test/e2e/start-budget.test.ts holds it to
 * START_BUDGET.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, spawnPty } from './pty-run.js';

/** The VMs table with data: a status word and a flavor of the demo organisation (or the simulator's). */
export const HAS_DATA = (out: string) => /ACTIVE/.test(out) && /n3-/.test(out);

export interface Compiled {
  name: string;
  bytes: number;
}

/** Per piece: its size in the bundle and its source files (bytes of each in it). */
export type PiecesContents = Record<string, { bytes: number; inputs: Record<string, number> }>;

export const PIECES_FILE = join(dirname(CLI), 'pieces.json');

export function readPieces(file = PIECES_FILE): PiecesContents {
  return JSON.parse(readFileSync(file, 'utf8')) as PiecesContents;
}

/** The code before the pieces in dist/cli.js, which every start compiles (its entry in dist/pieces.json). */
export const BOOT = '(boot)';

/**
 * The boot code, then the pieces compiled before the first frame with data (the "rendered" mark), in the order
 * they were. `contents` (dist/pieces.json) gives the boot code's size.
 */
export function compiledBeforeFrame(trace: string, contents: PiecesContents): Compiled[] {
  const out: Compiled[] = [{ name: BOOT, bytes: contents[BOOT]?.bytes ?? 0 }];
  for (const line of trace.split('\n')) {
    const label = line.split(' ')[1] ?? '';
    if (label === 'rendered') return out;
    const m = /^compiled:(.+):(\d+)$/.exec(label);
    if (m) out.push({ name: m[1] as string, bytes: Number(m[2]) });
  }
  throw new Error('the trace has no "rendered" mark: the app never drew its first frame with data');
}

export const totalBytes = (pieces: readonly Compiled[]) => pieces.reduce((sum, p) => sum + p.bytes, 0);

/** A source file's group: its package (zod, undici), else the file itself. */
export function groupOf(file: string): string {
  return /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file;
}

/** The source files (grouped) of these pieces, largest first: [group, bytes]. */
export function sourcesOf(pieces: readonly Compiled[], contents: PiecesContents): Array<[string, number]> {
  const groups = new Map<string, number>();
  for (const p of pieces) {
    for (const [file, bytes] of Object.entries(contents[p.name]?.inputs ?? {})) {
      const g = groupOf(file);
      groups.set(g, (groups.get(g) ?? 0) + bytes);
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** One line per piece, largest first: its name, size and main sources. */
export function describePieces(pieces: readonly Compiled[], contents: PiecesContents, top = 15): string[] {
  return [...pieces]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top)
    .map((p) => {
      const inside = sourcesOf([p], contents)
        .slice(0, 4)
        .map(([g, b]) => `${g} ${kb(b)}`)
        .join(', ');
      return `${p.name} ${kb(p.bytes)}: ${inside}`;
    });
}

export { kb };

/** One start of the built app (a pty; `cli`: another build), traced: the pieces it compiled before its first frame with data. */
export async function measureStart(
  args: string[],
  env: Record<string, string> = {},
  cli = CLI,
): Promise<Compiled[]> {
  return (await tracedStart(args, env, cli)).pieces;
}

/** A traced start's pieces compiled before its first frame with data, and its start-up marks (milestones). */
export async function tracedStart(
  args: string[],
  env: Record<string, string> = {},
  cli = CLI,
): Promise<{ pieces: Compiled[]; marks: Mark[]; builtins: string[]; handedOver: number }> {
  const home = mkdtempSync(join(tmpdir(), 'hs-start-cost-'));
  const trace = join(home, 'trace.txt');
  const app = spawnPty(cli, args, { XDG_CACHE_HOME: home, ...env, HYPERSTACK_TUI_TRACE: trace });
  try {
    await app.until(HAS_DATA, 60_000);
    // The frame can reach us before the app has written the mark that follows it.
    for (let waited = 0; !readIfAny(trace).includes(' rendered '); waited += 20) {
      if (waited > 10_000) throw new Error(`no "rendered" mark in ${trace}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const text = readFileSync(trace, 'utf8');
    return {
      pieces: compiledBeforeFrame(text, readPieces(join(dirname(cli), 'pieces.json'))),
      marks: marksOf(text),
      builtins: builtinsOf(text),
      // pieces a first start's second thread compiled for it (src/boot/compile-ahead.ts)
      handedOver: (text.split(' rendered ')[0]?.match(/ ahead:\S+ /g) ?? []).length,
    };
  } finally {
    await app.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

/** A start-up milestone of a HYPERSTACK_TUI_TRACE file: ms since the process started, and its CPU ms by then. */
export interface Mark {
  label: string;
  ms: number;
  cpuMs: number;
}

/** The milestones up to the first frame with data ("rendered"), not the pieces' compile lines. */
export function marksOf(trace: string): Mark[] {
  const out: Mark[] = [];
  for (const line of trace.trim().split('\n')) {
    const [ms, label = '', , cpu] = line.split(' ');
    if (label.startsWith('compiled:') || label.startsWith('builtins:') || label.startsWith('ahead:'))
      continue;
    out.push({ label, ms: Number(ms), cpuMs: Number(cpu) });
    if (label === 'rendered') break;
  }
  return out;
}

/** The Node built-in modules loaded by the first frame with data (its "builtins:" mark; none from an older build). */
export function builtinsOf(trace: string): string[] {
  const line = trace.split('\n').find((l) => (l.split(' ')[1] ?? '').startsWith('builtins:'));
  const list = line?.split(' ')[1]?.slice('builtins:'.length) ?? '';
  return list === '' ? [] : list.split(',');
}

export const readIfAny = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/**
 * A session's code cache holds everything it compiled: what loads after the first frame is done ('preloaded'; an
 * older build without the mark: given `settled`) and a save follows the last piece compiled.
 */
export function cacheWhole(trace: string, settled = false): boolean {
  const labels = trace
    .trim()
    .split('\n')
    .map((l) => l.split(' ')[1] ?? '');
  const saved = labels.lastIndexOf('code-cache-saved');
  const compiled = labels.findLastIndex((l) => l.startsWith('compiled:'));
  return (settled || labels.includes('preloaded')) && saved > compiled;
}

/** How the app starts for each budget: with its own simulator, or against a service (given) as a real account. */
export type StartMode = 'demo' | 'service';

export function startOf(
  mode: StartMode,
  service?: { url: string; key: string },
): { args: string[]; env: Record<string, string> } {
  // a home of its own: no config file, as a first `npx hyperstack-tui`
  const home = mkdtempSync(join(tmpdir(), 'hs-start-home-'));
  const noConfig = { HOME: home, XDG_CONFIG_HOME: home };
  if (mode === 'demo') return { args: ['--demo'], env: noConfig };
  if (!service) throw new Error('a start against a service needs one');
  return { args: ['--base-url', service.url], env: { HYPERSTACK_API_KEY: service.key, ...noConfig } };
}

/** The recorded budget of one start: its bytes and, to say what grew, its sources then. */
export interface BudgetEntry {
  bytes: number;
  sources: Record<string, number>;
}

export const BUDGET_FILE = fileURLToPath(new URL('./start-budget.json', import.meta.url));
/** A start may compile this much over its budget before the test fails. */
export const BUDGET_SLACK = 1.1;

export function readBudget(): Record<StartMode, BudgetEntry> {
  return JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Record<StartMode, BudgetEntry>;
}

export function budgetEntryOf(pieces: readonly Compiled[], contents: PiecesContents): BudgetEntry {
  return { bytes: totalBytes(pieces), sources: Object.fromEntries(sourcesOf(pieces, contents)) };
}

/** Undefined within budget; else what grew (sources new or larger than when the budget was set) and the pieces. */
export function overBudget(
  mode: StartMode,
  pieces: readonly Compiled[],
  budget: BudgetEntry,
  contents: PiecesContents,
): string | undefined {
  const bytes = totalBytes(pieces);
  if (bytes <= budget.bytes * BUDGET_SLACK) return undefined;
  const grew = sourcesOf(pieces, contents)
    .map(([g, b]) => [g, b - (budget.sources[g] ?? 0)] as const)
    .filter(([, d]) => d > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([g, d]) => `  ${g} +${kb(d)}${budget.sources[g] === undefined ? ' (new at start)' : ''}`);
  return [
    `A start (${mode}) compiles ${kb(bytes)} before its first frame with data: ${((bytes / budget.bytes - 1) * 100).toFixed(0)} % over its budget of ${kb(budget.bytes)} (bench/start-budget.json; more than ${((BUDGET_SLACK - 1) * 100).toFixed(0)} % over fails).`,
    'What grew since the budget was set (source, bytes more than then):',
    ...grew,
    'The pieces it compiled, largest first (piece, size: its main sources):',
    ...describePieces(pieces, contents).map((l) => `  ${l}`),
    'Why a piece loads: HYPERSTACK_TUI_TRACE=/tmp/trace node dist/cli.js --demo writes a "compiled:PIECE:BYTES" line',
    'as each piece loads, between the start-up marks; dist/pieces.json lists every source file of each piece.',
    'Load what the first frame does not need with import() where it is first used. Raise the budget only on',
    'purpose: npx tsx bench/start-budget.ts --record, and say why in the commit.',
  ].join('\n');
}
