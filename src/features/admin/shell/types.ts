/**
 * What the admin API answers, shared by the server modules that build it and the screens that show it.
 * Types only (no runtime code), so the screens import nothing from the server. Built on the domain's own
 * types (a payout, a balance, a revenue row, a report) with what only the admin sees added. Amounts are wei (or the
 * smallest fiat unit) as decimal strings, dates ISO 8601.
 *
 * @see docs/product-spec.md §2 (Admin pages)
 */
import type { Named } from '~/features/catalogue/display';
import type { CardIdentity } from '~/features/catalogue/types';
import type { PayoutBalance, PayoutItem } from '~/features/ledger/payoutRequests.server';
import type { PayoutFacts } from '~/features/ledger/payoutStates';
import type { ReceiptMismatch } from '~/features/ledger/receiptMatching.server';
import type { CurrencyBooks, ReconciliationHold } from '~/features/ledger/reconciliation.server';
import type { RevenueRow } from '~/features/ledger/revenues/creatorRevenue';
import type { RevenuePeriod } from '~/features/ledger/revenues/revenueQuery';
import type { PayoutWithholding } from '~/features/ledger/tax/payoutWithholding.server';
import type { Page } from '~/lib/pagination';
import type { PaymentStatus } from '~/server/db/schema/finance';
import type { ReportStatus } from '~/server/db/schema/moderation';

export type { Page, PayoutBalance };

/** One audit log entry. */
export interface AuditEntry {
  id: number;
  adminUid: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  data: Record<string, unknown>;
  at: string;
}

/** The illustrator account linked to a user, as the admin sees it. */
export interface AdminIllustratorRef {
  id: number;
  uid: string;
  name: string;
  nameEn: string | null;
  /** False once an admin turned the illustrator back into a plain user (sign-in locked). */
  canSignIn: boolean;
}

/** A user in the admin user list. */
export interface AdminUserRow {
  id: number;
  walletAddress: string;
  role: 'user' | 'illustrator';
  profileName: string | null;
  suspended: boolean;
  suspendedAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  illustrator: AdminIllustratorRef | null;
}

/** A user with what the edit screen shows besides the list columns. */
export interface AdminUserDetail extends AdminUserRow {
  profileIcon: string | null;
  payoutWalletAddress: string | null;
  ownedCards: number;
}

/** A creator (illustrator) in the admin lists. */
export interface AdminCreatorRow extends Named {
  id: number;
  uid: string;
  userId: number;
  walletAddress: string;
  suspended: boolean;
  categoryCount: number;
  cardCount: number;
  salesCount: number;
  createdAt: string;
}

/** A creator with their projects, money and recent payouts. */
export interface AdminCreatorDetail extends AdminCreatorRow {
  payoutWalletAddress: string | null;
  lastLoginAt: string | null;
  categories: AdminCategoryRow[];
  balances: PayoutBalance[];
  payouts: AdminPayoutRow[];
}

