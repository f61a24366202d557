/**
 * A collector's trade history for tax (pure): every sale of a card they bought or sold (a listing bought or sold,
 * an offer of theirs accepted or one they accepted), every mint to them (with the yen a card payment paid for it)
 * and every transfer of their cards in or out, with the date in Japan time, the chain, the transaction, the card,
 * the amount and currency, the fee and royalty they paid as seller, the gas (when known) and the yen value of
 * each at that time (./yenAt.ts), as the National Tax Agency's NFT guidance asks a holder to reckon. Two CSV
 * layouts: Kirafuda's own (documented in docs/tax.md) and Cryptact's custom file (カスタムファイル), whose layout
 * that service publishes.
 *
 * @see https://www.nta.go.jp/law/joho-zeikaishaku/shotoku/shinkoku/0022012-087/index.htm (NFTの税務上の取扱い),
 *   https://support.cryptact.com/hc/en-us/articles/360002571312 (custom file)
 */
import { CURRENCIES, type CurrencyCode } from '~/features/chains/currencies';
import { toCsv } from '~/lib/csv';
import { currencySymbol } from '../payoutRules';
import { jstDateTime } from './jstCalendar';
import { type RateHistory, rateColumns, yenAt } from './yenAt';

/** What happened to the collector's card. */
export const TRADE_KINDS = [
  'buy',
  'sale',
  'offer_bought',
  'offer_accepted',
  'mint',
  'transfer_in',
  'transfer_out',
] as const;
/** One kind of trade. */
export type TradeKind = (typeof TRADE_KINDS)[number];

/** One trade of the collector's. */
export interface Trade {
  at: Date;
  kind: TradeKind;
  chainId: number;
  txHash: string;
  logIndex: number;
  contractAddress: string;
  tokenId: string;
  cardName: string;
  counterparty: string;
  /** What changed hands for the card (0 for a free mint or a transfer). */
  amount: bigint;
  currencyCode: number;
  /** The platform fee and royalty the collector paid as the seller (taken from the price). */
  fee: bigint;
  royalty: bigint;
  /** Gas the collector paid for it, in the chain's coin, when known. */
  gas: bigint | undefined;
  gasCurrencyCode: number;
}

/** The collector's CSV columns (docs/tax.md). */
export const TRADE_COLUMNS = [
  'date_jst',
  'kind',
  'chain_id',
  'transaction',
  'log_index',
  'contract',
  'token_id',
  'card',
  'counterparty',
  'currency',
  'amount',
  'fee',
  'royalty',
  'proceeds',
  'gas',
  'gas_currency',
  'amount_jpy',
  'fee_jpy',
  'royalty_jpy',
  'proceeds_jpy',
  'gas_jpy',
  'rate_jpy',
  'rate_observed_at',
  'rate_source',
] as const;

const decimals = (code: number) => CURRENCIES[code as CurrencyCode]?.decimals ?? 18;
const text = (value: bigint | undefined) => (value === undefined ? '' : value.toString());

/** What the seller got: the price less the fee and royalty (the price itself for a buyer). */
export function proceedsOf(trade: Trade): bigint {
  return trade.kind === 'sale' || trade.kind === 'offer_accepted'
    ? trade.amount - trade.fee - trade.royalty
    : trade.amount;
}

/** The trades as Kirafuda's CSV (amounts in the currency's smallest unit, yen rounded down). */
export function tradesCsv(trades: readonly Trade[], history: RateHistory): string {
  return toCsv(
    TRADE_COLUMNS,
    trades.map((trade) => {
      const value = yenAt(history, 0n, trade.currencyCode, trade.at);
      const jpy = (amount: bigint) => yenAt(history, amount, trade.currencyCode, trade.at)?.jpy;
      const gasJpy =
        trade.gas === undefined ? undefined : yenAt(history, trade.gas, trade.gasCurrencyCode, trade.at)?.jpy;
      return [
        jstDateTime(trade.at),
        trade.kind,
        trade.chainId,
        trade.txHash,
        trade.logIndex,
        trade.contractAddress,
        trade.tokenId,
        trade.cardName,
        trade.counterparty,
        currencySymbol(trade.currencyCode),
        trade.amount.toString(),
        trade.fee.toString(),
        trade.royalty.toString(),
        proceedsOf(trade).toString(),
        text(trade.gas),
        currencySymbol(trade.gasCurrencyCode),
        text(jpy(trade.amount)),
        text(jpy(trade.fee)),
        text(jpy(trade.royalty)),
        text(jpy(proceedsOf(trade))),
        text(gasJpy),
        ...rateColumns(value?.rate),
      ];
    }),
  );
}

/** `amount` (smallest unit) as a plain decimal number of whole units. */
export function unitsText(amount: bigint, code: number): string {
  const places = decimals(code);
  if (places === 0) return amount.toString();
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, -places);
  const fraction = digits.slice(-places).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Cryptact's custom file header (all fields required but Comment). */
export const CRYPTACT_COLUMNS = [
  'Timestamp',
  'Action',
  'Source',
  'Base',
  'Volume',
  'Price',
  'Counter',
  'Fee',
  'FeeCcy',
  'Comment',
] as const;

/** The custom coin Cryptact knows a card by: `USER-` and upper-case letters, digits and `#`. */
export function cryptactCoin(trade: Pick<Trade, 'chainId' | 'contractAddress' | 'tokenId'>): string {
  return `USER-KF#${trade.chainId}#${trade.contractAddress.toUpperCase()}#${trade.tokenId}`;
}

/**
 * The trades that buy or sell a card for money as Cryptact's custom file: a buy (or a paid mint) is `BUY` of one
 * card (the custom coin) at its price in the currency paid, a sale `SELL` at its price with the fee and royalty as
 * its fee; free mints and transfers between wallets are not trades for Cryptact and are left out.
 * Timestamps are Japan time (choose Asia/Tokyo when uploading).
 */
export function cryptactCsv(trades: readonly Trade[]): string {
  const rows = trades.flatMap((trade) => {
    if (trade.amount <= 0n) return [];
    const selling = trade.kind === 'sale' || trade.kind === 'offer_accepted';
    const buying = trade.kind === 'buy' || trade.kind === 'offer_bought' || trade.kind === 'mint';
    if (!selling && !buying) return [];
    const counter = currencySymbol(trade.currencyCode);
    return [
      [
        jstDateTime(trade.at).replaceAll('-', '/'),
        selling ? 'SELL' : 'BUY',
        'Kirafuda',
        cryptactCoin(trade),
        '1',
        unitsText(trade.amount, trade.currencyCode),
        counter,
        selling ? unitsText(trade.fee + trade.royalty, trade.currencyCode) : '0',
        counter,
        `${trade.kind} ${trade.txHash}`,
      ],
    ];
  });
  return toCsv(CRYPTACT_COLUMNS, rows);
}
