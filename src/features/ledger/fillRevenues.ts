/**
 * What a fill of a stored order earns the card's creator (pure), keeping apart two kinds of money:
 * - **received on chain** (`onchain`): a fill paid the creator's own wallet (the proceeds of their own sale, a
 *   royalty to their address). Reported on the dashboard; never paid out again.
 * - **payable**: the platform collected it for the creator at its payment address, and owes it. Payable only
 *   for a payment the chain proves reached that address in the fill (a consideration item, or an ERC-20
 *   `Transfer` no consideration item accounts for: `receipt` set), one row per receipt, so each receipt is
 *   consumed once. An item that only says it was paid there (an offer's unspent tokens to a `recipient` the
 *   caller chose) is never payable.
 *
 * Items in tokens the chain does not list as currencies, and items to anyone else (the platform fee, third
 * parties), are nobody's revenue.
 *
 * @see ERC-2981 (royalties), https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import type { Address } from 'viem';
import type { RevenueKind, RevenueSettlement } from '~/server/db/schema';

/** Where a payment to the platform's payment address is proven on chain (unique per fill). */
export interface ReceiptKey {
  /** The `OrderFulfilled` log. */
  logIndex: number;
  /** The consideration item's index, or -1 for the offer's unspent tokens proven by a `Transfer`. */
  itemIndex: number;
}

/** One item a fill paid: an amount in a currency (undefined: a token the chain does not list) and its payee. */
export interface PaidItem {
  currencyCode: number | undefined;
  amount: bigint;
  recipient: string;
  /** Set when the chain proves the payment (see the module comment). */
  receipt?: ReceiptKey | undefined;
}

/** One revenue row to book. */
export interface FillRevenue {
  illustratorId: number;
  kind: RevenueKind;
  settlement: RevenueSettlement;
  currencyCode: number;
  amount: bigint;
  /** The receipt a payable row consumes. */
  receipt?: ReceiptKey | undefined;
}

/** The illustrator a card's revenue belongs to, with every wallet that counts as theirs. */
export interface CardCreator {
  illustratorId: number;
  /** Lower-case: the wallet linked to the account and the payout wallet, when set. */
  wallets: ReadonlySet<string>;
}

const lower = (value: string) => value.toLowerCase();

/**
 * The revenue rows of one fill (see the module comment). `seller` is who gave the card (for an offer, the
 * card's previous owner as its `Transfer` says); `paymentAddress` the platform's (undefined: nothing payable).
 */
export function fillRevenues(
  creator: CardCreator,
  seller: string,
  items: readonly PaidItem[],
  paymentAddress: Address | undefined,
): FillRevenue[] {
  const payment = paymentAddress ? lower(paymentAddress) : undefined;
  const onchain = new Map<string, FillRevenue>();
  const payable: FillRevenue[] = [];
  for (const item of items) {
    const { currencyCode } = item;
    if (currencyCode === undefined || item.amount <= 0n) continue;
    const to = lower(item.recipient);
    if (creator.wallets.has(to)) {
      const kind: RevenueKind = creator.wallets.has(lower(seller)) ? 'primary' : 'royalty';
      const key = `${kind}:${currencyCode}`;
      const entry = onchain.get(key) ?? {
        illustratorId: creator.illustratorId,
        kind,
        settlement: 'onchain',
        currencyCode,
        amount: 0n,
      };
      entry.amount += item.amount;
      onchain.set(key, entry);
    } else if (payment !== undefined && to === payment && item.receipt) {
      payable.push({
        illustratorId: creator.illustratorId,
        kind: lower(seller) === payment ? 'primary' : 'royalty',
        settlement: 'payable',
        currencyCode,
        amount: item.amount,
        receipt: item.receipt,
      });
    }
  }
  return [...onchain.values(), ...payable];
}
