/**
 * What a Seaport fill proves reached the platform's payment address, and who really gave the card, read from
 * the chain's own records rather than from what the fill says of itself:
 * - every consideration item paid to the payment address is a receipt (Seaport pays each consideration item in
 *   full to its recipient, in every fulfilment path, or the whole transaction reverts);
 * - an offer's tokens left over for the fill's `recipient` are NOT proof: in a match (`matchOrders`,
 *   `matchAdvancedOrders`) the caller names the recipient of whatever the other orders did not take, which may be
 *   nothing. They count only up to the ERC-20 `Transfer`s to the payment address in the transaction that no
 *   consideration item accounts for;
 * - the seller of an offer's fill is the card's previous owner, from the card's `Transfer` in that transaction.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (match orders)
 */
import { type Address, type Hex, type PublicClient, parseAbi, parseEventLogs } from 'viem';
import type { Chain } from '~/features/chains/chains';
import type { FillReceipt } from '~/features/ledger/fillBooking.server';
import type { PaidItem } from '~/features/ledger/fillRevenues';
import { ItemType } from '~/features/trading/seaport/seaportTypes';
import { currencyOfToken } from '~/features/trading/terms/currencyTokens';
import type { ChainEvent, FilledItem } from './chainEvents.server';

type Fulfilled = Extract<ChainEvent, { kind: 'fulfilled' }>;

const lower = (value: string) => value.toLowerCase();

const isMoney = (item: FilledItem) => item.itemType === ItemType.NATIVE || item.itemType === ItemType.ERC20;

/** The native and ERC-20 consideration items of a fill, each with its receipt when it paid `paymentAddress`. */
export function paidItems(chain: Chain, event: Fulfilled, paymentAddress: Address | undefined): PaidItem[] {
  const payment = paymentAddress ? lower(paymentAddress) : undefined;
  return event.consideration.flatMap((item, itemIndex) =>
    isMoney(item)
      ? [
          {
            currencyCode: currencyOfToken(chain, item.itemType, item.token),
            amount: item.amount,
            recipient: item.recipient ?? '',
            receipt:
              payment !== undefined && lower(item.recipient ?? '') === payment
                ? { logIndex: event.logIndex, itemIndex }
                : undefined,
          },
        ]
      : [],
  );
}

/** The receipts of a fill's consideration items paid to `paymentAddress`, in currencies the chain lists. */
export function considerationReceipts(
  chain: Chain,
  event: Fulfilled,
  paymentAddress: Address | undefined,
): FillReceipt[] {
  if (!paymentAddress) return [];
  const payment = lower(paymentAddress);
  return event.consideration.flatMap((item, itemIndex) => {
    const currencyCode = isMoney(item) ? currencyOfToken(chain, item.itemType, item.token) : undefined;
    if (currencyCode === undefined || item.amount <= 0n || lower(item.recipient ?? '') !== payment) return [];
    return [
      {
        logIndex: event.logIndex,
        itemIndex,
        source: 'consideration' as const,
        token: item.token,
        currencyCode,
        amount: item.amount,
      },
    ];
  });
}

/** The card's `Transfer` to `to` in the fill's transaction, if the events hold it. */
export function cardTransfer(events: readonly ChainEvent[], event: Fulfilled, card: FilledItem, to: Address) {
  const found = events.find(
    (candidate) =>
      candidate.kind === 'transfer' &&
      candidate.txHash === event.txHash &&
      lower(candidate.contract) === lower(card.token) &&
      candidate.tokenId === card.identifier &&
      lower(candidate.to) === lower(to),
  );
  return found?.kind === 'transfer' ? found : undefined;
}

/** The card's previous owner: the `from` of its `Transfer` to `to` in the fill's transaction. */
export function previousOwner(
  events: readonly ChainEvent[],
  event: Fulfilled,
  card: FilledItem,
  to: Address,
): Address | undefined {
  return cardTransfer(events, event, card, to)?.from;
}

/**
 * How much of `claimed` (an offer's unspent `token` said to go to the payment address) the transaction's ERC-20
 * `Transfer`s to the payment address prove: what they carried, less what the transaction's consideration items
 * to it account for, less what earlier fills of the transaction already claimed.
 */
export function provenInflow(
  claimed: bigint,
  token: string,
  inflow: bigint,
  events: readonly ChainEvent[],
  txHash: Hex,
  paymentAddress: Address,
  claimedBefore: bigint,
): bigint {
  const payment = lower(paymentAddress);
  const byConsideration = events
    .filter((event): event is Fulfilled => event.kind === 'fulfilled' && event.txHash === txHash)
    .flatMap((event) => event.consideration)
    .filter((item) => lower(item.token) === lower(token) && lower(item.recipient ?? '') === payment)
    .reduce((sum, item) => sum + item.amount, 0n);
  const left = inflow - byConsideration - claimedBefore;
  if (left <= 0n) return 0n;
  return left < claimed ? left : claimed;
}

const erc20Transfer = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);

/** The ERC-20 tokens a transaction sent to `to`, summed per lower-case token address (from its receipt). */
export async function inflowsOf(client: PublicClient, txHash: Hex, to: Address): Promise<Map<string, bigint>> {
  const receipt = await client.getTransactionReceipt({ hash: txHash });
  const sums = new Map<string, bigint>();
  const logs = parseEventLogs({ abi: erc20Transfer, logs: receipt.logs, strict: false });
  for (const log of logs) {
    if (!log.args.to || lower(log.args.to) !== lower(to) || log.args.value === undefined) continue;
    // ERC-721 Transfers share the signature but index the token id: they decode without a value.
    const token = lower(log.address);
    sums.set(token, (sums.get(token) ?? 0n) + log.args.value);
  }
  return sums;
}
