import { useState } from 'react';
import { priceText } from '~/ui/data/priceText';
import { PagedTable } from '../shell/AdminListParts';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, FilterBar, SelectField, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { toQuery, useAdminData, useQueryState } from '../shell/adminHooks';
import type { AdminPaymentRow, Page } from '../shell/types';
import { PAYMENT_STATUS_OPTIONS } from './adminPaymentStatus';

const FILTERS = { q: '', status: '', currency: '', from: '', to: '', page: '1' };

const TONE: Readonly<Record<string, 'good' | 'warn' | 'bad' | 'neutral'>> = {
  succeeded: 'good',
  pending: 'warn',
  failed: 'bad',
  refunded: 'neutral',
  cancelled: 'neutral',
};

function Payments({ chains }: { chains: readonly ChainChoice[] }) {
  const { t, to } = useAdmin();
  const [filters, setFilters] = useQueryState(FILTERS);
  const [draft, setDraft] = useState(filters);
  const { data, loading, notFound } = useAdminData<Page<AdminPaymentRow>>(
    '/api/v1/admins/payment_histories',
    toQuery(filters),
  );
  return (
    <>
      <FilterBar onSubmit={() => setFilters({ ...draft, page: '1' })}>
        <TextField
          type="search"
          label={t('admin.payments.search')}
          value={draft.q}
          onChange={(q) => setDraft({ ...draft, q })}
        />
        <SelectField
          label={t('admin.common.status')}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
          options={[
            ['', t('admin.common.all')],
            ...PAYMENT_STATUS_OPTIONS.map(([value, key]) => [value, t(key)] as const),
          ]}
        />
        <SelectField
          label={t('admin.common.currency')}
          value={draft.currency}
          onChange={(currency) => setDraft({ ...draft, currency })}
          options={[
            ['', t('admin.common.all')],
            ['JPY', 'JPY'],
            ['USD', 'USD'],
          ]}
        />
        <TextField
          type="date"
          label={t('admin.revenues.from')}
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <TextField
          type="date"
          label={t('admin.revenues.to')}
          value={draft.to}
          onChange={(value) => setDraft({ ...draft, to: value })}
        />
      </FilterBar>
      <PagedTable
        data={data}
        loading={loading}
        notFound={notFound}
        label={t('admin.payments.title')}
        head={[
          t('admin.common.createdAt'),
          t('admin.payments.paymentId'),
          t('admin.payments.user'),
          t('admin.payments.card'),
          t('admin.payments.amount'),
          t('admin.common.status'),
        ]}
        onPage={(page) => setFilters({ page: String(page) })}
        row={(payment) => (
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
                {t(
                  PAYMENT_STATUS_OPTIONS.find(([value]) => value === payment.status)?.[1] ??
                    'admin.payments.statusPending',
                )}
              </Badge>
            </Cell>
          </tr>
        )}
      />
    </>
  );
}

/**
 * Card (fiat) payment records, filterable by status, currency, dates and payment id or wallet.
 * @see docs/product-spec.md §2 (/admins/stripe_payment_histories)
 */
export default function AdminPayments({ chains, ...props }: AdminScreenProps & { chains: readonly ChainChoice[] }) {
  return (
    <AdminShell {...props}>
      <Payments chains={chains} />
    </AdminShell>
  );
}
