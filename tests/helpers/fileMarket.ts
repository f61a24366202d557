/**
 * The chain fixtures a test file starts once for all its tests and stops after them: the test market with a
 * database of the file's own (started side by side, as they take seconds each), the same with its catalogue and
 * three funded bidders for the auction tests, or a sale fixture alone.
 *
 * @see ./fileFixture.ts, ./testMarket.ts, ./saleFixture.ts
 */
import { beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { fileFixture, liveView } from './fileFixture.ts';
import type { LocalWallet } from './localMarket.ts';
import { type SaleFixture, startSaleFixture } from './saleFixture.ts';
import { walletOf } from './testAuctions.ts';
import { seedCatalogue, startTestMarket, syncTestChain, TEST_SETTINGS, type TestMarket } from './testMarket.ts';
import { fundOfferer } from './testOffers.ts';

/** The test market and the file's database; read them inside tests and hooks. */
export function fileTestMarket(): { fixture: TestMarket; database: TestDatabase } {
  const both = fileFixture(
    async () => {
      const [fixture, database] = await Promise.all([startTestMarket(), createTestDatabase()]);
      return { fixture, database };
    },
    async ({ fixture, database }) => {
      await database.close();
      await fixture.market.stop();
    },
  );
  return { fixture: liveView(() => both.fixture), database: liveView(() => both.database) };
}

/** A sale fixture on `chainId` (default 31337) for the file. */
export function fileSaleFixture(chainId?: number): SaleFixture {
  return fileFixture(
    () => startSaleFixture(chainId),
    (fixture) => fixture.market.stop(),
    30_000,
  );
}

/**
 * The auction tests' market: the test market and database, the catalogue seeded, three bidders (the buyer,
 * anvil accounts 4 and 6) each holding `funds` of wrapped ether approved to the conduit, the chain indexed.
 * `sync` indexes it again; `options` are what the trading calls take (this chain, the test settings, `now`).
 */
export function fileAuctionMarket(funds: bigint) {
  const { fixture, database } = fileTestMarket();
  const bidders: LocalWallet[] = [];
  const sync = () => syncTestChain(database.db, fixture);
  beforeAll(async () => {
    await seedCatalogue(database.db, fixture);
    bidders.push(fixture.market.buyer, walletOf(fixture, 4), walletOf(fixture, 6));
    for (const bidder of bidders) await fundOfferer(fixture, bidder, funds);
    await sync();
  }, 60_000);
  const options = (now = new Date()) => ({ chains: [fixture.chain], settings: TEST_SETTINGS, now });
  return { fixture, database, bidders, sync, options };
}
