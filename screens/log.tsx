import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { ActionLogEntry } from '../src/store/state/action-log.js';
import type { Binding } from '../src/ui/bindings.js';
import { DataTable } from '../src/ui/DataTable.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { useApp, useScreenKeys } from '../src/ui/screen/context.js';
import { useAppState } from '../src/ui/screen/hooks.js';
import type { Column } from '../src/ui/table/types.js';
import { useDataTable } from '../src/ui/table/useDataTable.js';
import type { Theme } from '../src/ui/theme.js';

/** "✓ ok 200", "✗ refused 409", "? unknown", "– not sent": the outcome in words, the mark only adds to them. */
function outcomeText(e: ActionLogEntry): string {
  const mark = { ok: '✓', refused: '✗', unknown: '?', 'not sent': '–' }[e.outcome];
  return `${mark} ${e.outcome}${e.status ? ` ${e.status}` : ''}`;
}

const time = (at: number) => new Date(at).toTimeString().slice(0, 8);

export function logColumns(theme: Theme): Column<ActionLogEntry>[] {
  return [
    { id: 'time', title: 'TIME', value: (e) => e.at, text: (e) => time(e.at), priority: 0, whole: true },
    { id: 'what', title: 'WHAT', value: (e) => e.what ?? '', minWidth: 16, priority: 0 },
    {
      id: 'outcome',
      title: 'OUTCOME',
      value: (e) => e.outcome,
      text: outcomeText,
      color: (e) => (e.outcome === 'ok' ? theme.ok : e.outcome === 'refused' ? theme.error : theme.warn),
      priority: 0,
    },
    { id: 'method', title: 'METHOD', value: (e) => e.method, priority: 1 },
    { id: 'path', title: 'PATH', value: (e) => e.path, minWidth: 12, priority: 1, whole: true },
    { id: 'ms', title: 'MS', value: (e) => e.ms, align: 'right', priority: 2 },
    { id: 'profile', title: 'PROFILE', value: (e) => e.profile, priority: 3 },
  ];
}

const rowId = (e: ActionLogEntry) => `${e.at}:${e.method}:${e.path}`;

/** Lines above the table: the title and what the log holds. */
const TOP_LINES = 2;

/** Every key this screen binds: none of its own (the table's keys work). */
export const ACTIONS: readonly Binding[] = [];

/**
 * The action log: every change this app asked of the service since it started, newest first (time, what, outcome,
 * method, path, duration, profile). Reads are not listed. `--log FILE` keeps them in a file too.
 */
export function LogScreen({ width, height, active, title }: ScreenProps) {
  const { theme } = useApp();
  const log = useAppState((s) => s.actionLog);
  const cols = useMemo(() => logColumns(theme), [theme]);
  const t = useDataTable(log, cols, rowId, {
    width,
    height: Math.max(3, height - TOP_LINES),
    isActive: active,
    listen: false,
    initialSort: { columnId: 'time', desc: true },
  });
  useScreenKeys(ACTIONS, (_name, input, key) => t.handleKey(input, key));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.accent} wrap="truncate-end">
        {`${title} (${log.length})`}
      </Text>
      <Text color={theme.dim} wrap="truncate-end">
        Every change asked of the service since start (no reads); --log FILE keeps them
      </Text>
      <DataTable {...t.tableProps} emptyText="Nothing changed yet." />
    </Box>
  );
}
