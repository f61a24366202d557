import { priceText } from '~/ui/data/priceText';
import { typeLabel } from '../reports/AdminReportTable';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, LoadState, Section, Table } from '../shell/AdminUi';
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
        <Section title={t('admin.home.recentUsers')}>
          <Table
            label={t('admin.home.recentUsers')}
            head={[t('admin.users.wallet'), t('admin.users.name'), t('admin.common.createdAt')]}
            empty={data.recentUsers.length === 0}
          >
            {data.recentUsers.map((user) => (
              <tr key={user.id}>
                <Cell mono>
                  <a className="underline" href={to(`/admins/users/${user.id}/edit`)}>
                    {user.walletAddress}
                  </a>
                </Cell>
                <Cell>{user.illustrator?.name ?? user.profileName ?? '—'}</Cell>
                <Cell>{formatWhen(user.createdAt)}</Cell>
              </tr>
            ))}
          </Table>
        </Section>
        <Section title={t('admin.home.recentSales')}>
          <Table
            label={t('admin.home.recentSales')}
            head={[
              t('admin.cards.token'),
              t('admin.revenues.volume'),
              t('admin.revenues.platformFee'),
              t('admin.home.soldAt'),
            ]}
            empty={data.recentSales.length === 0}
          >
            {data.recentSales.map((sale) => (
              <tr key={sale.id}>
                <Cell>{sale.cardName ?? `#${sale.tokenId}`}</Cell>
                <Cell>{priceText(sale.price, sale.currencyCode, 6)}</Cell>
                <Cell>{priceText(sale.platformFee, sale.currencyCode, 6)}</Cell>
                <Cell>{formatWhen(sale.soldAt)}</Cell>
              </tr>
            ))}
          </Table>
        </Section>
        <Section title={t('admin.home.openReportsTitle')}>
          <Table
            label={t('admin.home.openReportsTitle')}
            head={[t('admin.cards.token'), t('admin.reports.type'), t('admin.common.createdAt')]}
            empty={data.openReports.length === 0}
          >
            {data.openReports.map((report) => (
              <tr key={report.id}>
                <Cell>{report.card?.name ?? `#${report.tokenId}`}</Cell>
                <Cell>
                  <Badge tone="warn">{typeLabel(report.type, t)}</Badge>
                </Cell>
                <Cell>{formatWhen(report.createdAt)}</Cell>
              </tr>
            ))}
          </Table>
        </Section>
        <Section title={t('admin.home.pendingPayoutsTitle')}>
          <Table
            label={t('admin.home.pendingPayoutsTitle')}
            head={[t('admin.payouts.illustrator'), t('admin.payouts.amount'), t('admin.payouts.requestedAt')]}
            empty={data.pendingPayouts.length === 0}
          >
            {data.pendingPayouts.map((payout) => (
              <tr key={payout.id}>
                <Cell>
                  <a className="underline" href={to(`/admins/payouts/${payout.id}`)}>
                    {payout.illustrator.name}
                  </a>
                </Cell>
                <Cell>{priceText(payout.amount, payout.currencyCode, 6)}</Cell>
                <Cell>{formatWhen(payout.requestedAt)}</Cell>
              </tr>
            ))}
          </Table>
        </Section>
      </div>
      <Section title={t('admin.home.recentAudit')}>
        <Table
          label={t('admin.home.recentAudit')}
          head={[t('admin.audit.at'), t('admin.audit.admin'), t('admin.audit.action'), t('admin.audit.target')]}
          empty={data.recentAudit.length === 0}
        >
          {data.recentAudit.map((entry) => (
            <tr key={entry.id}>
              <Cell>{formatWhen(entry.at)}</Cell>
              <Cell>{entry.adminUid ?? '—'}</Cell>
              <Cell mono>{entry.action}</Cell>
              <Cell mono>{`${entry.targetType ?? ''} ${entry.targetId ?? ''}`}</Cell>
            </tr>
          ))}
        </Table>
      </Section>
    </>
  );
}

/** The admin home: counts and recent activity. @see docs/product-spec.md §2 (/admins) */
export default function AdminHome(props: AdminScreenProps) {
  return (
    <AdminShell {...props}>
      <Overview />
    </AdminShell>
  );
}
