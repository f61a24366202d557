import { useState } from 'react';
import { CurrencyCode } from '~/features/chains/currencies';
import { type PayoutAction, payoutActions, payoutReviewProblem } from '~/features/ledger/payoutStates';
import { priceText } from '~/ui/data/priceText';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { LoadState, Section, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminPayoutDetail } from '../shell/types';
import { PayoutBadge } from './AdminMoneyTables';

const ACTION_LABEL: Readonly<Record<PayoutAction, AdminMessageKey>> = {
  approve: 'admin.payouts.approve',
  transfer: 'admin.payouts.transfer',
  pay: 'admin.payouts.pay',
  reject: 'admin.payouts.reject',
  reverse: 'admin.payouts.reverse',
};
const ACTION_DONE: Readonly<Record<PayoutAction, AdminMessageKey>> = {
  approve: 'admin.payouts.approved',
  transfer: 'admin.payouts.transferred',
  pay: 'admin.payouts.paid',
  reject: 'admin.payouts.rejected',
  reverse: 'admin.payouts.reversed',
};

function Review({ payout, onDone }: { payout: AdminPayoutDetail; onDone: (next: AdminPayoutDetail) => void }) {
  const { t, session } = useAdmin();
  const [reason, setReason] = useState('');
  const [txHash, setTxHash] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useAdminAction();
  const actions = payoutActions(payout.status, payout.facts);
  if (actions.length === 0) return <p className="text-sm text-ink-muted">{t('admin.payouts.final')}</p>;
  const onChain = payout.facts.rail === 'chain';
  const act = async (action: PayoutAction) => {
    const found = payoutReviewProblem(payout.status, { action, reason, txHash }, payout.facts);
    setProblem(
      found === null
        ? null
        : found.startsWith('reason')
          ? t('admin.payouts.reasonRequired')
          : found.startsWith('tx_hash')
            ? t('admin.payouts.txHashRequired')
            : found,
    );
    if (found) return;
    const body = {
      action,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      ...(action === 'pay' && onChain ? { tx_hash: txHash } : {}),
    };
    const next = await run(
      () => session.client.put<AdminPayoutDetail>(`/api/v1/admins/payouts/${payout.id}`, body),
      t(ACTION_DONE[action]),
    );
    if (next) onDone(next);
  };
  return (
    <form
      className="grid max-w-xl gap-4"
      aria-label={t('admin.payouts.review')}
      onSubmit={(event) => event.preventDefault()}
    >
      <TextField label={t('admin.payouts.reasonLabel')} value={reason} onChange={setReason} />
      {actions.includes('pay') && onChain && (
        <TextField label={t('admin.payouts.txHashLabel')} value={txHash} onChange={setTxHash} />
      )}
      {problem && (
        <p className="text-sm text-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'reject' || action === 'reverse' ? 'btn-ghost' : 'btn-primary'}
            disabled={busy}
            onClick={() => void act(action)}
          >
            {t(ACTION_LABEL[action])}
          </button>
        ))}
      </div>
    </form>
  );
}

/** The tax withheld (as approving would fix it, or as fixed) and what is then sent, when any is withheld. */
function withholdingRows(
  payout: AdminPayoutDetail,
  t: ReturnType<typeof useAdmin>['t'],
  when: (iso: string) => string,
): [AdminMessageKey, string][] {
  const held = payout.withholding;
  if (!held) return [];
  const tax = priceText(held.taxJpy, CurrencyCode.JPY);
  return [
    [
      'admin.payouts.withholding',
      held.fixed
        ? t('admin.payouts.withholdingFixed', { tax, when: when(payout.approvedAt ?? payout.requestedAt) })
        : t('admin.payouts.withholdingPreview', { tax }),
    ],
    ['admin.payouts.net', priceText(held.net, payout.currencyCode, 6)],
  ];
}

/**
 * One payout request: details, the illustrator's balance, and approve / reject (with a reason) / mark
 * paid. @see docs/product-spec.md §2 (/admins/payouts/{id})
 */
function Payout({ payoutId, chains }: { payoutId: number; chains: readonly ChainChoice[] }) {
  const { t, to } = useAdmin();
  const { data, loading, notFound } = useAdminData<AdminPayoutDetail>(`/api/v1/admins/payouts/${payoutId}`);
  const [reviewed, setReviewed] = useState<AdminPayoutDetail | null>(null);
  const payout = reviewed ?? data;
  if (!payout) return <LoadState loading={loading} notFound={notFound} />;
  const rows: [AdminMessageKey, string][] = [
    ['admin.payouts.illustrator', `${payout.illustrator.name} (${payout.illustrator.uid})`],
    ['admin.common.chain', chainLabel(payout.chainId, chains)],
    ['admin.payouts.amount', priceText(payout.amount, payout.currencyCode, 6)],
    ['admin.payouts.wallet', payout.walletAddress ?? t('admin.payouts.paymentAccount')],
    ['admin.payouts.balance', payout.balance ? priceText(payout.balance.available, payout.currencyCode, 6) : '—'],
    ...withholdingRows(payout, t, formatWhen),
    ['admin.payouts.requestedAt', formatWhen(payout.requestedAt)],
    ['admin.payouts.reviewedBy', payout.reviewedBy ?? '—'],
    ['admin.payouts.reason', payout.reason ?? '—'],
    ['admin.payouts.txHash', payout.txHash ?? '—'],
  ];
  return (
    <>
      <p className="mb-4 flex gap-4">
        <a className="underline" href={to('/admins/payouts')}>
          {t('admin.common.back')}
        </a>
        <a className="underline" href={to(`/admins/creators/${payout.illustrator.id}`)}>
          {t('admin.payouts.creatorPage')}
        </a>
      </p>
      <Section title={t('admin.payouts.detail', { id: payout.id })} actions={<PayoutBadge status={payout.status} />}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-ink-muted">{t(label)}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title={t('admin.payouts.review')}>
        <Review payout={payout} onDone={setReviewed} />
      </Section>
    </>
  );
}

export default adminScreen(Payout);
