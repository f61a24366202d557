import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { LoadState, Pager, SelectField } from '../shell/AdminUi';
import type { ChainChoice } from '../shell/adminFormat';
import { toQuery, useAdminData, useQueryState } from '../shell/adminHooks';
import type { AdminPayoutRow, Page } from '../shell/types';
import { PAYOUT_STATUS, PayoutTable } from './AdminMoneyTables';

const FILTERS = { status: 'requested', page: '1' };

function Payouts({ chains }: { chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  const [filters, setFilters] = useQueryState(FILTERS);
  const { data, loading, notFound } = useAdminData<Page<AdminPayoutRow>>('/api/v1/admins/payouts', toQuery(filters));
  return (
    <>
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('admin.common.status')}
          value={filters.status}
          onChange={(status) => setFilters({ status, page: '1' })}
          options={[
            ['', t('admin.common.all')],
            ...Object.entries(PAYOUT_STATUS).map(([status, { label }]) => [status, t(label)] as const),
          ]}
        />
      </div>
      {!data ? (
        <LoadState loading={loading} notFound={notFound} />
      ) : (
        <>
          <PayoutTable payouts={data.items} chains={chains} />
          <Pager
            page={data.page}
            totalPages={data.totalPages}
            total={data.total}
            onPage={(page) => setFilters({ page: String(page) })}
          />
        </>
      )}
    </>
  );
}

/**
 * Payout requests by status (requested first). The menu entry stays disabled as the spec says; the page
 * works by URL. @see docs/product-spec.md §2 (Admin area menu, /admins/payouts)
 */
export default function AdminPayouts({ chains, ...props }: AdminScreenProps & { chains: readonly ChainChoice[] }) {
  return (
    <AdminShell {...props}>
      <Payouts chains={chains} />
    </AdminShell>
  );
}
