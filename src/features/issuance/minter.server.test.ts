/**
 * Issuing cards on a real anvil chain: the platform minter issues a design with the illustrator's royalty,
 * mints every serial to the illustrator's wallet, and the cards join the collection in the catalogue.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { exporter } from 'ipfs-unixfs-exporter';
import sharp from 'sharp';
import { erc721Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fileTestMarket } from '#tests/helpers/fileMarket';
import { seedCatalogue } from '#tests/helpers/testMarket';
import { testMetadataOptions } from '#tests/helpers/testMetadata';
import { rankQueuedCollections } from '~/features/market/rarity.server';
import { exporterStorage } from '~/features/media/blockStore';
import { databaseBlocks } from '~/features/media/databaseBlocks.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { cardRarity, cards, categories, illustrators, mediaDesigns, users } from '~/server/db/schema';
import { diskMediaStore } from '~/server/mediaStore.server';
import { loadSettings } from '~/server/settings/settings.server';
import { storeCardImage } from './cardImages.server';
import { readIssueForm } from './issueForm.server';
import { issueCards, minterAccount } from './minter.server';

const TIMEOUT = 30_000;
const { fixture, database } = fileTestMarket();
let illustratorId = 0;
let categoryId = 0;
let uploads = '';

const request = (overrides: Partial<Parameters<typeof issueCards>[2]> = {}) => ({
  name: '星の子',
  description: '最初のカード',
  serials: 3,
  categoryId,
  royaltyBps: 700,
  image: '/media/cards/test.webp',
  ...overrides,
});

beforeAll(async () => {
  ({ illustratorId } = await seedCatalogue(database.db, fixture));
  const [category] = await database.db.select().from(categories);
  categoryId = category?.id ?? 0;
  uploads = await mkdtemp(join(tmpdir(), 'kirafuda-uploads-'));
}, 60_000);

afterAll(async () => {
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

describe('issueCards', () => {
  test(
    'mints every serial to the illustrator with their royalty and adds the cards to the collection',
    async () => {
      const creator = fixture.creator.address;
      const result = await issueCards(
        database.db,
        { illustratorId, walletAddress: creator.toLowerCase() },
        request({ nameEn: 'Star child', traits: [{ type: 'Element', value: 'Fire' }] }),
        {
          chains: [fixture.chain],
          settings: loadSettings({ CHAIN_ENV: 'local' }),
          metadata: await testMetadataOptions(database.db),
        },
      );
      expect(result.cards).toEqual([
        { tokenId: '21', serial: 1 },
        { tokenId: '22', serial: 2 },
        { tokenId: '23', serial: 3 },
      ]);
      const { publicClient, contracts } = fixture.market;
      for (const { tokenId } of result.cards) {
        const owner = await publicClient.readContract({
          address: contracts.card,
          abi: erc721Abi,
          functionName: 'ownerOf',
          args: [BigInt(tokenId)],
        });
        expect(owner).toBe(creator);
      }
      const [, royalty] = await publicClient.readContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'royaltyInfo',
        args: [22n, 10_000n],
      });
      expect(royalty).toBe(700n);
      // Every serial reads its own document of the design's directory, published before the mint.
      const [design] = await database.db.select().from(mediaDesigns);
      const uri = await publicClient.readContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'tokenURI',
        args: [22n],
      });
      expect(uri).toBe(`ipfs://${design?.metadataCid}/2`);
      const entry = await exporter(`${design?.metadataCid}/2`, exporterStorage(databaseBlocks(database.db)));
      if (entry.type !== 'raw' && entry.type !== 'file') throw new Error(`not a file: ${entry.type}`);
      const chunks: Uint8Array[] = [];
      for await (const chunk of entry.content()) chunks.push(chunk);
      const document = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      expect(document).toMatchObject({
        name: '星の子',
        description: '最初のカード',
        image: `ipfs://${design?.imageCids[0]}`,
        external_url: `http://127.0.0.1:4321/cards/${fixture.chain.chainId}/${contracts.card.toLowerCase()}/${result.designId}/2`,
        cid_profile: 'unixfs-v1-2025',
        localization: { default: 'ja', locales: ['ja', 'en'], en: { name: 'Star child' } },
      });
      expect(document.attributes).toContainEqual({ trait_type: 'Element', value: 'Fire' });
      expect(document.attributes).toContainEqual({
        display_type: 'number',
        trait_type: 'Serial',
        value: 2,
        max_value: 3,
      });
      const contractUri = await publicClient.readContract({
        address: contracts.card,
        abi: cardAbi,
        functionName: 'contractURI',
      });
      expect(contractUri).toMatch(/^ipfs:\/\/bafk/);
      const rows = await database.db.select().from(cards).where(eq(cards.creatorId, illustratorId));
      expect(rows.map((row) => [row.tokenId, row.serial, row.name, row.ownerAddress, row.categoryId])).toEqual([
        ['21', 1, '星の子', creator.toLowerCase(), categoryId],
        ['22', 2, '星の子', creator.toLowerCase(), categoryId],
        ['23', 3, '星の子', creator.toLowerCase(), categoryId],
      ]);
      expect(rows[0]?.metadata).toMatchObject({ description: '最初のカード', image: '/media/cards/test.webp' });
      // Issuing queues the collection; the ranking job ranks all of it again (new cards move every card's rarity).
      const inCollection = await database.db
        .select({ id: cards.id })
        .from(cards)
        .where(eq(cards.categoryId, categoryId));
      const rankedNow = () => database.db.select().from(cardRarity).where(eq(cardRarity.categoryId, categoryId));
      expect((await rankedNow()).every((row) => row.of < inCollection.length)).toBe(true);
      expect(await rankQueuedCollections(database.db, 0)).toEqual({ ranked: [categoryId] });
      const ranked = await rankedNow();
      expect(ranked.map((row) => row.cardId).sort()).toEqual(inCollection.map((row) => row.id).sort());
      expect(ranked.every((row) => row.of === inCollection.length)).toBe(true);
    },
    TIMEOUT,
  );

  test(
    'refuses another illustrator’s collection (403) and an unknown one (404)',
    async () => {
      const [user] = await database.db
        .insert(users)
        .values({ walletAddress: `0x${'ab'.repeat(20)}` })
        .returning();
      const [other] = await database.db
        .insert(illustrators)
        .values({ uid: 'other', passwordHash: 'x', userId: user?.id ?? 0, name: 'Other' })
        .returning();
      const who = { illustratorId: other?.id ?? 0, walletAddress: `0x${'ab'.repeat(20)}` };
      const options = { chains: [fixture.chain], settings: loadSettings({ CHAIN_ENV: 'local' }) };
      await expect(issueCards(database.db, who, request(), options)).rejects.toMatchObject({ status: 403 });
      await expect(issueCards(database.db, who, request({ categoryId: 9_999 }), options)).rejects.toMatchObject({
        status: 404,
      });
    },
    TIMEOUT,
  );

  test(
    'without a minter key outside local chains, issuing is unavailable (503)',
    async () => {
      const production = loadSettings({ CHAIN_ENV: 'production' });
      expect(minterAccount(production)).toBeUndefined();
      const who = { illustratorId, walletAddress: fixture.creator.address };
      await expect(
        issueCards(database.db, who, request(), { chains: [fixture.chain], settings: production }),
      ).rejects.toMatchObject({ status: 503 });
    },
    TIMEOUT,
  );
});

describe('the issue form and image', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
  const form = async (fields: Record<string, string>, image?: Uint8Array) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    if (image) body.set('image', new Blob([new Uint8Array(image)]), 'card.png');
    return new Request('http://localhost/api/v1/card_issue', { method: 'POST', body });
  };
  const fields = { name: 'Card', description: '', serials: '10', category_id: '1', royalty_bps: '500' };

  test('reads the fields and the image', async () => {
    const read = await readIssueForm(await form(fields, await png()));
    expect(read).toMatchObject({ name: 'Card', serials: 10, category_id: 1, royalty_bps: 500 });
    expect(read.image.length).toBeGreaterThan(0);
  });

  test.each([
    ['101 serials', { serials: '101' }],
    ['0 serials', { serials: '0' }],
    ['a royalty above 10 %', { royalty_bps: '1001' }],
    ['an empty name', { name: ' ' }],
  ])('refuses %s with 422', async (_name, change) => {
    await expect(readIssueForm(await form({ ...fields, ...change }, await png()))).rejects.toMatchObject({
      status: 422,
    });
  });

  test('refuses a form without an image (422) and a body that is not multipart (415)', async () => {
    await expect(readIssueForm(await form(fields))).rejects.toMatchObject({ status: 422 });
    const json = new Request('http://localhost/', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await expect(readIssueForm(json)).rejects.toMatchObject({ status: 415 });
  });

  test('stores a card image as WebP under uploads/cards, and refuses a file that is not an image', async () => {
    const url = await storeCardImage(await png(), diskMediaStore(uploads));
    expect(url).toMatch(/^\/media\/cards\/[0-9a-f]{32}\.webp$/);
    expect(existsSync(join(uploads, url.replace('/media/', '')))).toBe(true);
    await expect(storeCardImage(new TextEncoder().encode('<svg/>'), diskMediaStore(uploads))).rejects.toMatchObject({
      status: 415,
    });
  });
});