/** A project (category) as the admin sees it, hidden ones included. */
export interface AdminCategoryRow extends Named {
  id: number;
  chainId: number;
  contractAddress: string;
  image: string | null;
  description: string | null;
  descriptionEn: string | null;
  hidden: boolean;
  creator: { id: number; uid: string; name: string } | null;
  cardCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A token in the admin token list, hidden ones included. */
export interface AdminCardRow extends CardIdentity {
  name: string;
  image: string | null;
  owner: string;
  hidden: boolean;
  category: { id: number; name: string; hidden: boolean } | null;
  creator: { id: number; name: string } | null;
  openReports: number;
  reports: number;
  createdAt: string;
  /** Its metadata on IPFS (directory CID, frozen, each pinning service's status), or null before publication. */
  storage: { directory: string; frozen: boolean; pins: { service: string; status: PinState }[] } | null;
}

/** A pin request's state at a pinning service. */
export type PinState = 'queued' | 'pinning' | 'pinned' | 'failed';

/** An illegal-content report. */
export interface AdminReportRow {
  id: number;
  chainId: number | null;
  contractAddress: string | null;
  tokenId: string;
  card: { id: number; name: string; hidden: boolean } | null;
  /** One of the report types (REPORT_TYPES); text, so rows of a type no longer offered still show. */
  type: string;
  details: string;
  reporterWallet: string | null;
  status: ReportStatus;
  resolvedBy: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

/** Platform revenue of one bucket, chain and currency (amounts in wei). */
export interface AdminRevenueRow
  extends Pick<RevenueRow, 'period' | 'chainId' | 'currencyCode' | 'currency' | 'receivedOnChain' | 'payable'> {
  sales: number;
  volume: string;
  platformFee: string;
  royalty: string;
}

/** The platform revenue report. */
export interface AdminRevenueReport {
  period: RevenuePeriod;
  from: string;
  to: string;
  items: AdminRevenueRow[];
  totals: AdminRevenueRow[];
}

/** The platform fee of one configured chain. */
export interface AdminFeeRow {
  chainId: number;
  chainName: string;
  feeBps: number;
  /** True when no admin has set it (the default applies). */
  isDefault: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

/** The platform fee screen's data. */
export interface AdminFees {
  maxBps: number;
  defaultBps: number;
  items: AdminFeeRow[];
}

/** The minimum auction reserve of one chain and auction currency. */
export interface AdminAuctionReserveRow {
  chainId: number;
  chainName: string;
  currencyCode: number;
  symbol: string;
  decimals: number;
  /** Set by an admin, in the token's smallest unit; null when the default applies. */
  minReserve: string | null;
  /** Without a setting: true for the wrapped coin (what makes the fee pay a settlement's gas now), false for another token (no auctions). */
  followsGas: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

/** The minimum auction reserves (on the platform fee screen). */
export interface AdminAuctionReserves {
  /** The gas a settlement is budgeted at. */
  settlementGas: string;
  items: AdminAuctionReserveRow[];
}

/** A payout request as the admin sees it. */
export interface AdminPayoutRow extends PayoutItem {
  illustrator: { id: number; uid: string; name: string };
  reviewedBy: string | null;
}

/** One payout with the illustrator's balance in its chain and currency. */
export interface AdminPayoutDetail extends AdminPayoutRow {
  balance: PayoutBalance | null;
  /** What its moves depend on (rail, transfer begun), for the review's buttons. */
  facts: PayoutFacts;
  /** The income tax withheld (fixed at approval) or that approving would withhold; null when none. */
  withholding: PayoutWithholding | null;
}

/** Booked vs received in one currency, as the books screen shows it. */
export interface AdminBookRow extends CurrencyBooks {
  currency: string;
  /** Payouts in it are held. */
  held: boolean;
}

/** An illustrator's balance below zero (a reversal after a payout): their payouts are held. */
export interface AdminNegativeBalance {
  illustrator: { id: number; uid: string; name: string };
  chainId: number | null;
  currencyCode: number;
  currency: string;
  available: string;
}

/** A payable entry of a fill that does not match its receipt. */
export interface AdminMismatch extends ReceiptMismatch {
  currency: string;
}

/** The books, the open holds, the balances below zero and the entries that do not match their receipts. */
export interface AdminBooks {
  books: AdminBookRow[];
  holds: (ReconciliationHold & { currency: string })[];
  negativeBalances: AdminNegativeBalance[];
  mismatches: AdminMismatch[];
}

/** A card (fiat) payment record. */
export interface AdminPaymentRow {
  id: number;
  provider: string;
  providerPaymentId: string;
  user: { id: number; walletAddress: string } | null;
  card: { id: number; name: string; chainId: number; contractAddress: string; tokenId: string } | null;
  amount: string;
  currency: string;
  status: PaymentStatus;
  createdAt: string;
  updatedAt: string;
}

/** The admin home: counts and recent activity. */
export interface AdminOverview {
  counts: {
    users: number;
    suspendedUsers: number;
    illustrators: number;
    categories: number;
    cards: number;
    hiddenCards: number;
    sales: number;
    salesLast30Days: number;
    openReports: number;
    pendingPayouts: number;
  };
  recentUsers: AdminUserRow[];
  recentSales: AdminSaleRow[];
  openReports: AdminReportRow[];
  pendingPayouts: AdminPayoutRow[];
  recentAudit: AuditEntry[];
}

/** A sale in the admin home's recent activity. */
export interface AdminSaleRow {
  id: number;
  chainId: number;
  cardId: number | null;
  cardName: string | null;
  tokenId: string;
  price: string;
  currencyCode: number;
  currency: string;
  platformFee: string;
  soldAt: string;
}
