/**
 * A card anyone can see and no one can erase, end to end on anvil and the built server: a card issued through
 * `POST /api/v1/card_issue` reads an `ipfs://` tokenURI whose document `@helia/verified-fetch` (told of our gateway
 * alone) fetches and verifies, as it does the collection's `contractURI`; the creator freezes it, after which no role
 * can change it and the indexer shows it frozen on the token page; two outside pinning services (stand-ins of the
 * Pinning Service API, one failing its first call, one slow) pin it from our gateway; the exit kit's CAR, imported
 * into an empty blockstore, holds every CID its manifest names; the admin re-pins (audited); bad requests are
 * 400/404.
 */
import { exporter } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import { createWalletClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi.ts';
import { admins } from '../../src/server/db/schema/index.ts';
import type { ApiClient, App } from '../helpers/api.ts';
import { importCar, verifiedFetchFrom } from '../helpers/ipfsClients.ts';
import { startPinningService } from '../helpers/pinningService.ts';
import { revertName } from '../helpers/revertName.ts';
import type { TestMarket } from '../helpers/testMarket.ts';
import { page } from './pageFreshness.ts';
import { CREATOR_PASSWORD, eventually, issueCards, startTradingApp, type TradingApp } from './tradingApp.ts';

const ADMIN = { uid: 'media-admin', password: 'media-admin-password-1' };
let trading: TradingApp;
let fixture: TestMarket;
let app: App;
let illustrator: ApiClient;
let flaky: Awaited<ReturnType<typeof startPinningService>>;
let slow: Awaited<ReturnType<typeof startPinningService>>;
let issued: { designId: string; cards: { tokenId: string; serial: number }[] };

/** One of the card's three URI views: `contractURI()`, or `tokenURI(id)` / `designURI(id)`. */
const read = (functionName: 'tokenURI' | 'contractURI' | 'designURI', args: [] | [bigint]): Promise<string> => {
  const client = fixture.market.publicClient;
  const address = fixture.card;
  if (functionName === 'contractURI') return client.readContract({ address, abi: cardAbi, functionName });
  const [id] = args;
  if (id === undefined) throw new Error(`${functionName} takes an id`);
  return client.readContract({ address, abi: cardAbi, functionName, args: [id] });
};

beforeAll(async () => {
  [flaky, slow] = await Promise.all([
    startPinningService({ token: 'flaky-token', failFirst: 1 }),
    startPinningService({ token: 'slow-token', slowReads: 2 }),
  ]);
  const adminHash = await hashPassword(ADMIN.password);
  trading = await startTradingApp({
    seed: async (db) => {
      await db.insert(admins).values({ uid: ADMIN.uid, passwordHash: adminHash, name: 'Admin' });
    },
    env: {
      PINNING_SERVICES: JSON.stringify([
        { name: 'flaky', endpoint: flaky.url, token: 'flaky-token' },
        { name: 'slow', endpoint: slow.url, token: 'slow-token' },
      ]),
    },
  });
  ({ fixture, app } = trading);
  illustrator = app.client();
  expect(
    (await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: CREATOR_PASSWORD })).status,
  ).toBe(200);
  const response = await issueCards(app, illustrator, {
    name: '桜の札',
    name_en: 'Cherry card',
    description: '春のカード',
    description_en: 'A spring card',
    traits: JSON.stringify([{ type: 'Element', value: 'Wood' }]),
    serials: '2',
    category_id: '1',
    royalty_bps: '800',
  });
  expect(response.status).toBe(201);
  issued = response.body as typeof issued;
}, 120_000);

afterAll(async () => {
  await trading?.stop();
  await Promise.all([flaky?.stop(), slow?.stop()]);
});

