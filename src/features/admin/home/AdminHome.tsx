import { priceText } from '~/ui/data/priceText';
import { typeLabel } from '../reports/AdminReportTable';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, LoadState, Section, TableSection } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { useAdminData } from '../shell/adminHooks';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminOverview } from '../shell/types';

const COUNTS: readonly [keyof AdminOverview['counts'], AdminMessageKey, string][] = [
  ['users', 'admin.home.users', '/admins/users'],
  ['suspendedUsers', 'admin.home.suspendedUsers', '/admins/users?suspended=true'],
  ['illustrators', 'admin.home.illustrators', '/admins/creators'],
  ['categories', 'admin.home.categories', '/admins/categories'],
  ['cards', 'admin.home.cards', '/admins/card_serials'],
  ['hiddenCards', 'admin.home.hiddenCards', '/admins/card_serials?hidden=true'],
  ['sales', 'admin.home.sales', '/admins/revenues'],
  ['salesLast30Days', 'admin.home.salesLast30Days', '/admins/revenues?period=day'],
  ['openReports', 'admin.home.openReports', '/admins/card_serials?tab=reports'],
  ['pendingPayouts', 'admin.home.pendingPayouts', '/admins/payouts?status=requested'],
];

/** The admin home: counts and recent activity. @see docs/product-spec.md §2 (/admins) */
function Overview() {
  const { t, to } = useAdmin();
  const { data, loading, notFound } = useAdminData<AdminOverview>('/api/v1/admins/overview');
  if (!data) return <LoadState loading={loading} notFound={notFound} />;
  return (
    <>
      <Section title={t('admin.home.counts')}>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-5">
          {COUNTS.map(([field, label, href]) => (
            <li key={field}>
              <a href={to(href)} className="block rounded-lg bg-surface-sunken p-3 hover:bg-surface">
                <span className="block text-xs text-ink-muted">{t(label)}</span>
                <span className="text-2xl font-bold" data-count={field}>
                  {data.counts[field]}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <div className="grid gap-6 xl:grid-cols-2">
        <TableSection
          title={t('admin.home.recentUsers')}
          head={['admin.users.wallet', 'admin.users.name', 'admin.common.createdAt']}
          rows={data.recentUsers}
          row={(user) => (
            <tr key={user.id}>
              <Cell mono>
                <a className="underline" href={to(`/admins/users/${user.id}/edit`)}>
                  {user.walletAddress}
                </a>
              </Cell>
              <Cell>{user.illustrator?.name ?? user.profileName ?? '—'}</Cell>
              <Cell>{formatWhen(user.createdAt)}</Cell>
            </tr>
          )}
        />
        <TableSection
          title={t('admin.home.recentSales')}
          head={['admin.cards.token', 'admin.revenues.volume', 'admin.revenues.platformFee', 'admin.home.soldAt']}
          rows={data.recentSales}
          row={(sale) => (
            <tr key={sale.id}>
              <Cell>{sale.cardName ?? `#${sale.tokenId}`}</Cell>
              <Cell>{priceText(sale.price, sale.currencyCode, 6)}</Cell>
              <Cell>{priceText(sale.platformFee, sale.currencyCode, 6)}</Cell>
              <Cell>{formatWhen(sale.soldAt)}</Cell>
            </tr>
          )}
        />
        <TableSection
          title={t('admin.home.openReportsTitle')}
          head={['admin.cards.token', 'admin.reports.type', 'admin.common.createdAt']}
          rows={data.openReports}
          row={(report) => (
            <tr key={report.id}>
              <Cell>{report.card?.name ?? `#${report.tokenId}`}</Cell>
              <Cell>
                <Badge tone="warn">{typeLabel(report.type, t)}</Badge>
              </Cell>
              <Cell>{formatWhen(report.createdAt)}</Cell>
            </tr>
          )}
        />
        <TableSection
          title={t('admin.home.pendingPayoutsTitle')}
          head={['admin.payouts.illustrator', 'admin.payouts.amount', 'admin.payouts.requestedAt']}
          rows={data.pendingPayouts}
          row={(payout) => (
            <tr key={payout.id}>
              <Cell>
                <a className="underline" href={to(`/admins/payouts/${payout.id}`)}>
                  {payout.illustrator.name}
                </a>
              </Cell>
              <Cell>{priceText(payout.amount, payout.currencyCode, 6)}</Cell>
              <Cell>{formatWhen(payout.requestedAt)}</Cell>
            </tr>
          )}
        />
      </div>
      <TableSection
        title={t('admin.home.recentAudit')}
        head={['admin.audit.at', 'admin.audit.admin', 'admin.audit.action', 'admin.audit.target']}
        rows={data.recentAudit}
        row={(entry) => (
          <tr key={entry.id}>
            <Cell>{formatWhen(entry.at)}</Cell>
            <Cell>{entry.adminUid ?? '—'}</Cell>
            <Cell mono>{entry.action}</Cell>
            <Cell mono>{`${entry.targetType ?? ''} ${entry.targetId ?? ''}`}</Cell>
          </tr>
        )}
      />
    </>
  );
}

export default adminScreen(Overview);
