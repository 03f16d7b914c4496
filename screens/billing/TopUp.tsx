/** The top-up view of Billing: auto top-up (see, set up or change, disable) and redeeming a voucher. */
import { ensureLoaded } from '../../src/store/actions/ensure-loaded.js';
import { disableAutoTopup, isLive, TOPUP_MARK } from '../../src/store/actions/top-up-actions.js';
import { ui } from '../../src/store/state/app-store.js';
import { readData } from '../../src/store/state/resources.js';
import type { Binding } from '../../src/ui/bindings.js';
import { type AppContextValue, useApp, useWatch } from '../../src/ui/screen/context.js';
import { useAppState, useSlice } from '../../src/ui/screen/hooks.js';
import { LinesScreen } from '../../src/ui/screen/LinesScreen.js';
import { autoTopupForm } from '../forms/auto-topup.js';
import { voucherForm } from '../forms/voucher-redeem.js';
import { topUpLines } from './top-up.js';

/** Its label says set up or change: one action name for the keys config either way. */
export const SET_TOPUP = {
  keys: ['A'],
  label: 'auto top-up',
  action: 'auto-top-up',
  mutation: true,
} as const satisfies Binding;
export const DISABLE_TOPUP = {
  keys: ['X'],
  label: 'disable auto top-up',
  mutation: true,
} as const satisfies Binding;
export const VOUCHER = { keys: ['V'], label: 'redeem voucher', mutation: true } as const satisfies Binding;

/** Opens the auto top-up form once the setting and the credit are read (it says both). */
async function openTopupForm(app: AppContextValue): Promise<void> {
  const { store } = app.deps;
  if (!(await ensureLoaded(app.deps, ['auto-topup', 'credit'], { title: 'auto top-up' }))) return;
  ui.openForm(
    store,
    autoTopupForm(app.deps, readData(store, 'auto-topup')?.status, readData(store, 'credit')?.credit),
  );
}

export function TopUp(p: { width: number; height: number; extraBindings: readonly Binding[] }) {
  const app = useApp();
  useWatch(['auto-topup', 'credit']);
  const slice = useSlice('auto-topup');
  const pending = useAppState((s) => s.pending[TOPUP_MARK]);
  const readOnly = useAppState((s) => s.readOnly);
  const lines = topUpLines({
    data: slice.data,
    loading: slice.status === 'loading' || slice.status === 'idle',
    error: slice.error?.message,
    pending,
    readOnly,
  });
  const live = isLive(slice.data?.status.status);
  const bindings: Binding[] = [
    {
      ...SET_TOPUP,
      label: live ? 'change auto top-up' : 'set up auto top-up',
      run: () => void openTopupForm(app),
    },
    live
      ? { ...DISABLE_TOPUP, run: () => disableAutoTopup(app.deps) }
      : { ...DISABLE_TOPUP, unavailable: 'auto top-up is not on' },
    { ...VOUCHER, run: () => ui.openForm(app.deps.store, voucherForm(app.deps)) },
    ...p.extraBindings,
  ];
  return (
    <LinesScreen width={p.width} height={p.height} title="Top-up" lines={lines} extraBindings={bindings} />
  );
}