describe('a card on IPFS', () => {
  test('tokenURI and contractURI are ipfs:// documents that verified-fetch, told of our gateway alone, verifies', async () => {
    const [first] = issued.cards;
    if (!first) throw new Error('nothing issued');
    const uri = await read('tokenURI', [BigInt(first.tokenId)]);
    expect(uri).toMatch(/^ipfs:\/\/bafy[a-z2-7]+\/1$/);
    const client = await verifiedFetchFrom(app.url);
    try {
      const verified = await client.fetch(uri);
      const bytes = new Uint8Array(await verified.arrayBuffer());
      const plain = await fetch(new URL(`/ipfs/${uri.slice('ipfs://'.length)}`, app.url));
      expect(plain.headers.get('content-type')).toBe('application/json');
      expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(new Uint8Array(await plain.arrayBuffer())).toEqual(bytes);
      const document = JSON.parse(new TextDecoder().decode(bytes));
      expect(document).toMatchObject({
        name: '桜の札',
        description: '春のカード',
        external_url: `${app.url}/cards/1/${fixture.card.toLowerCase()}/${issued.designId}/1`,
        localization: {
          default: 'ja',
          locales: ['ja', 'en'],
          en: { name: 'Cherry card', description: 'A spring card' },
        },
        cid_profile: 'unixfs-v1-2025',
      });
      expect(document.attributes).toContainEqual({ trait_type: 'Element', value: 'Wood' });
      expect(document.attributes).toContainEqual({
        display_type: 'number',
        trait_type: 'Serial',
        value: 1,
        max_value: 2,
      });
      const picture = await client.fetch(document.image);
      expect(picture.status).toBe(200);
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const collection = await client.fetch(await read('contractURI', []));
      expect(await collection.json()).toMatchObject({
        name: expect.any(String),
        seller_fee_basis_points: 800,
        fee_recipient: fixture.creator.address.toLowerCase(),
        cid_profile: 'unixfs-v1-2025',
      });
    } finally {
      await client.stop();
    }
    // The card's page on this site, as the document names it.
    const external = await fetch(new URL(`/cards/1/${fixture.card.toLowerCase()}/${issued.designId}/1`, app.url), {
      redirect: 'manual',
    });
    expect(external.status).toBe(301);
    expect(external.headers.get('location')).toBe(`/tokens/1/${fixture.card.toLowerCase()}/${first.tokenId}`);
  }, 60_000);

  test('both pinning services end pinned, fetching from our gateway, and the token page says so', async () => {
    const [first] = issued.cards;
    const path = trading.tokenPage(first?.tokenId ?? '0');
    await eventually(async () => {
      const html = (await page(app, path)).html;
      return (
        html.includes('data-pin-service="flaky" data-pin-status="pinned"') &&
        html.includes('data-pin-service="slow" data-pin-status="pinned"')
      );
    }, 45_000);
    const uri = await read('tokenURI', [BigInt(first?.tokenId ?? 0)]);
    const directory = uri.slice('ipfs://'.length).split('/')[0] ?? '';
    expect(flaky.pinned()).toContain(directory);
    expect(slow.pinned()).toContain(directory);
    expect(flaky.calls()).toBeGreaterThan(1);
    const html = (await page(app, path)).html;
    expect(html).toContain(`href="/ipfs/${uri.slice('ipfs://'.length)}"`);
    expect(html).not.toContain('flaky-token');
    expect(html).not.toContain('slow-token');
  }, 60_000);

  test('the creator freezes the design: no role can change its URI, and the indexer shows it frozen', async () => {
    const designId = BigInt(issued.designId);
    const tokens = issued.cards.map((card) => BigInt(card.tokenId));
    const creator = createWalletClient({
      account: fixture.creator,
      chain: fixture.market.chain,
      transport: http(fixture.market.anvil.rpcUrl),
    });
    const receipt = await fixture.market.mined(
      await creator.writeContract({
        address: fixture.card,
        abi: cardAbi,
        functionName: 'freezeDesignURI',
        args: [designId, tokens],
      }),
    );
    expect(receipt.logs.length).toBeGreaterThanOrEqual(1 + 2 * tokens.length);
    const before = await read('designURI', [designId]);
    const change = (wallet: typeof creator | typeof fixture.market.deployer) =>
      wallet.writeContract({
        address: fixture.card,
        abi: cardAbi,
        functionName: 'setDesignURI',
        args: [designId, 'ipfs://bafkreiablk6x6xgfpiw5ss3vsdyevwaiijzzaxxdh3c45pvomitwvf7ymi'],
      });
    // The platform minter (also the contract admin here), the creator, an outsider.
    expect(await revertName(change(fixture.market.deployer))).toBe('DesignURIIsFrozen');
    expect(await revertName(change(creator))).toBe('AccessControlUnauthorizedAccount');
    expect(await revertName(change(fixture.market.buyer))).toBe('AccessControlUnauthorizedAccount');
    expect(await read('designURI', [designId])).toBe(before);
    await eventually(async () =>
      (await page(app, trading.tokenPage(tokens[0] ?? 0n))).html.includes('data-frozen="yes"'),
    );
  }, 60_000);

  test('the exit kit: the CAR imported into an empty blockstore holds every CID of the manifest', async () => {
    const manifest = (await (await fetch(new URL('/api/v1/collections/1/archive.json', app.url))).json()) as {
      contractMetadataCid: string;
      cards: { tokenId: string; tokenUri: string; metadataCid: string; imageCid: string; frozen: boolean }[];
    };
    const mine = manifest.cards.filter((card) => issued.cards.some((token) => token.tokenId === card.tokenId));
    expect(mine).toHaveLength(2);
    expect(mine.every((card) => card.frozen)).toBe(true);
    const car = await fetch(new URL('/api/v1/collections/1/archive.car', app.url));
    expect(car.headers.get('content-type')).toBe('application/vnd.ipld.car; version=1');
    const imported = await importCar(new Uint8Array(await car.arrayBuffer()));
    for (const card of manifest.cards) {
      expect(await imported.blockstore.has(CID.parse(card.imageCid))).toBe(true);
      expect(await imported.blockstore.has(CID.parse(card.metadataCid))).toBe(true);
      // The document at the token's URI, read from the imported blocks alone.
      const entry = await exporter(card.tokenUri.slice('ipfs://'.length), imported.blockstore);
      expect(entry.cid.toString()).toBe(card.metadataCid);
    }
    expect(await imported.blockstore.has(CID.parse(manifest.contractMetadataCid))).toBe(true);
  }, 60_000);

  test('the admin sees each card’s pin status and re-pins it (audited)', async () => {
    const admin = app.client();
    expect((await admin.post('/api/v1/admin_session', ADMIN)).status).toBe(200);
    const list = await admin.get<{ items: { id: number; tokenId: string; storage: unknown }[] }>(
      `/api/v1/admins/card_serials?q=${encodeURIComponent('桜の札')}`,
    );
    const card = list.body.items.find((item) => item.tokenId === issued.cards[0]?.tokenId);
    expect(card?.storage).toMatchObject({
      frozen: true,
      pins: [
        { service: 'flaky', status: 'pinned' },
        { service: 'slow', status: 'pinned' },
      ],
    });
    const repinned = await admin.post<{ storage: { pins: { status: string }[] } }>(
      `/api/v1/admins/card_serials/${card?.id}/repin`,
      {},
    );
    expect(repinned.status).toBe(200);
    expect(repinned.body.storage.pins.every((pin) => pin.status === 'queued')).toBe(true);
    const audit = await admin.get<{ items: { action: string }[] }>(
      `/api/v1/admins/audit_log?target_type=card&target_id=${card?.id}`,
    );
    expect(audit.body.items.map((item) => item.action)).toContain('card.repin');
    const plain = app.client();
    expect((await plain.post(`/api/v1/admins/card_serials/${card?.id}/repin`, {})).status).toBe(401);
  }, 30_000);

  test('bad requests are 400 or 404, never 500; a range of an image is 206', async () => {
    const [first] = issued.cards;
    const uri = await read('tokenURI', [BigInt(first?.tokenId ?? 0)]);
    const document = (await (await fetch(new URL(`/ipfs/${uri.slice('ipfs://'.length)}`, app.url))).json()) as {
      image: string;
    };
    const image = document.image.slice('ipfs://'.length);
    const ranged = await fetch(new URL(`/ipfs/${image}`, app.url), { headers: { Range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);
    for (const [path, status] of [
      ['/ipfs/not-a-cid', 400],
      [`/ipfs/${image}/inside`, 404],
      [`/ipfs/${uri.slice('ipfs://'.length).replace(/\/1$/, '/99')}`, 404],
      [`/ipfs/${image}?format=raw&dag-scope=all`, 200],
      ['/ipfs/bafkreiablk6x6xgfpiw5ss3vsdyevwaiijzzaxxdh3c45pvomitwvf7ymi', 404],
      ['/api/v1/collections/99999/archive.car', 404],
      ['/api/v1/collections/abc/archive.json', 404],
      [`/cards/1/${fixture.card.toLowerCase()}/${issued.designId}/99`, 404],
    ] as const) {
      const response = await fetch(new URL(path, app.url), { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, status]);
    }
  });
});
