// The parts of the frame around the screen that read the store themselves, so what ticks (the header's clock, the
// status line) re-renders one line, not the screen.
import { Text, useStdout } from 'ink';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { costNow } from '../domain/billing.js';
import { creditAlert } from '../domain/credit.js';
import { leaseAlert } from '../domain/lease.js';
import { ALERT_MS } from '../store/actions/stock-watch.js';
import { emptySlice } from '../store/engine/slice.js';
import type { AppStore } from '../store/state/app-store.js';
import { readSlices } from '../store/state/resources.js';
import { Header, type Tab } from '../ui/Header.js';
import { StatusLine } from '../ui/StatusLine.js';
import { useWatch } from '../ui/screen/context.js';
import { useNow } from '../ui/screen/hooks.js';
import { isTooSmall } from '../ui/TooSmall.js';
import type { Theme } from '../ui/theme.js';
import { waitingText } from '../ui/waiting.js';

const CREDIT_KEYS = ['credit', 'burn'] as const;

/** The header on its own clock, so the ticking age re-renders one line, not the screen. */
export const HeaderBar = memo(function HeaderBar(p: {
  store: AppStore;
  theme: Theme;
  width: number;
  profile: string;
  baseUrl: string;
  refreshMs: number;
  /** The store key whose age and errors the header shows (the screen's main data); none: the app's own data. */
  primary: string | undefined;
  tabs: readonly Tab[];
}) {
  const now = useNow(1000);
  const screen = useStore(p.store, (s) => s.screen);
  const region = useStore(p.store, (s) => s.region);
  const readOnly = useStore(p.store, (s) => s.readOnly);
  const health = useStore(p.store, (s) => s.health);
  // A string, so requests that start and end between two ticks re-render nothing.
  const waiting = useStore(p.store, (s) => waitingText(s.inFlight, now));
  const slice = useStore(p.store, (s) => (p.primary ? s.slices[p.primary] : undefined) ?? emptySlice);
  const stock = useStore(p.store, (s) => s.stockAlert);
  const watches = useStore(p.store, (s) => s.watches.length);
  // the credit and the burn rate, slowly, on every screen: a warning when the credit runs out within days
  useWatch(CREDIT_KEYS);
  const credit = useStore(
    p.store,
    useShallow((s) => {
      const r = readSlices(s);
      return creditAlert(r('credit')?.credit, costNow(r('burn')).perHour);
    }),
  );
  const perHour = useStore(p.store, (s) => costNow(readSlices(s)('burn')).perHour);
  const idle = useStore(p.store, (s) => s.idleShare?.perHour);
  // the VM list as loaded (the cost guard's watch keeps it loaded): a lease over or ending soon
  const vms = useStore(p.store, (s) => readSlices(s)('vms'));
  // judged again each 30 s, not each second
  const tick = Math.floor(now / 30_000);
  const lease = useMemo(() => leaseAlert(vms, Date.now()), [vms, tick]);
  return (
    <Header
      width={p.width}
      theme={p.theme}
      profile={p.profile}
      baseUrl={p.baseUrl}
      region={region}
      screen={screen}
      tabs={p.tabs}
      readOnly={readOnly}
      health={health}
      updatedAt={slice.updatedAt}
      ownData={!p.primary}
      now={now}
      refreshMs={p.refreshMs}
      listEveryMs={slice.fullEveryMs}
      failures={slice.failures}
      error={slice.error?.message}
      waiting={waiting}
      alert={stock && now - stock.at < ALERT_MS ? stock.text : undefined}
      credit={credit}
      lease={lease}
      burn={perHour === null ? undefined : { perHour, idle }}
      watches={watches}
    />
  );
});

export const StatusBar = memo(function StatusBar(p: { store: AppStore; width: number; theme: Theme }) {
  const status = useStore(p.store, (s) => s.status);
  return status ? <StatusLine message={status} width={p.width} theme={p.theme} /> : <Text> </Text>;
});

/** Columns and rows of the terminal, updated on resize at once. */
export function useTerminalSize(): { width: number; height: number } {
  const { stdout } = useStdout();
  const read = () => ({ width: stdout.columns || 80, height: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

/**
 * The terminal's size, and the last size that fitted: below the minimum the app says so, and the screens stay
 * mounted (hidden) at that size, so growing the terminal again finds the same filter, sort, selection and detail.
 */
export function useFittedSize() {
  const terminal = useTerminalSize();
  const tooSmall = isTooSmall(terminal);
  const fitted = useRef(terminal);
  if (!tooSmall) fitted.current = terminal;
  return { terminal, tooSmall, ...fitted.current };
}
