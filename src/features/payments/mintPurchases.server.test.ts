/**
 * A restart in the middle of a mint, on anvil with a real database: a purchase left `minting` by a stopped
 * process is finished exactly once from the mint stored with it (sent again, or found mined), never by taking
 * another mint to the same buyer; a mint whose nonce was taken is signed anew; the minter's gas is bounded.
 */
import { and, eq } from 'drizzle-orm';
import { getAddress, parseAbiItem } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileTestMarket } from '#tests/helpers/fileMarket';
import { seedCatalogue } from '#tests/helpers/testMarket';
import { testMetadataOptions } from '#tests/helpers/testMetadata';
import { minterAccount, mintNextSerial } from '~/features/issuance/minter.server';
import { MINT_GAS_LIMIT, signSerialMint } from '~/features/issuance/serialMint.server';
import { cardPurchases, notifications, users } from '~/server/db/schema';
import { loadSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';
import { createDrop, type DropView } from './drops.server';
import { mintPaidPurchases, STALE_MINTING_MS } from './mintPurchases.server';

const LOCAL_SETTINGS = loadSettings({ CHAIN_ENV: 'local' });
const settings = stripeSettings(
  loadSettings({
    STRIPE_SECRET_KEY: 'sk_test_unused',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  }),
);
const { fixture, database } = fileTestMarket();
let drop: DropView;
let buyerId: number;

const serialMinted = parseAbiItem(
  'event SerialMinted(uint256 indexed tokenId, uint256 indexed designId, uint64 serial, address indexed to)',
);
const mintsTo = async (to: string) =>
  fixture.market.publicClient.getLogs({
    address: fixture.card,
    event: serialMinted,
    args: { designId: BigInt(drop.designId), to: getAddress(to) },
    fromBlock: 0n,
  });

/** A purchase a stopped process left `minting` five minutes ago. */
async function leftMinting(slot: number, buyer: string) {
  const [row] = await database.db
    .insert(cardPurchases)
    .values({
      dropId: drop.id,
      userId: buyerId,
      buyerAddress: buyer.toLowerCase(),
      amountJpy: drop.priceJpy,
      slot,
      paymentIntentId: `pi_restart_${slot}`,
      status: 'minting',
      mintAttempts: 1,
      updatedAt: new Date(Date.now() - STALE_MINTING_MS - 60_000),
    })
    .returning();
  if (!row) throw new Error('no purchase');
  return row;
}

const statusOf = async (id: number) =>
  (await database.db.select().from(cardPurchases).where(eq(cardPurchases.id, id)))[0];

beforeAll(async () => {
  const { illustratorId } = await seedCatalogue(database.db, fixture);
  const [buyer] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.walletAddress, fixture.market.buyer.account.address.toLowerCase())));
  buyerId = buyer?.id ?? 0;
  const now = Date.now();
  drop = await createDrop(
    database.db,
    { illustratorId, walletAddress: fixture.creator.address },
    {
      name: 'Restart drop',
      description: '',
      category_id: 1,
      royalty_bps: 500,
      price_jpy: 1000,
      serials: 10,
      starts_at: new Date(now - 60_000),
      ends_at: new Date(now + 86_400_000),
    },
    '/media/cards/x.png',
    { chains: [fixture.chain], settings: LOCAL_SETTINGS, metadata: await testMetadataOptions(database.db) },
  );
}, 60_000);

/** Stores a signed mint with the purchase, as the minter does before it sends it. */
async function storeSigned(purchaseId: number, to: string) {
  const account = minterAccount(LOCAL_SETTINGS);
  if (!account) throw new Error('no minter');
  const mint = await signSerialMint(fixture.chain, account, {
    contract: fixture.card,
    designId: BigInt(drop.designId),
    to: getAddress(to),
  });
  await database.db
    .update(cardPurchases)
    .set({ mintRawTx: mint.raw, mintTxHash: mint.hash, updatedAt: new Date(Date.now() - STALE_MINTING_MS - 60_000) })
    .where(eq(cardPurchases.id, purchaseId));
  return mint;
}

