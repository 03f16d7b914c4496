/**
 * Billing, top-up (f): auto top-up set up only once the charge the form states is agreed to, followed until its
 * card is confirmed, changed, disabled after a confirmation; a voucher's refusal kept on its field; read-only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TOPUP_SETUP_MS } from '../../src/sim/world/top-up.js';
import { type AppHarness, KEY, renderApp } from '../support/render-app.js';

const CTRL_S = '\x13';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

const open = async (readOnly = false) => {
  const a = await renderApp({ screen: 'billing', width: 140, height: 50, readOnly, fastMs: 200 });
  await a.waitFor('TOTAL BILL');
  await a.press('f');
  await a.waitFor('never set up');
  return a;
};

describe('Billing screen: top-up', () => {
  it('A sets auto top-up up once the stated charge is agreed to; it is followed until its card is confirmed', async () => {
    app = await open();
    const a = app;
    await a.press('A');
    await a.waitFor('Set up auto top-up');
    await a.press(...'100', KEY.tab, ...'500');
    let f = await a.waitFor(
      '$500.00 charged to the card on file each time the credit falls to $100.00 or below',
    );
    // not agreed: nothing is sent
    await a.press(CTRL_S);
    await a.waitFor('tick it to agree to the charge');
    expect(a.sim.world.autoTopup ?? null).toBeNull();
    // the refusal took the focus to the box: ticked, sent
    await a.press(' ', CTRL_S);
    f = await a.waitFor('pending setup: confirm the card');
    expect(f).toContain('the credit falls to $100.00 or below');
    expect(f).toContain('$500.00 to the card on file, each time');
    expect(a.sim.world.autoTopup).toMatchObject({ status: 'pending_setup', threshold: 100, topup: 500 });
    // the card confirmed in the console: the view follows it to active
    await a.advance(TOPUP_SETUP_MS);
    await a.waitFor('● active');

    // changed: the form starts from the setting, and says the new charge
    await a.press('A');
    await a.waitFor('Change auto top-up');
    await a.press(KEY.tab, KEY.backspace, KEY.backspace, KEY.backspace, ...'750', KEY.tab, ' ', CTRL_S);
    await a.waitFor('$750.00 to the card on file, each time');
    expect(a.sim.world.autoTopup).toMatchObject({ status: 'active', topup: 750 });

    // disabled after saying what it means
    await a.press('X');
    await a.waitFor('Disable auto top-up?');
    expect(a.frame()).toContain('VMs stop');
    await a.press('y');
    await a.waitFor('○ disabled');
    expect(a.sim.world.autoTopup?.status).toBe('disabled');
  });

  it('V redeems a voucher: a refused code stays on its field, a good one adds its credit', async () => {
    app = await open();
    const a = app;
    const before = a.sim.world.org.credit;
    await a.press('V');
    await a.waitFor('Redeem a voucher');
    await a.press(...'SPRING-2025', CTRL_S);
    const f = await a.waitFor('is expired and can no longer be redeemed');
    // under the field, not only the form's error line
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.includes('Voucher code'));
    expect(lines.slice(at, at + 4).join('\n')).toContain('can no longer be redeemed');
    for (let i = 0; i < 11; i++) await a.press(KEY.backspace);
    await a.press(...'WELCOME-250', CTRL_S);
    await a.waitFor('$250 added to your credit');
    expect(a.sim.world.org.credit).toBe(before + 250);
  });

  it('the set-up key answers to its one action name whatever its label says (billing.auto-top-up)', async () => {
    app = await renderApp({
      screen: 'billing',
      width: 140,
      height: 50,
      keymap: new Map([['billing.auto-top-up', ['ctrl+t']]]),
    });
    await app.waitFor('TOTAL BILL');
    await app.press('f');
    await app.waitFor('never set up');
    await app.press('\x14');
    await app.waitFor('Set up auto top-up');
  });

  it('read-only: A, X and V are hidden and refused', async () => {
    app = await open(true);
    const a = app;
    const footer = a.frame().split('\n').at(-1)!;
    expect(footer).not.toContain('auto top-up');
    expect(footer).not.toContain('voucher');
    await a.press('A');
    await a.waitFor('is not allowed');
    await a.press('V');
    await a.waitFor('"redeem voucher" is not allowed');
    expect(a.store.getState().modal).toBeNull();
  });
});
