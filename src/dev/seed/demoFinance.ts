/**
 * The demo back office: card (fiat) payment histories, the payable yen they earned the creators, payouts
 * in every status drawn from those payable balances, the platform fee of each chain and a few
 * illegal-content reports. On-chain sales paid the creators' wallets directly (received on chain), so only
 * card payments make a balance payable here.
 *
 * Spec §2 (/dashboard/payouts, /admins/platform-fee, /admins/stripe_payment_histories), §3 (illegal report).
 */
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { cardPaymentPayable } from '~/features/ledger/cardPaymentEntries.ts';
import type { ReportType } from '~/features/reports/reportTypes.ts';
import type { PaymentStatus, PayoutStatus } from '~/server/db/schema/index.ts';
import { anvilAddress } from './accounts.ts';
import { DEMO_COLLECTORS, DEMO_CREATORS } from './demoPeople.ts';
import type { DemoPlan, PlannedPayment, PlannedPayout, PlannedReport, PlannedRevenue } from './demoPlan.ts';
import { daysAgo, hash32, seededRandom } from './deterministic.ts';
import { DEMO_PLATFORM_FEE_BPS } from './prices.ts';

/** Chains that get a platform fee row: the four production chains and their test networks. */
export const DEMO_FEE_CHAIN_IDS = [1, 56, 8217, 137, 11155111, 97, 1001, 80002] as const;

/** One illustrator's payable total in one currency (on one chain, or none for card payments). */
interface Balance {
  uid: string;
  chainId: number | null;
  currencyCode: number;
  total: bigint;
}

/** Payable totals per (illustrator, chain, currency), largest first within each illustrator. */
function balances(revenues: DemoPlan['revenues']): Map<string, Balance[]> {
  const byKey = new Map<string, Balance>();
  for (const revenue of revenues.filter((r) => r.settlement === 'payable')) {
    const key = `${revenue.uid}:${revenue.chainId}:${revenue.currencyCode}`;
    const balance = byKey.get(key) ?? {
      uid: revenue.uid,
      chainId: revenue.chainId ?? null,
      currencyCode: revenue.currencyCode,
      total: 0n,
    };
    balance.total += BigInt(revenue.amount);
    byKey.set(key, balance);
  }
  const byUid = new Map<string, Balance[]>();
  for (const balance of byKey.values()) byUid.set(balance.uid, [...(byUid.get(balance.uid) ?? []), balance]);
  for (const list of byUid.values()) list.sort((a, b) => (a.total < b.total ? 1 : a.total > b.total ? -1 : 0));
  return byUid;
}

/**
 * Payouts from payable balances: the demo illustrator has one in each status; the others have a paid one
 * and one more in a status that varies. Paid, approved and requested payouts of a balance never add up to
 * more than it. Yen payouts go to the payment account (no wallet, no transaction hash).
 */
function planPayouts(revenues: DemoPlan['revenues'], now: Date): PlannedPayout[] {
  const random = seededRandom(99);
  const byUid = balances(revenues);
  const payouts: PlannedPayout[] = [];
  const add = (balance: Balance, status: PayoutStatus, percent: bigint, requestedDaysAgo: number) => {
    const amount = (balance.total * percent) / 100n;
    const onChain = balance.chainId !== null;
    if (amount <= 0n) return;
    const creator = DEMO_CREATORS.find((c) => c.uid === balance.uid);
    if (!creator) return;
    const requestedAt = daysAgo(now, requestedDaysAgo, random.int(0, 600));
    const reviewedAt = daysAgo(requestedAt, -random.int(1, 3));
    const label = `payout:${balance.uid}:${balance.chainId}:${status}:${percent}`;
    payouts.push({
      uid: balance.uid,
      chainId: balance.chainId,
      amount: amount.toString(),
      currencyCode: balance.currencyCode,
      walletAddress: onChain ? anvilAddress(creator.account) : null,
      status,
      reason:
        status === 'rejected'
          ? '振込先ウォレットの確認が取れませんでした / The payout wallet could not be verified'
          : null,
      txHash: status === 'paid' && onChain ? hash32(label) : null,
      reviewed: status !== 'requested',
      requestedAt,
      approvedAt: status === 'approved' || status === 'paid' ? reviewedAt : null,
      paidAt: status === 'paid' ? daysAgo(reviewedAt, -1) : null,
      rejectedAt: status === 'rejected' ? reviewedAt : null,
      updatedAt: status === 'requested' ? requestedAt : reviewedAt,
    });
  };
  const others: PayoutStatus[] = ['requested', 'approved', 'rejected'];
  DEMO_CREATORS.forEach((creator, index) => {
    const [main, second] = byUid.get(creator.uid) ?? [];
    if (!main) return;
    if (index === 0) {
      add(main, 'paid', 40n, 50);
      add(main, 'rejected', 10n, 30);
      add(main, 'approved', 20n, 6);
      add(second ?? main, 'requested', 15n, 1);
      return;
    }
    add(main, 'paid', 50n, 45);
    add(second ?? main, others[index % others.length] ?? 'requested', 25n, random.int(1, 10));
  });
  return payouts;
}