const pass = () => {
  if (!settings) throw new Error('no settings');
  return mintPaidPurchases(database.db, { chains: [fixture.chain], settings, minterSettings: LOCAL_SETTINGS });
};

describe('a mint left unfinished by a stopped process', () => {
  test('stored but never sent: the next pass sends the same transaction, and the card is minted once', async () => {
    const buyer = fixture.market.buyer.account.address;
    const purchase = await leftMinting(1, buyer);
    const mint = await storeSigned(purchase.id, buyer);
    await pass();
    await pass();
    const done = await statusOf(purchase.id);
    expect(done).toMatchObject({ status: 'minted', mintTxHash: mint.hash });
    const mints = await mintsTo(buyer);
    expect(mints).toHaveLength(1);
    expect(mints[0]?.transactionHash).toBe(mint.hash);
    expect(done?.tokenId).toBe(mints[0]?.args.tokenId?.toString());
    // The minter paid a bounded amount of gas: its transaction carries the fixed limit.
    const sent = await fixture.market.publicClient.getTransaction({ hash: mint.hash });
    expect(sent.gas).toBe(MINT_GAS_LIMIT);
    // The buyer hears once that the card is in their wallet, with the way to its page.
    const told = await database.db
      .select({ kind: notifications.kind, userId: notifications.userId, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.eventKey, `purchase:${purchase.id}`));
    expect(told).toEqual([
      {
        kind: 'purchase_minted',
        userId: buyerId,
        params: expect.objectContaining({ purchaseId: purchase.id, tokenId: done?.tokenId }),
      },
    ]);
  }, 60_000);

  test('sent and mined before the process stopped: the next pass records it and mints nothing more', async () => {
    const buyer = fixture.market.seller.account.address;
    const purchase = await leftMinting(2, buyer);
    const mint = await storeSigned(purchase.id, buyer);
    await fixture.market.publicClient.sendRawTransaction({ serializedTransaction: mint.raw });
    await fixture.market.publicClient.waitForTransactionReceipt({ hash: mint.hash });
    await pass();
    expect(await statusOf(purchase.id)).toMatchObject({ status: 'minted', mintTxHash: mint.hash });
    expect(await mintsTo(buyer)).toHaveLength(1);
  }, 60_000);

  test("another mint to the same buyer is never taken for a purchase's own, and two purchases never share a token", async () => {
    const buyer = fixture.creator.address;
    const account = minterAccount(LOCAL_SETTINGS);
    if (!account) throw new Error('no minter');
    // A mint to the buyer that belongs to no purchase (the old minter adopted any such token, for each purchase).
    const stray = await mintNextSerial(fixture.chain, account, {
      contract: fixture.card,
      designId: BigInt(drop.designId),
      to: buyer,
    });
    const first = await leftMinting(3, buyer);
    const second = await leftMinting(4, buyer);
    await Promise.all([pass(), pass()]);
    const [a, b] = [await statusOf(first.id), await statusOf(second.id)];
    expect(a?.status).toBe('minted');
    expect(b?.status).toBe('minted');
    expect(new Set([a?.tokenId, b?.tokenId, stray.tokenId.toString()]).size).toBe(3);
    expect(await mintsTo(buyer)).toHaveLength(3);
  }, 90_000);

  test('a stored mint whose nonce another transaction took is signed anew, and minted once', async () => {
    const buyer = fixture.market.deployer.account.address;
    const purchase = await leftMinting(5, buyer);
    const lost = await storeSigned(purchase.id, buyer);
    const account = minterAccount(LOCAL_SETTINGS);
    if (!account) throw new Error('no minter');
    // The minter's key sends something else with that nonce first.
    await mintNextSerial(fixture.chain, account, {
      contract: fixture.card,
      designId: BigInt(drop.designId),
      to: fixture.market.buyer.account.address,
    });
    await pass();
    const done = await statusOf(purchase.id);
    expect(done?.status).toBe('minted');
    expect(done?.mintTxHash).not.toBe(lost.hash);
    expect(await mintsTo(buyer)).toHaveLength(1);
  }, 60_000);
});
