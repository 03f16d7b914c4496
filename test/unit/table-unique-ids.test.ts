import { describe, expect, it } from 'vitest';
import { uniqueRowId } from '../../src/ui/table/unique-ids.js';

describe('uniqueRowId', () => {
  const byId = (r: { id: number }) => String(r.id);
  it('gives the second and third of one id their own ids, in list order', () => {
    const rows = [{ id: 5 }, { id: 1 }, { id: 5 }, { id: 5 }];
    const id = uniqueRowId(rows, byId);
    expect(rows.map(id)).toEqual(['5', '1', '5#2', '5#3']);
  });
  it('returns the given function itself when every id is unique', () => {
    const rows = [{ id: 1 }, { id: 2 }];
    expect(uniqueRowId(rows, byId)).toBe(byId);
  });
});
