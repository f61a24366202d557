/**
 * Bulk listings over HTTP, on the built server pointed at a real anvil chain (chain id 1) with its indexer on:
 * five listings signed once as a Seaport bulk order are stored by `POST /api/v1/sell_cards`, bought one by
 * one by five buyers with the stored order and signature, and recorded by the indexer at their prices; a
 * request with a tampered proof, a wrong index, another tree's signature, a card the seller does not own,
 * duplicates, too many listings or garbage is refused whole (4xx, nothing stored); `sell_card` takes one
 * order of a bulk signature on its own.
 */
import { concat, createWalletClient, erc721Abi, type Hex, http, numberToHex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BulkSignature, readBulkSignature } from '../../src/features/trading/bulk/bulkOrder.ts';
import type { SellCardInput } from '../../src/features/trading/orders/sellCardPayload.ts';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder.ts';
import { parseOrderJson } from '../../src/features/trading/seaport/orderJson.ts';
import type { ApiClient, App } from '../helpers/api.ts';
import type { LocalWallet } from '../helpers/localMarket.ts';
import { signBulkListings, signListing, type TestMarket } from '../helpers/testMarket.ts';
import { anvilKey } from '../helpers/testWallet.ts';
import { zoneFill } from '../helpers/testZone.ts';
import { eventually, payload, startTradingApp, type TradingApp } from './tradingApp.ts';

interface CardRecord {
  owner: string;
  listing: { orderHash: string; order: Record<string, unknown>; signature: Hex; price: string } | null;
  activity: { type: string; price: string | null; to: string | null; orderHash: string | null }[];
}
interface Stored {
  created: number;
  listings: { created: boolean; listing: { orderHash: string; status: string; tokenId: string } }[];
  redirect: string;
}

let trading: TradingApp;
let fixture: TestMarket;
let app: App;
let seller: ApiClient;

