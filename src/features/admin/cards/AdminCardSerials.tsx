import { useState } from 'react';
import { ReportTable } from '../reports/AdminReportTable';
import { ChainFilter, VisibilityFilter } from '../shell/AdminListParts';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { FilterBar, SelectField, TextField } from '../shell/AdminUi';
import type { ChainChoice } from '../shell/adminFormat';
import { toQuery, useQueryState } from '../shell/adminHooks';
import { CardTable } from './AdminCardTable';

const FILTERS = {
  tab: 'tokens',
  q: '',
  chain_id: '',
  contract: '',
  hidden: '',
  reported: '',
  status: 'open',
  page: '1',
};

function CardSerials({ chains }: { chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  const [filters, setFilters] = useQueryState(FILTERS);
  const [draft, setDraft] = useState(filters);
  const page = Number(filters.page) || 1;
  const onPage = (next: number) => setFilters({ page: String(next) });
  const tabs = [
    ['tokens', t('admin.cards.tabTokens')],
    ['reports', t('admin.cards.tabReports')],
  ] as const;
  const { tab: _tab, status: _status, ...tokenFilters } = filters;
  return (
    <>
      <nav aria-label={t('admin.cards.tabs')} className="mb-6 flex gap-2">
        {tabs.map(([tab, label]) => (
          <button
            key={tab}
            type="button"
            aria-current={filters.tab === tab ? 'page' : undefined}
            className={filters.tab === tab ? 'btn-primary' : 'btn-ghost'}
            onClick={() => setFilters({ tab, page: '1' })}
          >
            {label}
          </button>
        ))}
      </nav>
      {filters.tab === 'reports' ? (
        <>
          <div className="mb-4 max-w-xs">
            <SelectField
              label={t('admin.common.status')}
              value={filters.status}
              onChange={(status) => setFilters({ status, page: '1' })}
              options={[
                ['', t('admin.common.all')],
                ['open', t('admin.reports.statusOpen')],
                ['resolved', t('admin.reports.statusResolved')],
                ['dismissed', t('admin.reports.statusDismissed')],
              ]}
            />
          </div>
          <ReportTable status={filters.status} page={page} chains={chains} onPage={onPage} />
        </>
      ) : (
        <>
          <FilterBar onSubmit={() => setFilters({ ...draft, tab: 'tokens', page: '1' })}>
            <TextField
              type="search"
              label={t('admin.cards.search')}
              value={draft.q}
              onChange={(q) => setDraft({ ...draft, q })}
            />
            <ChainFilter
              chains={chains}
              value={draft.chain_id}
              onChange={(chainId) => setDraft({ ...draft, chain_id: chainId })}
            />
            <TextField
              label={t('admin.categories.contract')}
              value={draft.contract}
              onChange={(contract) => setDraft({ ...draft, contract })}
            />
            <VisibilityFilter value={draft.hidden} onChange={(hidden) => setDraft({ ...draft, hidden })} />
            <SelectField
              label={t('admin.cards.reports')}
              value={draft.reported}
              onChange={(reported) => setDraft({ ...draft, reported })}
              options={[
                ['', t('admin.common.all')],
                ['open', t('admin.cards.reportedOpen')],
                ['any', t('admin.cards.reportedAny')],
              ]}
            />
          </FilterBar>
          <CardTable query={toQuery(tokenFilters)} chains={chains} onPage={onPage} />
        </>
      )}
    </>
  );
}

/**
 * Tokens (filters, hide or show) and the illegal-content reports against them.
 * @see docs/product-spec.md §2 (/admins/card_serials)
 */
export default function AdminCardSerials({ chains, ...props }: AdminScreenProps & { chains: readonly ChainChoice[] }) {
  return (
    <AdminShell {...props}>
      <CardSerials chains={chains} />
    </AdminShell>
  );
}
