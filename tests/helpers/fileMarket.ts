/**
 * The chain fixtures a test file starts once for all its tests and stops after them: the test market with a
 * database of the file's own (started side by side, as they take seconds each), the same with its catalogue
 * seeded and indexed for the trading tests (and three funded bidders for the auction tests), or a sale fixture
 * alone.
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
 * The trading tests' market: the test market and database, the catalogue seeded, then the file's own `prepare`
 * (cards moved, wallets funded) if any, then the chain indexed. `sync` indexes it again; `options` are what the
 * trading calls take (this chain and the test settings).
 */
export function fileTradingMarket(prepare?: (fixture: TestMarket) => Promise<void>) {
  const { fixture, database } = fileTestMarket();
  const sync = () => syncTestChain(database.db, fixture);
  beforeAll(async () => {
    await seedCatalogue(database.db, fixture);
    await prepare?.(fixture);
    await sync();
  }, 60_000);
  const options = () => ({ chains: [fixture.chain], settings: TEST_SETTINGS });
  return { fixture, database, sync, options };
}

/**
 * The auction tests' market: the trading tests' market with three bidders (the buyer, anvil accounts 4 and 6)
 * each holding `funds` of wrapped ether approved to the conduit before the chain is indexed; `options` take `now`.
 */
export function fileAuctionMarket(funds: bigint) {
  const bidders: LocalWallet[] = [];
  const market = fileTradingMarket(async (fixture) => {
    bidders.push(fixture.market.buyer, walletOf(fixture, 4), walletOf(fixture, 6));
    for (const bidder of bidders) await fundOfferer(fixture, bidder, funds);
  });
  const options = (now = new Date()) => ({ ...market.options(), now });
  return { ...market, bidders, options };
}
