// A submission the service refuses field by field, through the whole app (the real client over HTTP against the
// simulator, whose create handler is made to refuse once in the service's own field-map bodies): each message
// under its field, the form kept with everything typed, the header still "API ok", and a field's message gone
// as soon as that field is edited.
import { afterEach, describe, expect, it } from 'vitest';
import { type RouteDef, SimError, type SimMethod } from '../../src/sim/route.js';
import { fieldInvalid } from '../../src/sim/world/errors.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

const CTRL_S = '\x13';
let app: AppHarness | undefined;
afterEach(cleanupApps);

/** The route refuses its first request with `refusal()`, then works as always. */
function refuseOnce(method: SimMethod, path: string, refusal: () => Error) {
  let refused = false;
  return (routes: readonly RouteDef[]): RouteDef[] =>
    routes.map((r) =>
      r.method === method && r.path === path
        ? {
            ...r,
            handle: (req, world) => {
              if (refused) return r.handle(req, world);
              refused = true;
              throw refusal();
            },
          }
        : r,
    );
}

/** The line right under the form's row of `label` (inside the form's box: the row shows the label, then the value). */
function lineUnder(frame: string, label: RegExp): string {
  const lines = frame.split('\n');
  const at = lines.findIndex((l) => l.includes('│') && label.test(l));
  return at < 0 ? '' : (lines[at + 1] ?? '');
}

const header = (f: string) => f.split('\n')[1] ?? '';
/** The form's box alone (the status line under the table says what failed too). */
function inForm(f: string): string {
  const lines = f.split('\n');
  return lines
    .slice(
      lines.findIndex((l) => l.includes('╭')),
      lines.findIndex((l) => l.includes('╰')) + 1,
    )
    .join('\n');
}

describe('a form the service refuses field by field', () => {
  it('New firewall: `{"status": false, "errors": {…}}` under Name and Environment; editing Name takes its message away', async () => {
    app = await renderApp({
      screen: 'firewalls',
      routes: refuseOnce(
        'POST',
        '/core/firewalls',
        () =>
          new SimError(400, 'bad_request', 'refused', {
            errors: {
              name: ['Name edge-fw is reserved for the platform.'],
              environment_id: ['Environment is full.'],
            },
            form: 'fields',
          }),
      ),
    });
    await app.waitFor('Firewalls');
    await app.waitFor((f) => header(f).includes('API ok'));
    await app.press('n');
    await app.waitFor('[ Create ]'); // the form itself (a "loading environments" dialog may come first)
    await app.press(...'edge-fw'.split(''), KEY.tab, KEY.enter, KEY.enter);
    await app.waitFor('edge-fw in ');
    await app.press(CTRL_S);
    let f = await app.waitFor('is reserved for the platform');
    expect(lineUnder(f, /Name\s+edge-fw/)).toContain('✖ Name edge-fw is reserved for the platform.');
    expect(lineUnder(f, /Environment\s+research-norway/)).toContain('✖ Environment is full.');
    expect(f).toContain('✖ the service refused: fix 2 fields: Name, Environment');
    expect(f).toContain('New firewall'); // still open, with what was typed
    expect(f).toContain('edge-fw in ');
    expect(header(f)).not.toContain('API error');
    expect(header(f)).toContain('API ok');
    expect(app.store.getState().health.lastError).toBeUndefined();
    // The focus went to the refused field: Backspace edits it, and its message goes at once.
    await app.press(KEY.backspace, 'x');
    f = await app.waitFor((fr) => /Name\s+edge-fx/.test(fr));
    expect(inForm(f)).not.toContain('is reserved for the platform');
    expect(lineUnder(f, /Environment\s+research-norway/)).toContain('✖ Environment is full.');
    expect(f).toContain('✖ the service refused: fix 1 field: Environment');
    await app.press(CTRL_S);
    await app.waitFor((fr) => !fr.includes('New firewall'));
    expect([...app.sim.world.firewalls.values()].filter((x) => x.name === 'edge-fx')).toHaveLength(1);
    expect(app.exchanges.filter((e) => e === 'POST /core/firewalls')).toHaveLength(2);
  });

  it('Create VM: a payload refusal of `flavor_name` shows under Flavor; another field edited keeps it', async () => {
    app = await renderApp({
      routes: refuseOnce('POST', '/core/virtual-machines', () =>
        fieldInvalid('flavor_name', 'Flavor n1-cpu-small is being retired.', 'payload'),
      ),
    });
    await app.waitFor('ray-worker-1');
    await app.press('c');
    await app.waitFor('Ctrl-S submit');
    // A choice keeps the focus on its field: Tab moves on.
    await app.press(...'refused-vm'.split(''), KEY.tab, KEY.enter, ...'research-norway'.split(''), KEY.enter);
    await app.waitFor((f) => /› Environment\s+research-norway/.test(f));
    await app.press(KEY.tab, KEY.enter, KEY.enter); // the first image
    await app.waitFor((f) => /› Image\s+\S/.test(f) && !/› Image\s+— choose/.test(f));
    await app.press(KEY.tab, KEY.enter, ...'n1-cpu-small'.split(''), KEY.enter);
    await app.waitFor((f) => /› Flavor\s+n1-cpu-small/.test(f));
    await app.press(KEY.tab, KEY.enter, KEY.enter); // the environment's first key pair
    await app.waitFor((f) => /› Key pair\s+\S/.test(f) && !/› Key pair\s+— choose/.test(f));
    await app.press(CTRL_S);
    let f = await app.waitFor('is being retired');
    expect(lineUnder(f, /Flavor\s+n1-cpu-small/)).toContain('✖ Flavor n1-cpu-small is being retired.');
    expect(f).toContain('✖ the service refused: fix 1 field: Flavor');
    expect(f).toMatch(/Name\s+refused-vm/);
    expect(f).toContain('Create VM');
    expect(header(f)).not.toContain('API error');
    expect(header(f)).toContain('API ok');
    // Editing another field leaves the flavor's message; choosing another flavor takes it away.
    await app.press(KEY.up, KEY.up, KEY.up, KEY.backspace); // Name: refused-v
    f = await app.waitFor((fr) => /Name\s+refused-v\b/.test(fr));
    expect(lineUnder(f, /Flavor\s+n1-cpu-small/)).toContain('is being retired');
    await app.press(KEY.down, KEY.down, KEY.down, KEY.enter, ...'n1-cpu-medium'.split(''), KEY.enter);
    f = await app.waitFor((fr) => /Flavor\s+n1-cpu-medium/.test(fr));
    expect(inForm(f)).not.toContain('is being retired');
    expect(inForm(f)).not.toContain('the service refused');
    expect(app.exchanges.filter((e) => e === 'POST /core/virtual-machines')).toHaveLength(1);
  });
});
