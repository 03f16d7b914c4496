/** `hyperstack-tui get KIND [NAME]`: one list from the service, printed for a script or a person, then exit. */

import { quote } from '../domain/quote.js';
import { layoutEngine } from '../ui/layout-engine.js';
import { type CommandContext, commandHelp } from './command.js';
import { connect, EXIT, type Io, processIo, runCommand } from './connect.js';
import { KIND_SPECS, type KindSpec } from './get-columns.js';
import { findKind, GET_KINDS, type GetKind, type Output } from './kinds.js';
import {
  alignedText,
  boxText,
  cellText,
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
    const spec = KIND_SPECS[req.kind];
    checkFilters(req, spec);
    const conn = await connect(args, io.env);
    ctx.secret = conn.secret;
    try {
      const rows = await spec.fetch(conn.api, { environment: req.environment });
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

function checkFilters(req: GetRequest, spec: KindSpec<object>): void {
  if (req.region && !spec.region) throw new UsageError(`${req.kind} have no region: --region does not apply`);
  if (req.environment && !spec.environment) {
    throw new UsageError(`${req.kind} have no environment: --environment does not apply`);
  }
}

function keep(req: GetRequest, spec: KindSpec<object>, row: object): boolean {
  if (req.name && !spec.name(row).toLowerCase().includes(req.name.toLowerCase())) return false;
  if (req.region && spec.region?.(row)?.toLowerCase() !== req.region.toLowerCase()) return false;
  const env = spec.environment;
  // the service filters by environment where it can; a kind it cannot filter is filtered here
  if (req.environment && typeof env === 'function' && env(row) !== req.environment) return false;
  return true;
}

async function print(req: GetRequest, spec: KindSpec<object>, rows: object[]): Promise<string> {
  if (req.output === 'json') return `${jsonText(rows.map((r) => (spec.raw ? spec.raw(r) : r)))}\n`;
  if (req.output === 'name') return rows.map((r) => `${cellText(spec.name(r))}\n`).join('');
  const now = Date.now();
  const columns = spec.columns.filter((c) => req.output === 'wide' || !c.wide);
  const grid: Grid = {
    titles: columns.map((c) => c.title),
    rows: rows.map((r) => columns.map((c) => cellText(c.value(r, now)))),
    aligns: columns.map((c) => c.align ?? 'left'),
  };
  if (req.output === 'wide') return `${alignedText(grid)}\n`;
  if (rows.length === 0) return '';
  if (rows.length > INK_TABLE_MAX_ROWS) return `${boxText(grid, req.color)}\n`;
  const [{ inkTableText }] = await Promise.all([import('./ink-table.js'), layoutEngine()]);
  return `${inkTableText({ ...grid, color: req.color })}\n`;
}
