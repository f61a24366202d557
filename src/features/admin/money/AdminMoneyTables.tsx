import { priceText } from '~/ui/data/priceText';
import { useAdmin } from '../shell/AdminShell';
import { Badge, Cell, Table } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminPayoutRow, PayoutBalance } from '../shell/types';

/** The message of each payout status, and how it is coloured. */
export const PAYOUT_STATUS: Readonly<
  Record<AdminPayoutRow['status'], { label: AdminMessageKey; tone: 'neutral' | 'good' | 'warn' | 'bad' }>
> = {
  requested: { label: 'admin.payouts.statusRequested', tone: 'warn' },
  approved: { label: 'admin.payouts.statusApproved', tone: 'good' },
  transferred: { label: 'admin.payouts.statusTransferred', tone: 'good' },
  paid: { label: 'admin.payouts.statusPaid', tone: 'neutral' },
  rejected: { label: 'admin.payouts.statusRejected', tone: 'bad' },
  reversed: { label: 'admin.payouts.statusReversed', tone: 'bad' },
};

/** A payout's status as a badge. */
export function PayoutBadge({ status }: { status: AdminPayoutRow['status'] }) {
  const { t } = useAdmin();
  return <Badge tone={PAYOUT_STATUS[status].tone}>{t(PAYOUT_STATUS[status].label)}</Badge>;
}

/** An illustrator's money per chain and currency. */
export function BalanceTable({ balances, chains }: { balances: PayoutBalance[]; chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  return (
    <Table
      label={t('admin.creator.balances')}
      head={[
        'admin.common.chain',
        'admin.creator.revenue',
        'admin.creator.pending',
        'admin.creator.paid',
        'admin.creator.available',
      ]}
      empty={balances.length === 0}
    >
      {balances.map((balance) => (
        <tr key={`${balance.chainId}:${balance.currencyCode}`}>
          <Cell>{chainLabel(balance.chainId, chains)}</Cell>
          <Cell>{priceText(balance.revenue, balance.currencyCode, 6)}</Cell>
          <Cell>{priceText(balance.pending, balance.currencyCode, 6)}</Cell>
          <Cell>{priceText(balance.paid, balance.currencyCode, 6)}</Cell>
          <Cell>{priceText(balance.available, balance.currencyCode, 6)}</Cell>
        </tr>
      ))}
    </Table>
  );
}

/** Payout requests, each linking to its review page. */
export function PayoutTable({ payouts, chains }: { payouts: AdminPayoutRow[]; chains: readonly ChainChoice[] }) {
  const { t, to } = useAdmin();
  return (
    <Table
      label={t('admin.menu.payouts')}
      head={[
        'admin.payouts.requestedAt',
        'admin.payouts.illustrator',
        'admin.common.chain',
        'admin.payouts.amount',
        'admin.common.status',
        'admin.common.actions',
      ]}
      empty={payouts.length === 0}
    >
      {payouts.map((payout) => (
        <tr key={payout.id}>
          <Cell>{formatWhen(payout.requestedAt)}</Cell>
          <Cell>
            {payout.illustrator.name}
            <span className="block text-xs text-ink-muted">{payout.illustrator.uid}</span>
          </Cell>
          <Cell>{chainLabel(payout.chainId, chains)}</Cell>
          <Cell>{priceText(payout.amount, payout.currencyCode, 6)}</Cell>
          <Cell>
            <PayoutBadge status={payout.status} />
          </Cell>
          <Cell>
            <a className="underline" href={to(`/admins/payouts/${payout.id}`)}>
              {t('admin.common.view')}
              <span className="sr-only"> {t('admin.payouts.detail', { id: payout.id })}</span>
            </a>
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
