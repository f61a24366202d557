/**
 * A restart in the middle of a mint, on anvil with a real database: a purchase left `minting` by a stopped
 * process is finished exactly once, adopting the token when the stopped process's mint went through and
 * minting only when it did not.
 */
import { and, eq } from 'drizzle-orm';
import { getAddress, parseAbiItem } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cardPurchases, users } from '~/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db';
import { seedCatalogue, startTestMarket, type TestMarket } from '../../../tests/helpers/testMarket';
import { minterAccount, mintNextSerial } from '../issuance/minter.server';
import { createDrop, type DropView } from './drops.server';
import { mintPaidPurchases, STALE_MINTING_MS } from './mintPurchases.server';
import { stripeSettings } from '~/server/stripe.server';

const ENV = { CHAIN_ENV: 'local' };
const settings = stripeSettings({
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
});
let fixture: TestMarket;
let database: TestDatabase;
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
  [fixture, database] = await Promise.all([startTestMarket(), createTestDatabase()]);
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
      serials: 5,
      starts_at: new Date(now - 60_000),
      ends_at: new Date(now + 86_400_000),
    },
    '/media/cards/x.png',
    { chains: [fixture.chain], env: ENV },
  );
}, 60_000);

afterAll(async () => {
  await database?.close();
  await fixture?.market.stop();
});

describe('a mint left unfinished by a stopped process', () => {
  test('that went through on chain is adopted, not minted again', async () => {
    if (!settings) throw new Error('no settings');
    const buyer = fixture.market.buyer.account.address;
    const purchase = await leftMinting(1, buyer);
    const account = minterAccount(ENV);
    if (!account) throw new Error('no minter');
    const sent = await mintNextSerial(fixture.chain, account, {
      contract: fixture.card,
      designId: BigInt(drop.designId),
      to: buyer,
    });
    await mintPaidPurchases(database.db, { chains: [fixture.chain], settings, env: ENV });
    expect(await statusOf(purchase.id)).toMatchObject({ status: 'minted', tokenId: sent.tokenId.toString() });
    expect(await mintsTo(buyer)).toHaveLength(1);
  }, 60_000);

  test('that never reached the chain is minted, once', async () => {
    if (!settings) throw new Error('no settings');
    const buyer = fixture.market.seller.account.address;
    const purchase = await leftMinting(2, buyer);
    await mintPaidPurchases(database.db, { chains: [fixture.chain], settings, env: ENV });
    await mintPaidPurchases(database.db, { chains: [fixture.chain], settings, env: ENV });
    expect((await statusOf(purchase.id))?.status).toBe('minted');
    expect(await mintsTo(buyer)).toHaveLength(1);
  }, 60_000);
});
