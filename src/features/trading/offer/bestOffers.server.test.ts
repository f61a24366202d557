/**
 * The best offer per card for "Sell to best offers", on a real anvil chain and database: for each card its owner
 * asks about, the highest acceptable offer in wrapped ether (a token offer or a collection offer, whichever pays
 * more); a card the asker does not hold answers none. The card grids' best offer agrees.
 */
import { inArray } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileTradingMarket } from '#tests/helpers/fileMarket';
import type { LocalWallet } from '#tests/helpers/localMarket';
import { walletOf } from '#tests/helpers/testAuctions';
import { fundOfferer, signOffer } from '#tests/helpers/testOffers';
import { bestCardOffers } from '~/features/catalogue/bestOffers.server';
import { cards } from '~/server/db/schema';
import { placeOffer } from '../placeOffer/placeOffer.server';
import type { OfferTarget } from '../seaport/buildOffer';
import { bestOffersForCards } from './bestOffers.server';

const { fixture, database, options } = fileTradingMarket();

async function offer(wallet: LocalWallet, target: OfferTarget, price: string, quantity = 1) {
  const signed = await signOffer(fixture, wallet, { target, unitPrice: parseEther(price), quantity });
  const payload = { chain_id: fixture.chain.chainId, order: signed.order, signature: signed.signature };
  const { offer: stored } = await placeOffer(
    database.db,
    { walletAddress: wallet.account.address.toLowerCase() },
    payload,
    options(),
  );
  return stored.orderHash;
}

beforeAll(async () => {
  for (const wallet of [fixture.market.buyer, walletOf(fixture, 4)])
    await fundOfferer(fixture, wallet, parseEther('5'));
}, 60_000);

describe('bestOffersForCards', () => {
  test('each card the owner holds gets its highest acceptable offer; a card they do not hold, none', async () => {
    const { buyer, seller } = fixture.market;
    const token = (tokenId: bigint) => ({ kind: 'token' as const, contract: fixture.card, tokenId });
    await offer(buyer, token(1n), '1');
    const best1 = await offer(walletOf(fixture, 4), token(1n), '2');
    const collection = await offer(buyer, { kind: 'collection', contract: fixture.card }, '0.5', 2);
    await offer(walletOf(fixture, 4), token(2n), '0.25');
    const refs = ['1', '2'].map((tokenId) => ({ contractAddress: fixture.card, tokenId }));

    const answers = await bestOffersForCards(database.db, fixture.chain, seller.account.address, refs);
    expect(answers.map((answer) => [answer.tokenId, answer.offer?.orderHash, answer.offer?.price])).toEqual([
      ['1', best1, parseEther('2').toString()],
      ['2', collection, parseEther('0.5').toString()],
    ]);
    expect(answers[0]?.offer).toMatchObject({ signature: expect.stringMatching(/^0x/), order: expect.any(Object) });

    // The card grids' "best offer" beside a price weighs the same zone-restricted token offers.
    const ids = await database.db
      .select({ id: cards.id, tokenId: cards.tokenId })
      .from(cards)
      .where(inArray(cards.tokenId, ['1', '2']));
    const grid = await bestCardOffers(
      database.db,
      ids.map((row) => row.id),
    );
    const gridPrice = (tokenId: string) => grid.get(ids.find((row) => row.tokenId === tokenId)?.id ?? 0)?.price;
    expect([gridPrice('1'), gridPrice('2')]).toEqual([parseEther('2').toString(), parseEther('0.5').toString()]);

    const notTheirs = await bestOffersForCards(database.db, fixture.chain, buyer.account.address, refs);
    expect(notTheirs.map((answer) => answer.offer)).toEqual([null, null]);
  }, 60_000);
});