beforeAll(async () => {
  trading = await startTradingApp();
  ({ fixture, app, seller } = trading);
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

const card = async (tokenId: bigint | string) => (await seller.get<CardRecord>(trading.cardPath(tokenId))).body;
const post = (inputs: readonly SellCardInput[]) =>
  seller.post<Stored & { message?: string }>('/api/v1/sell_cards', { listings: inputs.map(payload) });

/** Whether none of `tokenIds` has a listing on the site. */
async function noneListed(tokenIds: readonly bigint[]): Promise<boolean> {
  const records = await Promise.all(tokenIds.map(card));
  return records.every((record) => record.listing === null);
}

/** A funded anvil account as a wallet on the fixture's chain. */
function wallet(index: number): LocalWallet {
  const { chain, anvil } = fixture.market;
  return createWalletClient({ account: privateKeyToAccount(anvilKey(index)), chain, transport: http(anvil.rpcUrl) });
}

/** A bulk signature put back together after a test changed a part. */
function encode({ signature, index, proof }: BulkSignature): Hex {
  return concat([signature, numberToHex(index, { size: 3 }), ...proof]);
}

function parts(signature: Hex | undefined): BulkSignature {
  const read = signature === undefined ? undefined : readBulkSignature(signature);
  if (!read) throw new Error(`not a bulk signature: ${signature}`);
  return read;
}

describe('POST /api/v1/sell_cards', () => {
  test('five listings signed once are stored, bought one by one by five buyers, and recorded at their prices', async () => {
    const tokenIds = [1n, 2n, 3n, 4n, 5n];
    const prices = [parseEther('1') + 1n, parseEther('0.25') + 3n, parseEther('2.5'), 777_777_777n, parseEther('0.1')];
    const { inputs, signatures } = await signBulkListings(fixture, tokenIds, prices);
    expect(new Set(signatures.map((signature) => parts(signature).signature)).size).toBe(1);

    const stored = await post(inputs);
    expect(stored.status).toBe(201);
    expect(stored.body.created).toBe(5);
    expect(stored.body.redirect).toBe(`/user/${fixture.market.seller.account.address.toLowerCase()}`);
    expect(stored.body.listings.map(({ listing }) => [listing.tokenId, listing.status])).toEqual(
      tokenIds.map((id) => [id.toString(), 'active']),
    );

    const { contracts, mined } = fixture.market;
    const buyers = [fixture.market.buyer, wallet(4), wallet(5), wallet(6), wallet(7)];
    for (const [i, tokenId] of tokenIds.entries()) {
      // What any buyer's client reads from the site: the stored order and its bulk signature.
      const { listing } = await card(tokenId);
      const order = parseOrderJson(listing?.order);
      if (!listing || !order) throw new Error(`no listing of card ${tokenId}`);
      expect(listing.signature).toBe(signatures[i]);
      expect(listing.price).toBe(prices[i]?.toString());
      const buyer = buyers[i] as LocalWallet;
      await mined(
        await fulfillOrder(buyer, {
          seaport: contracts.seaport,
          order,
          signature: listing.signature,
          fulfillerConduitKey: contracts.conduitKey,
          extraData: await zoneFill(fixture.market, order, buyer.account.address),
        }),
      );
    }
    for (const [i, tokenId] of tokenIds.entries()) {
      const buyer = (buyers[i] as LocalWallet).account.address.toLowerCase();
      await eventually(async () => {
        const record = await card(tokenId);
        const sale = record.activity.find((row) => row.type === 'sale');
        return record.owner === buyer && record.listing === null && sale?.price === prices[i]?.toString();
      });
      const sale = (await card(tokenId)).activity.find((row) => row.type === 'sale');
      expect(sale).toMatchObject({
        to: buyer,
        price: prices[i]?.toString(),
        orderHash: stored.body.listings[i]?.listing.orderHash,
      });
    }
  }, 60_000);

  test('a tampered proof, a wrong index or another tree’s signature refuses the whole request (422), nothing stored', async () => {
    const tokenIds = [6n, 7n, 8n];
    const prices = tokenIds.map(() => parseEther('0.2'));
    const { inputs, signatures } = await signBulkListings(fixture, tokenIds, prices);
    const other = await signBulkListings(fixture, [7n, 9n], [parseEther('0.3'), parseEther('0.3')]);
    const second = parts(signatures[1]);
    const flipped = (hash: Hex): Hex => `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}` as Hex;
    const forged: [string, Hex][] = [
      ['proof', encode({ ...second, proof: [second.proof[0] as Hex, flipped(second.proof[1] as Hex)] })],
      ['index', encode({ ...second, index: 2 })],
      ['tree', other.signatures[0] as Hex],
    ];
    for (const [what, signature] of forged) {
      const sent = inputs.map((input, i) => (i === 1 ? { ...input, signature } : input));
      const refused = await post(sent);
      expect(refused.status, what).toBe(422);
      expect(refused.body.message, what).toBe('listings.1: signature is not the seller’s signature of this order');
    }
    expect(await noneListed(tokenIds)).toBe(true);
  }, 30_000);

  test('a card the seller no longer owns refuses the whole request (422 naming it), nothing stored', async () => {
    const { seller: owner, contracts, mined } = fixture.market;
    await mined(
      await owner.writeContract({
        address: contracts.card,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [owner.account.address, fixture.creator.address, 12n],
      }),
    );
    const tokenIds = [10n, 11n, 12n];
    const { inputs } = await signBulkListings(
      fixture,
      tokenIds,
      [1n, 2n, 3n].map((n) => parseEther('0.1') * n),
    );
    const refused = await post(inputs);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('listings.2: The seller does not own this card');
    expect(await noneListed(tokenIds)).toBe(true);
  }, 30_000);

  test('duplicates, 51 listings, garbage and a signed-out caller get a clear 4xx, never 500, nothing stored', async () => {
    const { inputs } = await signBulkListings(fixture, [13n, 14n], [parseEther('0.4'), parseEther('0.5')]);
    const [first, second] = inputs as [SellCardInput, SellCardInput];
    const sameCard = (await signListing(fixture, 13n, { price: parseEther('0.6') })).input;
    const cases: [string, unknown, number, RegExp][] = [
      [
        'same order twice',
        { listings: [first, second, first].map(payload) },
        422,
        /^listings\.2: the same order as listings\.0$/,
      ],
      [
        'same card twice',
        { listings: [first, sameCard].map(payload) },
        422,
        /^listings\.1: the same card as listings\.0$/,
      ],
      ['51 listings', { listings: Array.from({ length: 51 }, () => payload(first)) }, 422, /^listings: /],
      ['none', { listings: [] }, 422, /^listings: /],
      ['no listings', {}, 422, /^listings: /],
      ['not a list', { listings: 'all of them' }, 422, /^listings: /],
      ['a garbage listing', { listings: [payload(first), { price: 'a lot' }] }, 422, /^listings\.1\./],
      ['a garbage order', { listings: [{ ...payload(second), order: { offer: 7 } }] }, 422, /^listings\.0\.order/],
      ['a short signature', { listings: [{ ...payload(second), signature: '0x1234' }] }, 422, /signature/],
      // Bulk-shaped noise: 65 + 3 + 32 bytes and 64 + 3 + 32 bytes that are no signature at all.
      [
        'bulk-shaped noise',
        { listings: [{ ...payload(second), signature: `0x${'ab'.repeat(100)}` }] },
        422,
        /signature/,
      ],
      [
        'compact-shaped noise',
        { listings: [{ ...payload(second), signature: `0x${'00'.repeat(99)}` }] },
        422,
        /signature/,
      ],
    ];
    for (const [what, body, status, message] of cases) {
      const response = await seller.post<{ message: string }>('/api/v1/sell_cards', body);
      expect(response.status, what).toBe(status);
      expect(response.body.message, what).toMatch(message);
    }
    const notJson = await seller.request('POST', '/api/v1/sell_cards', { rawBody: '{"listings": [' });
    expect(notJson.status).toBe(400);
    expect((await app.client().post('/api/v1/sell_cards', { listings: [payload(first)] })).status).toBe(401);
    expect(await noneListed([13n, 14n])).toBe(true);
  }, 30_000);

  test('sell_card takes one order of a (compact) bulk signature; sell_cards then stores the rest, the first again as stored', async () => {
    const tokenIds = [15n, 16n];
    const { inputs } = await signBulkListings(fixture, tokenIds, [parseEther('0.7'), parseEther('0.8')], {
      compact: true,
    });
    expect(parts(inputs[1]?.signature).signature.length).toBe(2 + 2 * 64);
    const one = await seller.post<{ listing: { orderHash: string } }>(
      '/api/v1/sell_card',
      payload(inputs[1] as SellCardInput),
    );
    expect(one.status).toBe(201);
    const both = await post(inputs);
    expect(both.status).toBe(201);
    expect(both.body.created).toBe(1);
    expect(both.body.listings.map((listing) => listing.created)).toEqual([true, false]);
    expect(both.body.listings[1]?.listing.orderHash).toBe(one.body.listing.orderHash);
    const again = await post(inputs);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(0);
    expect((await card(15n)).listing?.price).toBe(parseEther('0.7').toString());
  }, 30_000);
});
