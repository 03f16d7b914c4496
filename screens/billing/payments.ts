import type { Payment } from '../../src/api/schemas/billing.js';
import { isPaid, paymentStatusText, paymentTime, sum } from '../../src/domain/billing.js';
import { dateTime, money } from '../../src/domain/format.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';

/** The currency as the service names it; the organisation is billed in dollars when it says nothing. */
const currencyOf = (p: Payment) => p.currency || 'USD';

export const paymentRowId = (p: Payment): string =>
  p.payment_id ?? p.transaction_id ?? `${paymentTime(p) ?? ''}:${p.amount ?? ''}`;

/** Date, amount with currency, status in words, source, description, ids. */
export function paymentColumns(theme: Theme): Column<Payment>[] {
  return [
    {
      id: 'date',
      title: 'DATE',
      value: (p) => paymentTime(p) ?? null,
      text: (p) => dateTime(paymentTime(p)),
      priority: 0,
    },
    {
      id: 'amount',
      title: 'AMOUNT',
      value: (p) => p.amount,
      text: (p) => money(p.amount, currencyOf(p)),
      align: 'right',
      priority: 0,
    },
    {
      id: 'status',
      title: 'STATUS',
      value: (p) => paymentStatusText(p.status),
      color: (p) => {
        const s = paymentStatusText(p.status);
        return s.startsWith('✓') ? theme.ok : s.startsWith('✖') ? theme.error : theme.warn;
      },
      priority: 0,
    },
    { id: 'from', title: 'PAID FROM', value: (p) => p.paid_from?.replaceAll('_', ' '), priority: 3 },
    { id: 'desc', title: 'DESCRIPTION', value: (p) => p.description, priority: 2 },
    { id: 'txn', title: 'TRANSACTION', value: (p) => p.transaction_id, priority: 4 },
    { id: 'pid', title: 'PAYMENT ID', value: (p) => p.payment_id, priority: 4 },
  ];
}

/** "Paid $7,750.00 in 4 payments · 1 failed · 1 pending". */
export function paymentsSummary(payments: readonly Payment[]): string {
  const paid = payments.filter((p) => isPaid(p.status));
  const failed = payments.filter((p) => paymentStatusText(p.status).startsWith('✖')).length;
  const pending = payments.filter((p) => paymentStatusText(p.status).startsWith('◐')).length;
  const total = sum(paid.map((p) => p.amount));
  const currencies = new Set(paid.map((p) => currencyOf(p).toUpperCase()));
  const amount = currencies.size > 1 ? 'several currencies' : money(total ?? 0, [...currencies][0] ?? 'USD');
  return [
    `Paid ${amount} in ${paid.length} payment${paid.length === 1 ? '' : 's'}`,
    failed ? `${failed} failed` : '',
    pending ? `${pending} pending` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
