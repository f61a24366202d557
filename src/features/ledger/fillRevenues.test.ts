/**
 * Which revenue a fill books: what it paid the creator's own wallet is received on chain, what the chain proves
 * reached the platform's payment address for them is payable (one row per receipt), everything else (fees,
 * third parties, tokens the chain does not list, a payment to the payment address nothing proves) is nobody's.
 */
import { describe, expect, test } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import { type CardCreator, fillRevenues, type PaidItem } from './fillRevenues';

const creatorWallet = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const payoutWallet = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
const collector = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const feeRecipient = '0x1111111111111111111111111111111111111111';
const paymentAddress = '0x2222222222222222222222222222222222222222';

const creator: CardCreator = { illustratorId: 7, wallets: new Set([creatorWallet, payoutWallet]) };
const eth = (amount: bigint, recipient: string, itemIndex?: number): PaidItem => ({
  currencyCode: CurrencyCode.ETH,
  amount,
  recipient,
  receipt: itemIndex === undefined ? undefined : { logIndex: 3, itemIndex },
});
const weth = (amount: bigint, recipient: string, itemIndex?: number): PaidItem => ({
  ...eth(amount, recipient, itemIndex),
  currencyCode: CurrencyCode.WETH,
});

/** What a fill of the creator's card sold by `seller` and paying `items` books (the payment address set). */
const revenues = (seller: string, items: PaidItem[]) => fillRevenues(creator, seller, items, paymentAddress);

describe('fillRevenues', () => {
  test("a creator's own sale is primary revenue received on chain; the fee is nobody's", () => {
    expect(revenues(creatorWallet, [eth(975n, creatorWallet), eth(25n, feeRecipient)])).toEqual([
      { illustratorId: 7, kind: 'primary', settlement: 'onchain', currencyCode: CurrencyCode.ETH, amount: 975n },
    ]);
  });

  test("a collector's resale pays the royalty: to the creator's payout wallet it is received on chain", () => {
    expect(revenues(collector, [eth(925n, collector), eth(25n, feeRecipient), eth(50n, payoutWallet)])).toEqual([
      { illustratorId: 7, kind: 'royalty', settlement: 'onchain', currencyCode: CurrencyCode.ETH, amount: 50n },
    ]);
  });

  test("a royalty proven paid to the platform's payment address is payable, one row per receipt", () => {
    expect(
      revenues(collector, [weth(900n, collector), weth(60n, paymentAddress, 1), weth(40n, paymentAddress, 2)]),
    ).toEqual([
      {
        illustratorId: 7,
        kind: 'royalty',
        settlement: 'payable',
        currencyCode: CurrencyCode.WETH,
        amount: 60n,
        receipt: { logIndex: 3, itemIndex: 1 },
      },
      {
        illustratorId: 7,
        kind: 'royalty',
        settlement: 'payable',
        currencyCode: CurrencyCode.WETH,
        amount: 40n,
        receipt: { logIndex: 3, itemIndex: 2 },
      },
    ]);
  });

  test('a payment the fill only says reached the payment address (no receipt) is never payable', () => {
    // An offer's unspent tokens "to" a recipient the caller chose in a match: nothing proves they arrived.
    expect(revenues(paymentAddress, [weth(925n, paymentAddress)])).toEqual([]);
  });

  test('the platform selling a card it holds for the creator books primary payable revenue', () => {
    expect(revenues(paymentAddress, [weth(975n, paymentAddress, 0)])).toEqual([
      expect.objectContaining({ kind: 'primary', settlement: 'payable', amount: 975n }),
    ]);
  });

  test('tokens the chain does not list, payments to third parties and no payment address book nothing', () => {
    const unlisted: PaidItem = { currencyCode: undefined, amount: 10n ** 24n, recipient: creatorWallet };
    expect(revenues(creatorWallet, [unlisted])).toEqual([]);
    expect(revenues(collector, [eth(100n, '0x5555555555555555555555555555555555555555')])).toEqual([]);
    expect(fillRevenues(creator, collector, [eth(100n, paymentAddress, 0)], undefined)).toEqual([]);
  });
});
