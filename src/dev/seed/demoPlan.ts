/**
 * The demo data as plain rows, before insertion: rows point at each other through natural keys
 * (wallet address, illustrator uid, contract + token id, order hash, transaction hash) that
 * `insertDemoPlan` turns into database ids. Building it touches no database, so tests can check the
 * data's consistency directly.
 *
 * @see ./demo.ts
 */
import type {
  auctions,
  cards,
  categories,
  illegalReports,
  offers,
  paymentHistories,
  payouts,
  platformFees,
  revenues,
  sales,
  sellOrders,
  users,
} from '~/server/db/schema/index.ts';
import { anvilAddress } from './accounts.ts';
import { cardImagePath, categoryImagePath } from './art.ts';
import { DEMO_CATEGORIES, DEMO_RARITIES, demoContractAddress } from './demoCatalogue.ts';
import { planFinance } from './demoFinance.ts';
import { planOffers } from './demoOffers.ts';
import { DEMO_COLLECTORS, DEMO_CREATORS } from './demoPeople.ts';
import { planTrades } from './demoTrades.ts';
import { daysAgo, seededRandom } from './deterministic.ts';

/** A card row keyed by (contract, token id), its creator named by uid. */
export type PlannedCard = Omit<typeof cards.$inferInsert, 'id' | 'categoryId' | 'creatorId'> & {
  creatorUid: string;
  /** Position in its collection (0..9), which sets its rarity and its story in the trades. */
  position: number;
};

/** An illustrator row whose user is named by wallet address. */
export interface PlannedIllustrator {
  uid: string;
  walletAddress: string;
  name: string;
  nameEn: string;
  image: string;
  payoutWalletAddress: string;
  createdAt: Date;
}

/** A sell order row; its card is found by (chain, contract, token id). */
export type PlannedOrder = Omit<typeof sellOrders.$inferInsert, 'id' | 'cardId'>;
/** A timed auction; its listing is named by the order's hash. */
export type PlannedAuction = Omit<typeof auctions.$inferInsert, 'id' | 'sellOrderId'> & { orderHash: string };
/** An offer row; its collection is found by contract address. */
export type PlannedOffer = Omit<typeof offers.$inferInsert, 'id' | 'categoryId'>;
/** A sale row; its order is named by hash. */
export type PlannedSale = Omit<typeof sales.$inferInsert, 'id' | 'orderId' | 'cardId'> & { orderHash: string };
/**
 * A revenue row; its source is named by the sale's transaction hash or the card payment's provider id,
 * its illustrator by uid.
 */
export type PlannedRevenue = Omit<typeof revenues.$inferInsert, 'id' | 'fillId' | 'paymentId' | 'illustratorId'> & {
  uid: string;
} & ({ txHash: string; providerPaymentId?: never } | { providerPaymentId: string; txHash?: never });
/** A payout row; `reviewed` asks for the demo admin as reviewer. */
export type PlannedPayout = Omit<typeof payouts.$inferInsert, 'id' | 'illustratorId' | 'reviewedBy'> & {
  uid: string;
  reviewed: boolean;
};
/** An illegal report; the reporter is named by wallet, `resolved` asks for the demo admin as resolver. */
export type PlannedReport = Omit<
  typeof illegalReports.$inferInsert,
  'id' | 'cardId' | 'reporterUserId' | 'resolvedBy'
> & {
  reporterWallet: string;
  resolved: boolean;
};
/** A card payment; its user is named by wallet and its card by chain, contract and token id. */
export type PlannedPayment = Omit<typeof paymentHistories.$inferInsert, 'id' | 'userId' | 'cardId'> & {
  userWallet: string;
  chainId: number;
  contractAddress: string;
  tokenId: string;
};

/** Everything the demo seed inserts. */
export interface DemoPlan {
  users: (typeof users.$inferInsert)[];
  illustrators: PlannedIllustrator[];
  categories: (Omit<typeof categories.$inferInsert, 'id' | 'creatorId'> & { creatorUid: string })[];
  cards: PlannedCard[];
  orders: PlannedOrder[];
  auctions: PlannedAuction[];
  offers: PlannedOffer[];
  sales: PlannedSale[];
  revenues: PlannedRevenue[];
  payouts: PlannedPayout[];
  platformFees: (typeof platformFees.$inferInsert)[];
  reports: PlannedReport[];
  payments: PlannedPayment[];
}

export { demoContractAddress } from './demoCatalogue.ts';

/** Wallets of the demo creators and collectors, lower-case. */
export function demoWallets(): string[] {
  return [...DEMO_CREATORS.map((c) => anvilAddress(c.account)), ...DEMO_COLLECTORS.map((c) => anvilAddress(c.account))];
}

