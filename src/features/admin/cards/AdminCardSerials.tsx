import { ReportTable } from '../reports/AdminReportTable';
import { ChainFilter, ChoiceFilter, VisibilityFilter } from '../shell/AdminListParts';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { FilterBar, TextField } from '../shell/AdminUi';
import type { ChainChoice } from '../shell/adminFormat';
import { toQuery } from '../shell/adminHooks';
import { useFilters } from '../shell/adminList';
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
const REPORT_STATUS = [
  ['open', 'admin.reports.statusOpen'],
  ['resolved', 'admin.reports.statusResolved'],
  ['dismissed', 'admin.reports.statusDismissed'],
] as const;
const REPORTED = [
  ['open', 'admin.cards.reportedOpen'],
  ['any', 'admin.cards.reportedAny'],
] as const;

/**
 * Tokens (filters, hide or show) and the illegal-content reports against them.
 * @see docs/product-spec.md §2 (/admins/card_serials)
 */
function CardSerials({ chains }: { chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  const { filters, setFilters, bind, search, turnPage: onPage } = useFilters(FILTERS);
  const page = Number(filters.page) || 1;
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
            <ChoiceFilter
              label={t('admin.common.status')}
              value={filters.status}
              onChange={(status) => setFilters({ status, page: '1' })}
              choices={REPORT_STATUS}
            />
          </div>
          <ReportTable status={filters.status} page={page} chains={chains} onPage={onPage} />
        </>
      ) : (
        <>
          <FilterBar onSubmit={() => search({ tab: 'tokens' })}>
            <TextField type="search" label={t('admin.cards.search')} {...bind('q')} />
            <ChainFilter chains={chains} {...bind('chain_id')} />
            <TextField label={t('admin.categories.contract')} {...bind('contract')} />
            <VisibilityFilter {...bind('hidden')} />
            <ChoiceFilter label={t('admin.cards.reports')} {...bind('reported')} choices={REPORTED} />
          </FilterBar>
          <CardTable query={toQuery(tokenFilters)} chains={chains} onPage={onPage} />
        </>
      )}
    </>
  );
}

export default adminScreen(CardSerials);
