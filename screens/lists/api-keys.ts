/** The API keys list (by name: the client keeps no key): rows and columns, for :api-keys and `get api-keys`. */
import type { ApiKey } from '../../src/api/schemas/access.js';
import { listedMarks } from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { descriptionColumn } from '../../src/ui/table/description-column.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';
import { pendingNameColumn } from './pending-name.js';

export interface ApiKeyRow {
  key: ApiKey;
  /** "deleting", from the moment D was confirmed until the key is gone. */
  pending: string | undefined;
}

function columns(theme: Theme, now: number): Column<ApiKeyRow>[] {
  return [
    pendingNameColumn(theme, (r) => r.key.name, 16),
    descriptionColumn((r) => r.key.description),
    ageColumn((r) => r.key.created_at, now),
  ];
}

function rows(ctx: RowContext<'api-keys'>): readonly ApiKeyRow[] {
  const mark = listedMarks(ctx.pending);
  return ctx.data.map((key) => ({ key, pending: mark(`api-key:${key.id}`) }));
}

export const API_KEYS_LIST: ListSpec<ApiKeyRow, 'api-keys'> = {
  resource: 'api-keys',
  noun: 'API keys',
  columns,
  rowId: (r) => String(r.key.id),
  rows,
  raw: (r) => r.key,
};
