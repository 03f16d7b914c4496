/**
 * Drives the UI paths of test/coverage/ui-paths.ts in the app: one app per screen (the whole app in-process against
 * its own simulator, whose routes record and validate every request: test/support/sim-recorder.ts), each path's keys pressed
 * as a user would press them, the dialogs they open answered (dialog-pilot.ts), and what each path made the app
 * send recorded. Nothing is read from source text: an operation is reached when its request arrived.
 */
import { findScreen, type ScreenName } from '../../screens/registry.js';
import { type ResourceKey, readData } from '../../src/store/state/resources.js';
import { selectedRow } from '../support/frame-text.js';
import { type AppHarness, KEY, renderApp } from '../support/render-app.js';
import { type SimRecorder, simRecorder } from '../support/sim-recorder.js';
import { answerDialogs } from './dialog-pilot.js';
import { pathName, type UiPath } from './ui-paths.js';

/** What one path did. */
export interface PathResult {
  path: UiPath;
  /** "vms, s start": where in the app. */
  name: string;
  /** The operations its requests reached, in order. */
  reached: string[];
  /** How long it took to drive (ms). */
  ms: number;
  /** Why it failed (a claimed operation not reached, a dialog it could not answer), or undefined. */
  failure?: string;
}

/** Rows tried for a key that does something on some rows only (a start needs a stopped VM). */
const MAX_ROWS = 30;

/** A key of a path as the terminal sends it. */
const raw = (k: string): string => (k in KEY ? KEY[k as keyof typeof KEY] : k);

/** Back to the screen's table: no dialog, no detail, no filter, the first row. */
async function reset(app: AppHarness, screen: ScreenName): Promise<void> {
  await app.idle();
  // a dialog a failed path left open: Esc, and yes to "discard changes?"
  for (let i = 0; i < 4 && app.store.getState().modal; i++) await app.press(KEY.esc, 'y');
  if (app.store.getState().screen !== screen) {
    await app.press(':', ...screen, KEY.enter);
    await app.waitFor(() => app.store.getState().screen === screen);
  }
  for (let i = 0; i < 3; i++) await app.press(KEY.esc);
  await app.press('g');
}

/** Moves the cursor to the row named `name` (by the filter, as a user would). */
async function selectNamed(app: AppHarness, name: string): Promise<void> {
  await app.press(KEY.esc, KEY.esc); // the detail, a filter
  await app.press('/');
  // typed only into a filter: on a screen without one, the letters would be keys (1 goes to the stock screen)
  if (
    !app
      .frame()
      .split('\n')
      .some((l) => l.startsWith('/'))
  )
    throw new Error(`no filter to find ${name} with:\n${app.frame()}`);
  // one key a write: a screen draws after each key, so a key of the same write may still wait in its queue
  await app.press(...name, KEY.enter);
  // the row that shows the name as a word of its own (a key pair's environment row names it in its second column)
  const word = new RegExp(`(^|[\\s/])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([\\s/]|$)`);
  const chosen = () => word.test(selectedRow(app.frame()).slice(2));
  for (let i = 0; i < 20 && !chosen(); i++) {
    const at = selectedRow(app.frame());
    await app.press('j');
    if (selectedRow(app.frame()) === at) break; // the last row
  }
  if (!chosen()) throw new Error(`cannot select ${name}:\n${app.frame()}`);
}

/** The names of the rows whose data item passes the path's test. */
function wantedRows(app: AppHarness, path: UiPath): string[] {
  const def = findScreen(path.screen);
  const rows = path.rows ?? (def && 'primary' in def ? (def.primary as ResourceKey) : undefined);
  if (!rows) throw new Error(`${pathName(path)}: the screen has no primary data to choose a row from`);
  const items = (readData(app.store, rows) ?? []) as unknown as Record<string, unknown>[];
  const names = items.filter((x) => path.row?.(x)).map((x) => x.name);
  return names.filter((n): n is string => typeof n === 'string');
}

/** Did the last key do anything: a dialog, a request, another screen. */
function acted(app: AppHarness, rec: SimRecorder, before: number, screen: ScreenName): boolean {
  const s = app.store.getState();
  return (
    s.modal !== null ||
    rec.requests.length > before ||
    Object.keys(s.inFlight).length > 0 ||
    s.screen !== screen
  );
}

/** Presses the path's keys on the first row (of those it names, else of the table) where they do something. */
async function pressOnSomeRow(app: AppHarness, rec: SimRecorder, path: UiPath): Promise<void> {
  const named = path.row ? wantedRows(app, path) : undefined;
  for (let row = 0; row < (named?.length ?? MAX_ROWS); row++) {
    if (named) await selectNamed(app, named[row] as string);
    if (path.detail) await app.press(KEY.enter);
    const before = rec.requests.length;
    await app.press(...path.keys.map(raw));
    await app.idle();
    if (acted(app, rec, before, path.screen)) return;
    if (path.detail) await app.press(KEY.esc);
    if (named) continue;
    const at = selectedRow(app.frame());
    await app.press('j');
    if (selectedRow(app.frame()) === at) break; // the last row
  }
  throw new Error(
    `${pathName(path)} does nothing on any ${named ? `of ${named.length} chosen rows` : 'row'}:\n${app.frame()}`,
  );
}

async function drivePath(app: AppHarness, rec: SimRecorder, path: UiPath): Promise<PathResult> {
  const name = pathName(path);
  const t0 = performance.now();
  await reset(app, path.screen);
  // the screen itself: what it read since it opened
  const from = path.keys.length === 0 && !path.detail ? 0 : rec.requests.length;
  const reachedNow = () => [...new Set(rec.requests.slice(from).map((r) => r.operationId))];
  try {
    if (path.settle) {
      // time passes (the simulator's clock): what the last paths started finishes, and a refresh shows it
      await app.advance(path.settle);
      await app.press('r');
      await app.idle();
    }
    for (const k of path.before ?? []) await app.press(raw(k));
    if (path.keys.length > 0) await pressOnSomeRow(app, rec, path);
    else if (path.detail) {
      const named = path.row ? wantedRows(app, path)[0] : undefined;
      if (path.row && !named) throw new Error(`no row for ${pathName(path)}`);
      if (named) await selectNamed(app, named);
      await app.press(KEY.enter);
    }
    await answerDialogs(app, path);
    await app.waitFor(() => path.reaches.every((id) => reachedNow().includes(id)));
    await app.idle();
    return { path, name, reached: reachedNow(), ms: performance.now() - t0 };
  } catch (e) {
    const missing = path.reaches.filter((id) => !reachedNow().includes(id));
    const why = missing.length
      ? `does not reach ${missing.join(', ')} (reached: ${reachedNow().join(', ') || 'nothing'})`
      : '';
    return {
      path,
      name,
      reached: reachedNow(),
      ms: performance.now() - t0,
      failure: `${why}\n${e instanceof Error ? e.message : String(e)}`,
    };
  }
}

/** Drives every path of one screen in one app; the recorder keeps every request the app sent meanwhile. */
export async function driveScreen(
  screen: ScreenName,
  paths: readonly UiPath[],
): Promise<{ results: PathResult[]; rec: SimRecorder }> {
  const rec = simRecorder();
  const app = await renderApp({ screen, width: 160, height: 50, routes: rec.wrap });
  try {
    await app.idle();
    const results: PathResult[] = [];
    for (const path of paths) results.push(await drivePath(app, rec, path));
    return { results, rec };
  } finally {
    await app.cleanup();
  }
}