/** Illegal-content reports (of the types the report dialog offers): two open, one resolved, one dismissed. */
function planReports(cards: DemoPlan['cards'], now: Date): PlannedReport[] {
  const reports: [number, ReportType, string, PlannedReport['status']][] = [
    [17, 'copyright', '他の作家の作品をトレースしたものだと思います。/ Looks traced from another artist.', 'open'],
    [63, 'explicit', '説明文に不適切な表現があります。', 'open'],
    [42, 'fraud', 'Impersonates a well-known illustrator.', 'resolved'],
    [88, 'other', '画像が表示されません。', 'dismissed'],
  ];
  return reports.map(([cardIndex, type, details, status], i) => {
    const card = cards[cardIndex % cards.length];
    if (!card) throw new Error('the demo plan has no cards');
    const createdAt = daysAgo(now, 3 + i * 4);
    return {
      chainId: card.chainId,
      contractAddress: card.contractAddress,
      tokenId: card.tokenId,
      type,
      details,
      status,
      reporterWallet: anvilAddress(DEMO_COLLECTORS[i % DEMO_COLLECTORS.length]?.account ?? 8),
      resolved: status !== 'open',
      resolvedAt: status === 'open' ? null : daysAgo(createdAt, -1),
      createdAt,
    };
  });
}

/** The provider's status word for each stored status (Stripe PaymentIntent statuses). */
const STRIPE_STATUS: Readonly<Record<PaymentStatus, string>> = {
  pending: 'processing',
  succeeded: 'succeeded',
  failed: 'requires_payment_method',
  refunded: 'succeeded',
  cancelled: 'canceled',
};

/** Statuses of the demo card payments, in order; most succeed. */
const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'succeeded',
  'succeeded',
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'succeeded',
  'cancelled',
  'succeeded',
  'failed',
  'succeeded',
  'succeeded',
];

/**
 * Card payments in yen, at least one in each status: the first half for cards of the demo illustrator, so
 * their payable balance has something to pay out, the rest across the catalogue.
 */
function planPayments(cards: DemoPlan['cards'], now: Date): PlannedPayment[] {
  const random = seededRandom(2024);
  const own = cards.filter((card) => card.creatorUid === DEMO_CREATORS[0]?.uid);
  const rounds = [...PAYMENT_STATUSES, ...PAYMENT_STATUSES];
  return rounds.map((status, i) => {
    const pool = i < PAYMENT_STATUSES.length && own.length > 0 ? own : cards;
    const card = pool[(i * 11 + 5) % pool.length];
    if (!card) throw new Error('the demo plan has no cards');
    const amount = random.pick([980, 1500, 2400, 3300, 4800, 6800, 9800, 12000]);
    const providerPaymentId = `pi_demo_${hash32(`payment:${i}`).slice(2, 26)}`;
    // Older than the payouts drawn on them and than the hold window on payable yen (14 days).
    const createdAt = daysAgo(now, 60 + i * 3, random.int(0, 1000));
    return {
      provider: 'stripe',
      providerPaymentId,
      userWallet: anvilAddress(DEMO_COLLECTORS[(i * 5) % DEMO_COLLECTORS.length]?.account ?? 8),
      chainId: card.chainId,
      contractAddress: card.contractAddress,
      tokenId: card.tokenId,
      amount: String(amount),
      currency: 'JPY',
      status,
      raw: {
        id: providerPaymentId,
        object: 'payment_intent',
        amount,
        currency: 'jpy',
        status: STRIPE_STATUS[status],
        ...(status === 'refunded' ? { amount_refunded: amount } : {}),
        created: Math.floor(createdAt.getTime() / 1000),
        metadata: { chain_id: String(card.chainId), contract_address: card.contractAddress, token_id: card.tokenId },
      },
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** Default card payment fees (the migration's row): 10 % platform, 3.6 % provider. */
const DEMO_CARD_FEES = { platformFeeBps: 1000, providerFeeBps: 360 } as const;

/** The payable yen each succeeded card payment earns its card's creator (as the server books it). */
function planPaymentRevenues(cards: DemoPlan['cards'], payments: readonly PlannedPayment[]): PlannedRevenue[] {
  const creatorOf = new Map(
    cards.map((card) => [`${card.chainId}:${card.contractAddress}:${card.tokenId}`, card.creatorUid]),
  );
  return payments.flatMap((payment) => {
    const uid = creatorOf.get(`${payment.chainId}:${payment.contractAddress}:${payment.tokenId}`);
    if (payment.status !== 'succeeded' || !uid) return [];
    return [
      {
        providerPaymentId: payment.providerPaymentId,
        uid,
        kind: 'primary' as const,
        settlement: 'payable' as const,
        chainId: null,
        amount: cardPaymentPayable(BigInt(payment.amount), DEMO_CARD_FEES).toString(),
        currencyCode: CurrencyCode.JPY,
        ...(payment.createdAt ? { createdAt: payment.createdAt } : {}),
      },
    ];
  });
}

/**
 * Plans payments, their payable revenues, payouts, platform fees and reports from the catalogue and the
 * trades already planned (whose revenues were received on chain).
 */
export function planFinance(
  plan: Pick<DemoPlan, 'cards' | 'revenues'>,
  now: Date,
): Pick<DemoPlan, 'payouts' | 'platformFees' | 'reports' | 'payments' | 'revenues'> {
  const payments = planPayments(plan.cards, now);
  const revenues = [...plan.revenues, ...planPaymentRevenues(plan.cards, payments)];
  return {
    revenues,
    payouts: planPayouts(revenues, now),
    platformFees: DEMO_FEE_CHAIN_IDS.map((chainId) => ({ chainId, feeBps: DEMO_PLATFORM_FEE_BPS })),
    reports: planReports(plan.cards, now),
    payments,
  };
}
