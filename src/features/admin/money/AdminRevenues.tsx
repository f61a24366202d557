import { CURRENCIES, CurrencyCode, CurrencyType } from '~/features/chains/currencies';
import { priceText } from '~/ui/data/priceText';
import { AllFilter, ChainFilter, DateRange } from '../shell/AdminListParts';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { Cell, FilterBar, LoadState, Section, SelectField, Table } from '../shell/AdminUi';
import { type ChainChoice, chainLabel } from '../shell/adminFormat';
import { toQuery, useAdminData } from '../shell/adminHooks';
import { useFilters } from '../shell/adminList';
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
        'admin.revenues.period',
        'admin.common.chain',
        'admin.revenues.sales',
        'admin.revenues.volume',
        'admin.revenues.platformFee',
        'admin.revenues.royalty',
        'admin.revenues.receivedOnChain',
        'admin.revenues.payable',
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
  const { filters, bind, search } = useFilters(FILTERS);
  const query = toQuery(filters);
  const { data, loading, notFound } = useAdminData<AdminRevenueReport>('/api/v1/admins/revenues', query);
  const csv = `/api/v1/admins/revenues?${new URLSearchParams({ ...(query as Record<string, string>), format: 'csv' })}`;
  return (
    <>
      <FilterBar onSubmit={search}>
        <SelectField
          label={t('admin.revenues.period')}
          {...bind('period')}
          options={[
            ['day', t('admin.revenues.day')],
            ['week', t('admin.revenues.week')],
            ['month', t('admin.revenues.month')],
          ]}
        />
        <DateRange from={bind('from')} to={bind('to')} />
        <ChainFilter chains={chains} {...bind('chain_id')} />
        <AllFilter label={t('admin.common.currency')} {...bind('currency_code')} options={CURRENCY_OPTIONS} />
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
function RevenuesScreen({ chains }: { chains: readonly ChainChoice[] }) {
  return (
    <>
      <BooksSection chains={chains} />
      <Revenues chains={chains} />
    </>
  );
}

export default adminScreen(RevenuesScreen);
