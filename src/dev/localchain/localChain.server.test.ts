/**
 * The local chain of `npm start`, on the Ethereum id only (the other three chains run the same code): a cold
 * start deploys and writes the chains file, the demo catalogue is minted to its database owners with real,
 * buyable listings (a timed auction and a declining price among them) and real offers, running the set-up
 * again changes nothing, and a restart finds everything again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { exporter } from 'ipfs-unixfs-exporter';
import { type Address, erc20Abi, erc721Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { freePort } from '#tests/helpers/server';
import { conduitKeyOf, LOCAL_DEPLOYER } from '~/features/chains/localDefaults';
import { exporterStorage } from '~/features/media/blockStore';
import { databaseBlocks } from '~/features/media/databaseBlocks.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { fulfillOrder } from '~/features/trading/seaport/fulfillOrder';
import { parseOrderJson } from '~/features/trading/seaport/orderJson';
import { isOrderSignatureValid } from '~/features/trading/seaport/orderSignature.server';
import { signOrderFill, zoneSigningOf } from '~/features/trading/zone/signOrderFill.server';
import { AUCTION_ZONE_HASH } from '~/features/trading/zone/zoneHash';
import { cardDrops, cards, categories, mediaDesigns, offers, sellOrders, tradeOffers } from '~/server/db/schema';
import { loadSettings } from '~/server/settings/settings.server';
import { ANVIL_ACCOUNTS } from '../seed/accounts';
import { seedDemo } from '../seed/demo';
import { seedDemoDrop } from './demoDrops.server';
import { type LocalChain, seedLocalChain, startLocalChain } from './localChain.server';
import { localChainClients } from './localClients.server';

const TIMEOUT = 60_000;
let dataDir = '';
let port = 0;
let database: TestDatabase;
let chain: LocalChain | undefined;

const start = () => startLocalChain({ dataDir, only: ['ETH'], ports: { ETH: port }, log: () => {} });
/** The local server's zone signing (the local signer and fee recipient). */
function zoneSigning() {
  const signing = zoneSigningOf(loadSettings({ CHAIN_ENV: 'local' }));
  if (!signing) throw new Error('no local zone signer');
  return signing;
}
/** The started chain (Ethereum, the only one started); fails the test when it is not up. */
function ethereumChain() {
  const [ethereum] = chain?.chains ?? [];
  if (!ethereum) throw new Error('no chain');
  return ethereum;
}
const now = () => BigInt(Math.floor(Date.now() / 1000));
/** The card the listing test buys on chain (the database does not follow it here: no indexer runs). */
let bought: { contractAddress: string; tokenId: string } | undefined;

const activeOrders = () =>
  database.db
    .select()
    .from(sellOrders)
    .where(and(eq(sellOrders.chainId, 1), eq(sellOrders.status, 'active')))
    .orderBy(asc(sellOrders.id));

beforeAll(async () => {
  [dataDir, port, database] = await Promise.all([
    mkdtemp(join(tmpdir(), 'kirafuda-localchain-')),
    freePort(),
    createTestDatabase(),
  ]);
  await seedDemo(database.db);
}, TIMEOUT);

