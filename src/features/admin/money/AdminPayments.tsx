import { priceText } from '~/ui/data/priceText';
import { AllFilter, ChoiceFilter, DateRange, PagedTable } from '../shell/AdminListParts';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, FilterBar, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { useAdminList } from '../shell/adminList';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminPaymentRow } from '../shell/types';
import { PAYMENT_STATUS_OPTIONS } from './adminPaymentStatus';

const FILTERS = { q: '', status: '', currency: '', from: '', to: '', page: '1' };

/** The table's columns. */
const COLUMNS: readonly AdminMessageKey[] = [
  'admin.common.createdAt',
  'admin.payments.paymentId',
  'admin.payments.user',
  'admin.payments.card',
  'admin.payments.amount',
  'admin.common.status',
];

const TONE: Readonly<Record<string, 'good' | 'warn' | 'bad' | 'neutral'>> = {
  succeeded: 'good',
  pending: 'warn',
  failed: 'bad',
  refunded: 'neutral',
  cancelled: 'neutral',
};

/**
 * Card (fiat) payment records, filterable by status, currency, dates and payment id or wallet.
 * @see docs/product-spec.md §2 (/admins/stripe_payment_histories)
 */
function Payments({ chains }: { chains: readonly ChainChoice[] }) {
  const { t, to } = useAdmin();
  const { bind, search, table } = useAdminList<AdminPaymentRow, typeof FILTERS>(
    '/api/v1/admins/payment_histories',
    FILTERS,
  );
  const paymentRow = (payment: AdminPaymentRow) => (
    <tr key={payment.id}>
      <Cell>{formatWhen(payment.createdAt)}</Cell>
      <Cell mono>{payment.providerPaymentId}</Cell>
      <Cell mono>
        {payment.user ? (
          <a className="underline" href={to(`/admins/users/${payment.user.id}/edit`)}>
            {payment.user.walletAddress}
          </a>
        ) : (
          '—'
        )}
      </Cell>
      <Cell>
        {payment.card ? (
          <>
            {payment.card.name}
            <span className="block text-xs text-ink-muted">{chainLabel(payment.card.chainId, chains)}</span>
          </>
        ) : (
          '—'
        )}
      </Cell>
      <Cell>{priceText(payment.amount, payment.currency)}</Cell>
      <Cell>
        <Badge tone={TONE[payment.status] ?? 'neutral'}>
          {t(PAYMENT_STATUS_OPTIONS.find(([value]) => value === payment.status)?.[1] ?? 'admin.payments.statusPending')}
        </Badge>
      </Cell>
    </tr>
  );
  return (
    <>
      <FilterBar onSubmit={search}>
        <TextField type="search" label={t('admin.payments.search')} {...bind('q')} />
        <ChoiceFilter label={t('admin.common.status')} {...bind('status')} choices={PAYMENT_STATUS_OPTIONS} />
        <AllFilter
          label={t('admin.common.currency')}
          {...bind('currency')}
          options={[
            ['JPY', 'JPY'],
            ['USD', 'USD'],
          ]}
        />
        <DateRange from={bind('from')} to={bind('to')} />
      </FilterBar>
      <PagedTable {...table} label={t('admin.payments.title')} head={COLUMNS} row={paymentRow} />
    </>
  );
}

export default adminScreen(Payments);
