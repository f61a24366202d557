import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { testOrderFrame } from '#tests/helpers/orderFrames.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { cardPriceHistory } from '~/features/market/priceHistory.server.ts';
import { mediaDesigns, mediaTokens, offers, pinRequests, tradeOffers } from '~/server/db/schema/index.ts';
import { offersForCard } from '../offer/offerQueries.server.ts';
import { criteriaTree } from '../seaport/criteriaTree.ts';
import { toOrderJson } from '../seaport/orderJson.ts';
import { buildTradeOrder } from '../trade/tradeOrder.ts';
import { readTokenPage } from './tokenPage.server.ts';

const database = fileTestDatabase();
const OFFERER = '0x00000000000000000000000000000000000000a1';
const OWNER = '0x00000000000000000000000000000000000000b2';

/** A demo card with sales, listings and offers on it. */
let card: { id: number; chain_id: number; contract_address: string; token_id: string };

beforeAll(async () => {
  await seedDemo(database.db);
  const { rows } = await database.db.execute<typeof card>(sql`
    select c.id, c.chain_id, c.contract_address, c.token_id::text from cards c
    where exists (select 1 from sales s where (s.chain_id, s.contract_address, s.token_id) =
        (c.chain_id, c.contract_address, c.token_id) and s.kind = 'sale')
      and exists (select 1 from offers o where o.chain_id = c.chain_id and o.contract_address = c.contract_address
        and o.status = 'active' and (o.kind = 'collection' or (o.kind = 'token' and o.token_id = c.token_id)))
    order by c.id limit 1`);
  if (!rows[0]) throw new Error('the demo has no card with sales and offers');
  card = rows[0];
}, 60_000);

