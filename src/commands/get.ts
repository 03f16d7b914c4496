/** `hyperstack-tui get KIND [NAME]`: one list from the service, printed for a script or a person, then exit. */

import { GET_LISTS } from '../../screens/lists/index.js';
import type { Api } from '../api/client.js';
import { quote } from '../domain/quote.js';
import { type ResourceKey, targetFor } from '../store/state/resources.js';
import { layoutEngine } from '../ui/layout-engine.js';
import { identifyingColumn, type ListSpec, listRows } from '../ui/screen/list-spec.js';
import { cellText as columnText } from '../ui/table/cell.js';
import type { Column } from '../ui/table/types.js';
import { PLAIN_THEME } from '../ui/theme.js';
import { type CommandContext, commandHelp } from './command.js';
import { connect, EXIT, type Io, processIo, runCommand } from './connect.js';
import { findKind, GET_KINDS, type GetKind, type Output } from './kinds.js';
import {
  alignedText,
  boxText,
  type Grid,
  INK_TABLE_MAX_ROWS,
  jsonText,
  wantsColor,
  write,
} from './output.js';
import { type CommandArgs, parseCommandArgs, stringFlag, UsageError } from './parse.js';

interface GetRequest {
  kind: GetKind;
  name?: string;
  region?: string;
  environment?: string;
  output: Output;
  color: boolean;
}

export function runGet(argv: string[], { entry }: CommandContext, io: Io = processIo()): Promise<number> {
  return runCommand('get', io, async (ctx) => {
    const args = parseCommandArgs(entry, argv);
    if (args.flags.help) {
      io.stdout.write(commandHelp(entry));
      return EXIT.ok;
    }
    const req = request(args, io);
    const list = GET_LISTS[req.kind];
    const spec = list.list({ environment: req.environment });
    checkFilters(req, spec, list.byEnvironment === true);
    const conn = await connect(args, io.env);
    ctx.secret = conn.secret;
    try {
      const rows = await loadRows(conn.api, spec, req);
      const chosen = rows.filter((r) => keep(req, spec, r));
      // on stderr, so a script reading stdout sees an empty list, and a person sees why nothing came
      if (chosen.length === 0 && req.output === 'table')
        io.stderr.write(`hyperstack-tui get: no ${req.kind} found\n`);
      await write(io.stdout, print(req, spec, chosen));
      return EXIT.ok;
    } finally {
      await conn.close();
    }
  });
}

function request(args: CommandArgs, io: Io): GetRequest {
  const [kindWord, name, extra] = args.positionals;
  if (!kindWord) throw new UsageError(`what to get? one of ${GET_KINDS.join(', ')} (see get --help)`);
  const kind = findKind(kindWord);
  if (!kind) throw new UsageError(`cannot get ${quote(kindWord)}: one of ${GET_KINDS.join(', ')}`);
  if (extra !== undefined) throw new UsageError(`one name filter at most, got also ${quote(extra)}`);
  const str = (k: string) => stringFlag(args, k);
  const output = (str('output') as Output | undefined) ?? (io.stdout.isTTY ? 'table' : 'wide');
  return {
    kind,
    name,
    region: str('region'),
    environment: str('environment'),
    output,
    color: wantsColor(io.stdout, io.env, args.flags['no-color'] === true),
  };
}

/** The columns `get` prints without `-o wide` (a screen drops the higher ones first on a narrow terminal). */
export const GET_PRIORITY = 3;

type AnyList = ListSpec<object, ResourceKey>;

function checkFilters(req: GetRequest, spec: AnyList, byEnvironment: boolean): void {
  if (req.region && !spec.region) throw new UsageError(`${req.kind} have no region: --region does not apply`);
  if (req.environment && !spec.environment && !byEnvironment) {
    throw new UsageError(`${req.kind} have no environment: --environment does not apply`);
  }
}

/** Loads the list and what its rows are built with, as the screen's poller would, and builds its rows. */
async function loadRows(api: Api, spec: AnyList, req: GetRequest): Promise<readonly object[]> {
  const signal = new AbortController().signal;
  const load = (key: ResourceKey) => {
    const target = targetFor(api, key);
    if (!target) throw new Error(`${key}: no loader`);
    return target.load(signal);
  };
  const also = spec.also ?? [];
  // the list itself must load; what it is completed with (names, prices) is left out when it fails, as on screen
  const [data, ...more] = await Promise.all([
    load(spec.resource),
    ...also.map((k) => load(k).catch(() => undefined)),
  ]);
  return listRows(spec, {
    data: data as never,
    also: (key) => more[also.indexOf(key)] as never,
    region: req.region?.toUpperCase() ?? 'ALL',
    pending: {},
  });
}

function keep(req: GetRequest, spec: AnyList, row: object): boolean {
  const named = identifyingColumn(spec.columns(PLAIN_THEME, 0));
  if (req.name && named && !columnText(named, row).toLowerCase().includes(req.name.toLowerCase()))
    return false;
  if (req.environment && spec.environment && spec.environment(row) !== req.environment) return false;
  return true;
}

/** The columns of an output: up to GET_PRIORITY, or every one (and the row's id first) in `-o wide`. */
function columnsFor(req: GetRequest, spec: AnyList, now: number): readonly Column<object>[] {
  const all = spec.columns(PLAIN_THEME, now);
  if (req.output !== 'wide') return all.filter((c) => (c.priority ?? 1) <= GET_PRIORITY);
  return [{ id: 'id', title: 'ID', value: (r) => spec.rowId(r) }, ...all];
}

async function print(req: GetRequest, spec: AnyList, rows: readonly object[]): Promise<string> {
  if (req.output === 'json') return `${jsonText(rows.map((r) => (spec.raw ? spec.raw(r) : r)))}\n`;
  const now = Date.now();
  if (req.output === 'name') {
    const named = identifyingColumn(spec.columns(PLAIN_THEME, now));
    return rows.map((r) => `${named ? columnText(named, r) : spec.rowId(r)}\n`).join('');
  }
  const columns = columnsFor(req, spec, now);
  const grid: Grid = {
    titles: columns.map((c) => c.title),
    rows: rows.map((r) => columns.map((c) => columnText(c, r))),
    aligns: columns.map((c) => alignOf(c, rows)),
  };
  if (req.output === 'wide') return `${alignedText(grid)}\n`;
  if (rows.length === 0) return '';
  if (rows.length > INK_TABLE_MAX_ROWS) return `${boxText(grid, req.color)}\n`;
  const [{ inkTableText }] = await Promise.all([import('./ink-table.js'), layoutEngine()]);
  return `${inkTableText({ ...grid, color: req.color })}\n`;
}

/** A column's alignment as the screen's table has it: right for numbers unless it says. */
function alignOf(c: Column<object>, rows: readonly object[]): 'left' | 'right' {
  if (c.align) return c.align;
  const first = rows.find((r) => c.value(r) != null);
  return first !== undefined && typeof c.value(first) === 'number' ? 'right' : 'left';
}
