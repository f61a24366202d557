/**
 * What the admin API answers, shared by the server modules that build it and the screens that show it.
 * Types only (no runtime code), so the screens import nothing from the server. Amounts are wei (or the
 * smallest fiat unit) as decimal strings, dates ISO 8601.
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (Admin pages)
 */
import type { Page } from '~/lib/pagination';

export type { Page };

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
export interface AdminCreatorRow {
  id: number;
  uid: string;
  name: string;
  nameEn: string | null;
  userId: number;
  walletAddress: string;
  suspended: boolean;
  categoryCount: number;
  cardCount: number;
  salesCount: number;
  createdAt: string;
}

/** Money of one chain and currency: booked revenue, payouts pending and paid, what is left. */
export interface AdminBalance {
  chainId: number | null;
  currencyCode: number;
  currency: string;
  revenue: string;
  pending: string;
  paid: string;
  available: string;
  minimum: string | null;
}

/** A creator with their projects, money and recent payouts. */
export interface AdminCreatorDetail extends AdminCreatorRow {
  payoutWalletAddress: string | null;
  lastLoginAt: string | null;
  categories: AdminCategoryRow[];
  balances: AdminBalance[];
  payouts: AdminPayoutRow[];
}

/** A project (category) as the admin sees it, hidden ones included. */
export interface AdminCategoryRow {
  id: number;
  chainId: number;
  contractAddress: string;
  name: string;
  nameEn: string | null;
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
export interface AdminCardRow {
  id: number;
  chainId: number;
  contractAddress: string;
  tokenId: string;
  serial: number | null;
  name: string;
  image: string | null;
  owner: string;
  hidden: boolean;
  category: { id: number; name: string; hidden: boolean } | null;
  creator: { id: number; name: string } | null;
  openReports: number;
  reports: number;
  createdAt: string;
}

/** An illegal-content report. */
export interface AdminReportRow {
  id: number;
  chainId: number | null;
  contractAddress: string | null;
  tokenId: string;
  card: { id: number; name: string; hidden: boolean } | null;
  type: string;
  details: string;
  reporterWallet: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  resolvedBy: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

/** Platform revenue of one bucket, chain and currency (amounts in wei). */
export interface AdminRevenueRow {
  /** First day of the bucket (Japan time), `YYYY-MM-DD`. */
  period: string;
  /** Null for card payments (yen). */
  chainId: number | null;
  currencyCode: number;
  currency: string;
  sales: number;
  volume: string;
  platformFee: string;
  royalty: string;
  /** What illustrators were paid straight to their wallets (reported only). */
  receivedOnChain: string;
  /** What the platform collected for illustrators and owes them. */
  payable: string;
}

/** The platform revenue report. */
export interface AdminRevenueReport {
  period: 'day' | 'week' | 'month';
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

/** A payout request as the admin sees it. */
export interface AdminPayoutRow {
  id: number;
  illustrator: { id: number; uid: string; name: string };
  chainId: number | null;
  currencyCode: number;
  currency: string;
  amount: string;
  /** Null for a yen payout (paid to the illustrator's payment account). */
  walletAddress: string | null;
  status: 'requested' | 'approved' | 'paid' | 'rejected';
  reason: string | null;
  txHash: string | null;
  reviewedBy: string | null;
  requestedAt: string;
  approvedAt: string | null;
  paidAt: string | null;
  rejectedAt: string | null;
}

/** One payout with the illustrator's balance in its chain and currency. */
export interface AdminPayoutDetail extends AdminPayoutRow {
  balance: AdminBalance | null;
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
  status: string;
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