/** Builds the users, illustrators, collections and cards. */
function planCatalogue(now: Date): Pick<DemoPlan, 'users' | 'illustrators' | 'categories' | 'cards'> {
  const random = seededRandom(7);
  const creatorOf = (index: number) => {
    const creator = DEMO_CREATORS[index];
    if (!creator) throw new RangeError(`no demo creator ${index}`);
    return creator;
  };
  // Everyone joined before their first collection launched or card sold (launches start 150 days ago, sales
  // 120 days ago), and last signed in after joining.
  const planUsers: DemoPlan['users'] = [
    ...DEMO_CREATORS.map((c) => ({
      walletAddress: anvilAddress(c.account),
      role: 'illustrator' as const,
      profileName: c.name,
      lastLoginAt: daysAgo(now, random.int(0, 20)),
      createdAt: daysAgo(now, 300 + random.int(0, 60)),
    })),
    ...DEMO_COLLECTORS.map((c) => ({
      walletAddress: anvilAddress(c.account),
      role: 'user' as const,
      profileName: c.profileName,
      lastLoginAt: daysAgo(now, random.int(0, 60)),
      createdAt: daysAgo(now, 130 + random.int(0, 100)),
    })),
  ];
  const illustrators = DEMO_CREATORS.map((creator, index) => {
    const firstCategory = DEMO_CATEGORIES.findIndex((category) => category.creator === index);
    const wallet = anvilAddress(creator.account);
    return {
      uid: creator.uid,
      walletAddress: wallet,
      name: creator.name,
      nameEn: creator.nameEn,
      image: cardImagePath(Math.max(0, firstCategory) * 10),
      payoutWalletAddress: wallet,
      createdAt: planUsers.find((user) => user.walletAddress === wallet)?.createdAt ?? daysAgo(now, 300),
    };
  });
  const planCategories: DemoPlan['categories'] = [];
  const planCards: PlannedCard[] = [];
  DEMO_CATEGORIES.forEach((category, c) => {
    const creator = creatorOf(category.creator);
    const contractAddress = demoContractAddress(category.slug);
    const launchedDaysAgo = 150 + c * 12;
    planCategories.push({
      chainId: category.chainId,
      contractAddress,
      name: category.name,
      nameEn: category.nameEn,
      image: categoryImagePath(category.slug),
      description: category.description,
      descriptionEn: category.descriptionEn,
      creatorUid: creator.uid,
      createdAt: daysAgo(now, launchedDaysAgo),
    });
    category.cards.forEach(([name, nameEn], k) => {
      const rarity = DEMO_RARITIES[k] ?? 'N';
      const image = cardImagePath(c * 10 + k);
      planCards.push({
        chainId: category.chainId,
        contractAddress,
        tokenId: String(k + 1),
        serial: k + 1,
        ownerAddress: anvilAddress(creator.account),
        name,
        image,
        creatorUid: creator.uid,
        position: k,
        views: random.int(12, 4800),
        mintedAt: daysAgo(now, launchedDaysAgo - 1, k * 7),
        createdAt: daysAgo(now, launchedDaysAgo - 1, k * 7),
        metadata: {
          name,
          name_en: nameEn,
          description: `「${category.name}」シリーズ No.${k + 1}「${name}」。イラスト: ${creator.name}`,
          description_en: `No. ${k + 1} of the "${category.nameEn}" series: ${nameEn}. Art by ${creator.nameEn}.`,
          image,
          serial: k + 1,
          attributes: [
            { trait_type: 'Rarity', value: rarity },
            { trait_type: 'Element', value: category.element[1], value_ja: category.element[0] },
            { trait_type: 'Series', value: category.nameEn, value_ja: category.name },
            { trait_type: 'Creator', value: creator.nameEn, value_ja: creator.name },
            { display_type: 'number', trait_type: 'Serial', value: k + 1, max_value: category.cards.length },
          ],
        },
      });
    });
  });
  return { users: planUsers, illustrators, categories: planCategories, cards: planCards };
}

/**
 * The whole demo data set for a clock reading `now` (listings expire relative to it). The same `now`
 * gives the same rows.
 */
export function buildDemoPlan(now: Date = new Date()): DemoPlan {
  const catalogue = planCatalogue(now);
  const trades = planTrades(catalogue.cards, now);
  const offers = planOffers(catalogue.cards, trades.orders, now);
  const finance = planFinance({ ...catalogue, ...trades }, now);
  return { ...catalogue, ...trades, offers, ...finance };
}