describe('a token page', () => {
  it('reads its card with every section in one statement, each as its own reader gives it', async () => {
    const chainId = Number(card.chain_id);
    const contract = card.contract_address as `0x${string}`;
    const tokenId = BigInt(card.token_id);
    // A trade offer asking for the card (open), one expired, and the card's published metadata with its pins.
    const order = buildTradeOrder({
      ...testOrderFrame(BigInt(Math.floor(Date.now() / 1000))),
      offerer: OFFERER,
      give: [{ contract, tokenId: 9_001n }],
      want: [{ contract, tokenId }],
      platformFee: { bps: 0, recipient: undefined },
    });
    const trade = (hash: string, expiresAt: Date) => ({
      chainId,
      exchange: '0x0000000000000068f116a894984e2db1123eb395',
      orderHash: hash,
      offererAddress: OFFERER,
      takerAddress: OWNER,
      contractAddress: contract,
      tokenId: card.token_id,
      order: toOrderJson(order) as unknown as Record<string, unknown>,
      signature: '0x',
      expiresAt,
    });
    await database.db
      .insert(tradeOffers)
      .values([
        trade(`0x${'1'.repeat(64)}`, new Date(Date.now() + 86_400_000)),
        trade(`0x${'2'.repeat(64)}`, new Date(Date.now() - 1_000)),
      ]);
    await database.db.insert(mediaDesigns).values({
      chainId,
      contractAddress: contract,
      designId: '1',
      metadataCid: 'bafydirectory',
      imageCids: ['bafyimage'],
      files: {},
      frozenAt: new Date('2026-01-02T03:04:05.678Z'),
    });
    await database.db.insert(mediaTokens).values({
      chainId,
      contractAddress: contract,
      tokenId: card.token_id,
      designId: '1',
      serial: 3,
      metadataCid: 'bafymetadata',
      imageCid: 'bafyimage',
    });
    // A trait offer whose cards include this one (and 2,000 others): its proof is built for whoever accepts.
    const traitIds = [card.token_id, ...Array.from({ length: 2_000 }, (_, i) => String(900_000 + i))];
    await database.db.insert(offers).values({
      chainId,
      exchange: '0x0000000000000068f116a894984e2db1123eb395',
      orderHash: `0x${'5'.repeat(64)}`,
      offererAddress: OFFERER,
      kind: 'trait',
      contractAddress: contract,
      traitType: 'Background',
      traitValue: 'Gold',
      criteriaRoot: criteriaTree(traitIds.map(BigInt)).root.toString(),
      criteriaTokenIds: traitIds,
      currencyCode: 2,
      price: '1',
      order: {},
      signature: '0x',
      startsAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await database.db.insert(pinRequests).values([
      { cid: 'bafydirectory', service: 'pinata', status: 'pinned' },
      { cid: 'bafyimage', service: 'pinata', status: 'pinning' },
    ]);

    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    let statements = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      return query.apply(this, args);
    };
    const page = await readTokenPage(database.db, { id: Number(card.id) }).finally(() => {
      client.query = query;
    });

    expect(statements).toBe(1);
    expect(page?.id).toBe(Number(card.id));
    const key = { chainId, contractAddress: contract, tokenId: card.token_id };
    const history = await cardPriceHistory(database.db, key);
    expect(history.sales.length).toBeGreaterThan(0);
    expect(page?.history).toEqual(history);
    const accepted = await offersForCard(database.db, { ...key, tokenId });
    expect(accepted.length).toBeGreaterThan(1);
    // The page shows the same offers; a trait offer's proof is left to whoever accepts (the API gives it).
    const proof = accepted.find((offer) => offer.orderHash === `0x${'5'.repeat(64)}`)?.proof;
    expect(proof).toEqual(criteriaTree(traitIds.map(BigInt)).proof(tokenId));
    expect(proof?.length).toBe(11);
    expect(page?.offers).toEqual(accepted.map(({ proof: _proof, ...offer }) => offer));
    expect(page?.trades).toEqual([
      expect.objectContaining({
        offerer: OFFERER,
        taker: OWNER,
        counter: false,
        gives: ['9001'],
        asks: [card.token_id],
      }),
    ]);
    expect(page?.storage).toEqual({
      tokenUri: 'ipfs://bafydirectory/3',
      metadataCid: 'bafymetadata',
      directoryCid: 'bafydirectory',
      imageCid: 'bafyimage',
      onChain: false,
      frozenAt: new Date('2026-01-02T03:04:05.678Z'),
      pins: [{ service: 'pinata', status: 'pinning' }],
    });
    expect(page?.activity.map((item) => item.type)).toContain('sale');
  });

  it('keeps an offer price past 2^53 to the wei, and leaves out a trade offer whose stored order does not parse', async () => {
    const price = '1000000000000000000000000000001';
    await database.db.insert(offers).values({
      chainId: Number(card.chain_id),
      exchange: '0x0000000000000068f116a894984e2db1123eb395',
      orderHash: `0x${'3'.repeat(64)}`,
      offererAddress: OFFERER,
      kind: 'token',
      contractAddress: card.contract_address,
      tokenId: card.token_id,
      currencyCode: 2,
      price,
      order: { offer: 'not an order' },
      signature: '0x',
      startsAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const before = await readTokenPage(database.db, { id: Number(card.id) });
    await database.db.insert(tradeOffers).values({
      chainId: Number(card.chain_id),
      exchange: '0x0000000000000068f116a894984e2db1123eb395',
      orderHash: `0x${'4'.repeat(64)}`,
      offererAddress: OFFERER,
      takerAddress: OWNER,
      contractAddress: card.contract_address,
      tokenId: card.token_id,
      order: { offer: [{ itemType: 'hostile' }] },
      signature: '0x',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const page = await readTokenPage(database.db, { id: Number(card.id) });
    expect(page?.offers.find((offer) => offer.orderHash === `0x${'3'.repeat(64)}`)?.price).toBe(price);
    expect(page?.offers[0]?.price).toBe(price);
    expect(page?.trades).toEqual(before?.trades);
  });

  it('is null for a card nobody may see', async () => {
    await database.db.execute(sql`update cards set hidden = true where id = ${card.id}`);
    expect(await readTokenPage(database.db, { id: Number(card.id) })).toBeNull();
    await database.db.execute(sql`update cards set hidden = false where id = ${card.id}`);
    expect(await readTokenPage(database.db, { id: -1 })).toBeNull();
  });
});