afterAll(async () => {
  await chain?.stop();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the local chain', () => {
  test(
    'a cold start deploys the contracts and writes their addresses for the server',
    async () => {
      chain = await start();
      expect(chain.deployed).toBe(true);
      const file = JSON.parse(readFileSync(chain.file, 'utf8'));
      expect(file.ETH.rpcUrls).toEqual([`http://127.0.0.1:${port}`]);
      expect(Object.keys(file.ETH.contracts).sort()).toEqual(['atem', 'exchange', 'market', 'payment', 'zone']);
      expect(chain.chains.map((c) => [c.chainId, c.contracts.exchange])).toEqual([[1, file.ETH.contracts.exchange]]);
    },
    TIMEOUT,
  );

  test(
    'the demo cards are minted to their owners and the active listings are real, buyable orders',
    async () => {
      if (!chain) throw new Error('not started');
      await seedLocalChain(database.db, chain.chains, () => {});
      const ethereum = ethereumChain();
      const { publicClient, wallet, mined } = localChainClients(ethereum);
      const demo = await database.db.select().from(cards).where(eq(cards.chainId, 1));
      expect(demo).toHaveLength(30);
      for (const card of demo) {
        const owner = await publicClient.readContract({
          address: card.contractAddress as Address,
          abi: erc721Abi,
          functionName: 'ownerOf',
          args: [BigInt(card.tokenId)],
        });
        expect(owner.toLowerCase()).toBe(card.ownerAddress);
      }
      const listings = await activeOrders();
      expect(listings.length).toBeGreaterThan(0);
      for (const row of listings) {
        const order = parseOrderJson(row.order);
        if (!order) throw new Error('unreadable order');
        expect(row.exchange).toBe(ethereum.contracts.exchange.toLowerCase());
        expect(order.conduitKey).toBe(conduitKeyOf(LOCAL_DEPLOYER));
        expect(await isOrderSignatureValid(ethereum, ethereum.contracts.exchange, order, row.signature as Hex)).toBe(
          true,
        );
      }
      // Every order names the chain's Kirafuda zone; the timed auction's listing is marked for the settlement alone.
      const auction = listings.find((row) => row.saleType === 'auction');
      expect(parseOrderJson(auction?.order)?.zone).toBe(ethereum.contracts.zone);
      expect(parseOrderJson(auction?.order)?.zoneHash).toBe(AUCTION_ZONE_HASH);
      // The chain has a collection whose royalty is guaranteed and one that is open.
      const collections = await database.db
        .select({ guaranteed: categories.royaltyGuaranteed })
        .from(categories)
        .where(eq(categories.chainId, 1));
      expect(new Set(collections.map((row) => row.guaranteed))).toEqual(new Set([true, false]));
      const declining = listings.find((row) => row.saleType === 'declining');
      const ends = parseOrderJson(declining?.order)?.consideration.reduce((sum, item) => sum + item.endAmount, 0n);
      expect(ends?.toString()).toBe(declining?.endPrice);
      // The demo offers are signed by their offerers, who hold the amount and let the conduit move it.
      const open = await database.db
        .select()
        .from(offers)
        .where(and(eq(offers.chainId, 1), eq(offers.status, 'active')));
      expect(open.length).toBeGreaterThanOrEqual(2);
      for (const row of open) {
        const order = parseOrderJson(row.order);
        if (!order) throw new Error('unreadable offer');
        expect(await isOrderSignatureValid(ethereum, ethereum.contracts.exchange, order, row.signature as Hex)).toBe(
          true,
        );
        const [offered] = order.offer;
        if (!offered) throw new Error('an offer gives nothing');
        const args = [row.offererAddress as Address] as const;
        const read = { address: offered.token, abi: erc20Abi } as const;
        expect(await publicClient.readContract({ ...read, functionName: 'balanceOf', args })).toBeGreaterThanOrEqual(
          offered.startAmount,
        );
        expect(
          await publicClient.readContract({
            ...read,
            functionName: 'allowance',
            args: [...args, ethereum.contracts.market],
          }),
        ).toBeGreaterThanOrEqual(offered.startAmount);
      }
      const native = listings.find((row) => row.currencyCode === 2 && row.saleType === 'fixed');
      const order = native && parseOrderJson(native.order);
      if (!native || !order) throw new Error('no native-currency listing');
      const buyer = ANVIL_ACCOUNTS[19];
      await mined(
        await fulfillOrder(wallet(buyer), {
          seaport: ethereum.contracts.exchange,
          order,
          signature: native.signature as Hex,
          fulfillerConduitKey: order.conduitKey,
          extraData: (await signOrderFill(zoneSigning(), ethereum, order, buyer, now())).extraData,
        }),
      );
      const owner = await publicClient.readContract({
        address: native.contractAddress as Address,
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [BigInt(native.tokenId)],
      });
      expect(owner).toBe(buyer);
      bought = { contractAddress: native.contractAddress, tokenId: native.tokenId };
    },
    TIMEOUT,
  );

  test(
    'every demo card has standard metadata on chain: an ipfs:// tokenURI whose document names it, and each collection a contractURI',
    async () => {
      const ethereum = ethereumChain();
      const { publicClient } = localChainClients(ethereum);
      const storage = exporterStorage(databaseBlocks(database.db));
      const read = async (path: string) => {
        const entry = await exporter(path, storage);
        if (entry.type !== 'file' && entry.type !== 'raw') throw new Error(`${path} is not a file`);
        const chunks: Uint8Array[] = [];
        for await (const chunk of entry.content()) chunks.push(chunk);
        return Buffer.concat(chunks);
      };
      const demo = await database.db.select().from(cards).where(eq(cards.chainId, 1));
      for (const card of demo) {
        const address = card.contractAddress as Address;
        const uri = await publicClient.readContract({
          address,
          abi: cardAbi,
          functionName: 'tokenURI',
          args: [BigInt(card.tokenId)],
        });
        expect(uri).toMatch(/^ipfs:\/\/bafy[a-z2-7]+\/\d+$/);
        const document = JSON.parse((await read(uri.slice('ipfs://'.length))).toString('utf8'));
        expect(document).toMatchObject({ name: card.name, cid_profile: 'unixfs-v1-2025' });
        expect(document.image).toMatch(/^ipfs:\/\/baf/);
        // The picture is the card's own, byte for byte.
        const picture = await read(document.image.slice('ipfs://'.length));
        expect(picture.toString('utf8')).toBe(readFileSync(join('public', card.image ?? ''), 'utf8'));
      }
      const contracts = new Set(demo.map((card) => card.contractAddress as Address));
      for (const address of contracts) {
        const uri = await publicClient.readContract({ address, abi: cardAbi, functionName: 'contractURI' });
        expect(JSON.parse((await read(uri.slice('ipfs://'.length))).toString('utf8')).name).toBeTruthy();
      }
    },
    TIMEOUT,
  );

  test(
    'one demo design is frozen from the start: the chain says so, and so does its record',
    async () => {
      const ethereum = ethereumChain();
      const frozen = await database.db.select().from(mediaDesigns).where(eq(mediaDesigns.chainId, 1));
      const done = frozen.filter((design) => design.frozenAt);
      expect(done).toHaveLength(1);
      const [design] = done;
      if (!design) throw new Error('no frozen design');
      const info = await localChainClients(ethereum).publicClient.readContract({
        address: design.contractAddress as Address,
        abi: cardAbi,
        functionName: 'designInfo',
        args: [BigInt(design.designId)],
      });
      expect(info.uriFrozen).toBe(true);
    },
    TIMEOUT,
  );

  test(
    'a demo trade offer is open: one card for another holder’s card, a real order through the zone',
    async () => {
      const ethereum = ethereumChain();
      const rows = await database.db.select().from(tradeOffers).where(eq(tradeOffers.chainId, 1));
      expect(rows).toHaveLength(1);
      const [row] = rows;
      const order = parseOrderJson(row?.order);
      if (!row || !order) throw new Error('no trade order');
      expect(row.status).toBe('open');
      expect(order.zone.toLowerCase()).toBe(ethereum.contracts.zone.toLowerCase());
      expect(await isOrderSignatureValid(ethereum, ethereum.contracts.exchange, order, row.signature as Hex)).toBe(
        true,
      );
    },
    TIMEOUT,
  );

  test(
    'setting up again changes nothing',
    async () => {
      if (!chain) throw new Error('not started');
      const before = await activeOrders();
      const lines: string[] = [];
      await seedLocalChain(database.db, chain.chains, (line) => lines.push(line));
      expect(lines).toEqual([]);
      expect(await activeOrders()).toEqual(before);
    },
    TIMEOUT,
  );

  test(
    'a restart keeps the chain: same contracts, cards and orders, nothing deployed again',
    async () => {
      const before = chain;
      if (!before) throw new Error('not started');
      await before.stop();
      expect(existsSync(join(dataDir, 'local-chain', 'anvil-1.json'))).toBe(true);
      chain = await start();
      expect(chain.deployed).toBe(false);
      expect(chain.chains[0]?.contracts).toEqual(before.chains[0]?.contracts);
      const ethereum = ethereumChain();
      // Every card but the one the listing test bought is still its recorded owner's.
      const kept = (await database.db.select().from(cards).where(eq(cards.chainId, 1)).orderBy(asc(cards.id))).filter(
        (card) => !(card.contractAddress === bought?.contractAddress && card.tokenId === bought?.tokenId),
      );
      expect(kept.length).toBeGreaterThan(0);
      for (const card of kept) {
        const owner = await localChainClients(ethereum).publicClient.readContract({
          address: card.contractAddress as Address,
          abi: erc721Abi,
          functionName: 'ownerOf',
          args: [BigInt(card.tokenId)],
        });
        expect(owner.toLowerCase(), `card ${card.id}`).toBe(card.ownerAddress);
      }
    },
    TIMEOUT,
  );

  test(
    'with Stripe keys the demo puts one design on sale for yen, issued on chain, once',
    async () => {
      const ethereum = ethereumChain();
      expect(await seedDemoDrop(database.db, ethereum)).toBe(true);
      expect(await seedDemoDrop(database.db, ethereum)).toBe(false);
      const [drop] = await database.db.select().from(cardDrops).where(eq(cardDrops.chainId, 1));
      expect(drop).toMatchObject({ priceJpy: 1_500, serials: 10 });
      const design = await localChainClients(ethereum).publicClient.readContract({
        address: drop?.contractAddress as Address,
        abi: cardAbi,
        functionName: 'designInfo',
        args: [BigInt(drop?.designId ?? '0')],
      });
      expect(design).toMatchObject({ maxSerials: 10n, minted: 0n, creator: ANVIL_ACCOUNTS[0] });
    },
    TIMEOUT,
  );
});
