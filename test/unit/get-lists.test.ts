/**
 * One declaration per list (screens/lists/) serves a screen's table and `get`: every screen names the lists `get`
 * prints or says why none, and each of them prints through `get`, with the screen's columns, against the simulator.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { GET_LISTS } from '../../screens/lists/index.js';
import type { ListName } from '../../screens/lists/kinds.js';
import { flavorsList } from '../../screens/lists/stock.js';
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { runGet } from '../../src/commands/get.js';
import { GET_KINDS } from '../../src/commands/kinds.js';
import { COMMANDS } from '../../src/commands/registry.js';
import { listRows } from '../../src/ui/screen/list-spec.js';
import { PLAIN_THEME } from '../../src/ui/theme.js';

const entry = COMMANDS.find((c) => c.name === 'get');
if (!entry) throw new Error('no get command');
const getEntry = entry;

/** `get ARGS` in this process (its own --demo simulator): exit code, stdout, stderr. */
async function get(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const stream = (into: string[]) => {
    const s = new PassThrough();
    s.on('data', (d: Buffer) => into.push(d.toString()));
    return s;
  };
  const io = { stdout: stream(out), stderr: stream(err), env: { HOME: '/nonexistent' } };
  const code = await runGet([...args, '--demo'], { entry: getEntry, commands: COMMANDS }, io as never);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('get lists what the screens show', () => {
  it('every screen names the lists get prints, or says why it has none; every list get prints is a screen’s', () => {
    const named = new Set<string>();
    for (const screen of SCREEN_REGISTRY) {
      const lists: readonly ListName[] | { none: string } = screen.get;
      if ('none' in lists) expect(lists.none.length, screen.name).toBeGreaterThan(10);
      else {
        expect(lists.length, screen.name).toBeGreaterThan(0);
        for (const l of lists) named.add(l);
      }
    }
    expect([...named].sort()).toEqual([...GET_KINDS].sort());
  });

  it.each(GET_KINDS)(
    'get %s -o wide prints the id and every column of the screen’s table, one line a row of -o json',
    async (kind) => {
      const [wide, json] = [await get(kind, '-o', 'wide'), await get(kind, '-o', 'json')];
      expect([wide.code, wide.stderr, json.code, json.stderr]).toEqual([0, '', 0, '']);
      const spec = GET_LISTS[kind].list({});
      const titles = ['ID', ...spec.columns(PLAIN_THEME, Date.now()).map((c) => c.title)];
      const lines = wide.stdout.trimEnd().split('\n');
      expect(lines[0]?.split(/\s{2,}/)).toEqual(titles);
      const objects = JSON.parse(json.stdout) as unknown[];
      expect(objects.length, `the demo has ${kind}`).toBeGreaterThan(0);
      expect(lines).toHaveLength(objects.length + 1);
    },
    30_000,
  );

  it('the default table is the columns a screen drops last; a kind without a region refuses --region', async () => {
    const table = await get('vms', '-o', 'table');
    expect(table.stdout.split('\n')[1]).toMatch(
      /^│ NAME +│ STATUS +│ FLAVOR +│ GPUS +│ FIXED IP +│ FLOATING IP +│ +AGE │$/,
    );
    const refused = await get('usage', '--region', 'CANADA-1');
    expect([refused.code, refused.stderr]).toEqual([
      2,
      'hyperstack-tui get: usage have no region: --region does not apply\n',
    ]);
  }, 30_000);

  it("a flavor without a region of its own is in its group's, so --region keeps it (as the Stock screen does)", () => {
    const data = [
      { region_name: 'NORWAY-1', flavors: [{ id: 1, name: 'n3-A100x1', region_name: null }] },
      { region_name: 'CANADA-1', flavors: [{ id: 2, name: 'n3-H100x1', region_name: 'CANADA-1' }] },
    ];
    const rows = listRows(flavorsList(), {
      data,
      also: () => undefined,
      region: 'NORWAY-1',
      pending: {},
    } as never);
    expect(rows.map((r) => [r.name, r.region_name])).toEqual([['n3-A100x1', 'NORWAY-1']]);
  });

  it('get flavors says what each flavor costs an hour, from the pricebook (— where it does not say); -o json beside the object', () => {
    const data = [
      {
        region_name: 'NORWAY-1',
        flavors: [
          { id: 1, name: 'n3-A100x1', region_name: null, gpu: 'A100-80G-PCIe', gpu_count: 1 },
          { id: 2, name: 'n9-unknown', region_name: null },
        ],
      },
    ];
    const list = flavorsList();
    const book = [{ name: 'n3-A100x1', value: 1.35 }];
    const rows = listRows(list, { data, also: () => book, region: 'ALL', pending: {} } as never);
    const price = list.columns(PLAIN_THEME, 0).find((c) => c.title === '$/H');
    expect(rows.map((r) => (price?.text ? price.text(r) : ''))).toEqual(['$1.35', '—']);
    expect(list.raw?.(rows[0] as never)).toMatchObject({ name: 'n3-A100x1', price_per_hour: 1.35 });
  });
});
