/** The contracts view of Billing: every contract's terms, and for the first ones their VMs and GPU allocation. */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ResourceKey } from '../../src/store/state/resources.js';
import type { Binding } from '../../src/ui/bindings.js';
import { text } from '../../src/ui/DetailPane.js';
import { useWatch } from '../../src/ui/screen/context.js';
import { useAppState, useSlice } from '../../src/ui/screen/hooks.js';
import { LinesScreen } from '../../src/ui/screen/LinesScreen.js';
import {
  contractGpusKey,
  contractUseLines,
  contractVmsKey,
  MAX_CONTRACTS_READ,
  USAGE_NOTE,
} from './contract-use.js';
import { contractLines, sortContracts } from './contracts.js';

export function Contracts(p: { width: number; height: number; extraBindings: readonly Binding[] }) {
  const slice = useSlice('contracts');
  const contracts = slice.data;
  const now = slice.updatedAt ?? 0;
  // the GPU graph's period moves by the hour (one key an hour)
  const [opened] = useState(Date.now);
  const read = useMemo(() => sortContracts(contracts ?? []).slice(0, MAX_CONTRACTS_READ), [contracts]);
  const keys: ResourceKey[] = read.flatMap((c) => [contractVmsKey(c), contractGpusKey(c, now || opened)]);
  useWatch(['contracts', ...keys]);
  const slices = useAppState(useShallow((s) => keys.map((k) => s.slices[k])));
  const lines = useMemo(() => {
    if (slice.error && !contracts) return [text(`✖ ${slice.error.message}`, 'error')];
    const at = (i: number) => {
      const s = slices[i];
      return s ? { data: s.data as never, error: s.error?.message } : { data: undefined, error: undefined };
    };
    const out = contractLines(
      contracts,
      slice.status === 'loading' || slice.status === 'idle',
      now || opened,
      (c) => {
        const i = read.indexOf(c);
        return i < 0 ? [] : contractUseLines(at(2 * i), at(2 * i + 1));
      },
    );
    return read.length > 0 ? [...out, text(''), USAGE_NOTE] : out;
  }, [contracts, slice.status, slice.error, now, opened, read, slices]);
  return <LinesScreen {...p} title={`Contracts${contracts ? ` (${contracts.length})` : ''}`} lines={lines} />;
}
