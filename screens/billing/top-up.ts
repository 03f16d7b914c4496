/**
 * Auto top-up and vouchers, as a page: the setting as the service has it (its status in words, what it charges
 * and when), and the keys that change it. Amounts are in the credit's currency, as the console shows them (the
 * service's fields carry no currency of their own).
 */
import type { AutoTopup, AutoTopupStatus } from '../../src/api/schemas/top-up.js';
import { money, NONE } from '../../src/domain/format.js';
import type { PendingMark } from '../../src/store/state/pending.js';
import { type DetailLine, field, section, text } from '../../src/ui/DetailPane.js';

export interface TopUpInput {
  data: { status: AutoTopupStatus; setting: AutoTopup | null } | undefined;
  loading: boolean;
  error: string | undefined;
  pending: PendingMark | undefined;
  readOnly: boolean;
}

/** The service's status in words (an unknown one as it came). */
function statusText(s: string | null | undefined): { text: string; tone?: 'warn' | 'dim' } {
  if (s === 'active') return { text: '● active' };
  if (s === 'pending_setup')
    return {
      text: '◐ pending setup: confirm the card in the Hyperstack console to activate it',
      tone: 'warn',
    };
  if (s === 'disabled') return { text: '○ disabled', tone: 'dim' };
  if (s === 'cancelled') return { text: '○ cancelled', tone: 'dim' };
  if (s == null) return { text: '○ never set up', tone: 'dim' };
  return { text: `${s} (as the service says it)` };
}

export function topUpLines(p: TopUpInput): DetailLine[] {
  const lines: DetailLine[] = [section('Auto top-up')];
  if (!p.data) {
    if (p.error) lines.push(text(`✖ cannot read auto top-up: ${p.error}`, 'error'));
    else lines.push(text(p.loading ? 'loading auto top-up…' : 'not available', 'dim'));
  } else {
    const { status, setting } = p.data;
    const st = statusText(status.status);
    lines.push(
      p.pending
        ? field('status', `◐ ${p.pending.label}…`)
        : st.tone === 'warn'
          ? field('status', st.text, 'warn')
          : field('status', st.text),
    );
    if (status.status != null) {
      lines.push(
        field('when', `the credit falls to ${money(status.threshold_amount)} or below`),
        field('charges', `${money(status.topup_amount)} to the card on file, each time`),
        field('changed', setting?.updated_at ? setting.updated_at.replace('T', ' ').slice(0, 19) : NONE),
      );
    }
    if (p.error) lines.push(text(`refresh failed: ${p.error}`, 'warn'));
  }
  lines.push(
    text(''),
    text('Running out of credit stops VMs: prepaid accounts are suspended below $0.', 'dim'),
    section('Vouchers'),
    text('A voucher’s code adds its credit at once.', 'dim'),
  );
  if (p.readOnly) lines.push(text('read-only: nothing can be changed here', 'dim'));
  return lines;
}
