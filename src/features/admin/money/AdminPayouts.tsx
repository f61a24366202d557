import { ChoiceFilter, Paged } from '../shell/AdminListParts';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import type { ChainChoice } from '../shell/adminFormat';
import { useAdminList } from '../shell/adminList';
import type { AdminPayoutRow } from '../shell/types';
import { PAYOUT_STATUS, PayoutTable } from './AdminMoneyTables';

const FILTERS = { status: 'requested', page: '1' };

/**
 * Payout requests by status (requested first). The menu entry stays disabled as the spec says; the page
 * works by URL. @see docs/product-spec.md §2 (Admin area menu, /admins/payouts)
 */
function Payouts({ chains }: { chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  const { filters, setFilters, table } = useAdminList<AdminPayoutRow, typeof FILTERS>(
    '/api/v1/admins/payouts',
    FILTERS,
  );
  return (
    <>
      <div className="mb-4 max-w-xs">
        <ChoiceFilter
          label={t('admin.common.status')}
          value={filters.status}
          onChange={(status) => setFilters({ status, page: '1' })}
          choices={Object.entries(PAYOUT_STATUS).map(([status, { label }]) => [status, label] as const)}
        />
      </div>
      <Paged {...table}>{(payouts) => <PayoutTable payouts={payouts} chains={chains} />}</Paged>
    </>
  );
}

export default adminScreen(Payouts);
