import { useState } from 'react';
import { CURRENCIES, CurrencyCode, CurrencyType } from '~/features/chains/currencies';
import { priceText } from '~/ui/data/priceText';
import { ChainFilter } from '../shell/AdminListParts';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { Cell, FilterBar, LoadState, Section, SelectField, Table, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel } from '../shell/adminFormat';
import { toQuery, useAdminData, useQueryState } from '../shell/adminHooks';
import type { AdminRevenueReport, AdminRevenueRow } from '../shell/types';
import { BooksSection } from './AdminBooks';

const FILTERS = { period: 'month', from: '', to: '', chain_id: '', currency_code: '' };

/** Crypto currencies, POL once (its second code means the same coin). */
const CURRENCY_OPTIONS = Object.entries(CURRENCIES)
  .filter(([code, info]) => info.type !== CurrencyType.FIAT && Number(code) !== CurrencyCode.POL_LEGACY)
  .map(([code, info]) => [code, info.symbol] as const);

function RevenueRows({
  rows,
  chains,
  label,
}: {
  rows: AdminRevenueRow[];
  chains: readonly ChainChoice[];
  label: string;
}) {
  const { t } = useAdmin();
  return (
    <Table
      label={label}
      head={[
        t('admin.revenues.period'),
        t('admin.common.chain'),
        t('admin.revenues.sales'),
        t('admin.revenues.volume'),
        t('admin.revenues.platformFee'),
        t('admin.revenues.royalty'),
        t('admin.revenues.receivedOnChain'),
        t('admin.revenues.payable'),
      ]}
      empty={rows.length === 0}
    >
      {rows.map((row) => (
        <tr key={`${row.period}:${row.chainId}:${row.currencyCode}`}>
          <Cell>{row.period}</Cell>
          <Cell>{row.chainId === null ? t('admin.revenues.cardPayments') : chainLabel(row.chainId, chains)}</Cell>
          <Cell>{row.sales}</Cell>
          <Cell>{priceText(row.volume, row.currencyCode, 6)}</Cell>
          <Cell>{priceText(row.platformFee, row.currencyCode, 6)}</Cell>
          <Cell>{priceText(row.royalty, row.currencyCode, 6)}</Cell>
          <Cell>{priceText(row.receivedOnChain, row.currencyCode, 6)}</Cell>
          <Cell>{priceText(row.payable, row.currencyCode, 6)}</Cell>
        </tr>
      ))}
    </Table>
  );
}

function Revenues({ chains }: { chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  const [filters, setFilters] = useQueryState(FILTERS);
  const [draft, setDraft] = useState(filters);
  const query = toQuery(filters);
  const { data, loading, notFound } = useAdminData<AdminRevenueReport>('/api/v1/admins/revenues', query);
  const csv = `/api/v1/admins/revenues?${new URLSearchParams({ ...(query as Record<string, string>), format: 'csv' })}`;
  return (
    <>
      <FilterBar onSubmit={() => setFilters(draft)}>
        <SelectField
          label={t('admin.revenues.period')}
          value={draft.period}
          onChange={(period) => setDraft({ ...draft, period })}
          options={[
            ['day', t('admin.revenues.day')],
            ['week', t('admin.revenues.week')],
            ['month', t('admin.revenues.month')],
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
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <ChainFilter
          chains={chains}
          value={draft.chain_id}
          onChange={(chainId) => setDraft({ ...draft, chain_id: chainId })}
        />
        <SelectField
          label={t('admin.common.currency')}
          value={draft.currency_code}
          onChange={(code) => setDraft({ ...draft, currency_code: code })}
          options={[['', t('admin.common.all')], ...CURRENCY_OPTIONS]}
        />
      </FilterBar>
      {!data ? (
        <LoadState loading={loading} notFound={notFound} />
      ) : (
        <>
          <Section
            title={t('admin.revenues.totals', { from: data.from, to: data.to })}
            actions={
              <a className="btn-ghost" href={csv} download>
                {t('admin.revenues.download')}
              </a>
            }
          >
            <RevenueRows
              rows={data.totals}
              chains={chains}
              label={t('admin.revenues.totals', { from: data.from, to: data.to })}
            />
          </Section>
          <Section title={t('admin.revenues.byPeriod')}>
            <RevenueRows rows={data.items} chains={chains} label={t('admin.revenues.byPeriod')} />
          </Section>
        </>
      )}
    </>
  );
}

/**
 * Platform fees and royalties by period, chain and currency, and what illustrators earned split into
 * received on chain and payable, with a CSV download. Spec §2 (/admins/revenues).
 */
export default function AdminRevenues({ chains, ...props }: AdminScreenProps & { chains: readonly ChainChoice[] }) {
  return (
    <AdminShell {...props}>
      <BooksSection chains={chains} />
      <Revenues chains={chains} />
    </AdminShell>
  );
}
