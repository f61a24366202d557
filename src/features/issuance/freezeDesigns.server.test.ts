/**
 * The freeze job on a real anvil chain: a design published more than the window ago is frozen by the minter with
 * `PermanentURI` for each of its tokens, and recorded frozen; a design still inside its window is left alone.
 */
import { eq, sql } from 'drizzle-orm';
import { parseEventLogs } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { seedCatalogue, startTestMarket, type TestMarket } from '#tests/helpers/testMarket';
import { recordDesign, recordMintedTokens } from '~/features/media/mediaRecords.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { mediaDesigns } from '~/server/db/schema';
import { FREEZE_WINDOW_MS, freezeDueDesigns } from './freezeDesigns.server';
import { minterAccount } from './minter.server';

let fixture: TestMarket;
let database: TestDatabase;
const DIR = 'bafybeibu2gcf227udyjuz3lmh3vijqoz3inzjxpaxueyxs2fdosbmbvlxq';

beforeAll(async () => {
  [fixture, database] = await Promise.all([startTestMarket(), createTestDatabase()]);
  await seedCatalogue(database.db, fixture);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await fixture?.market.stop();
});

const isFrozen = (designId: bigint) =>
  fixture.market.publicClient.readContract({
    address: fixture.card,
    abi: cardAbi,
    functionName: 'isDesignURIFrozen',
    args: [designId],
  });

test('a design past its window is frozen by the minter, with PermanentURI per token; one inside it is not', async () => {
  const { db } = database;
  const { deployer, mined, publicClient } = fixture.market;
  const account = minterAccount({ CHAIN_ENV: 'local', MINTER_PRIVATE_KEY: undefined });
  if (!account) throw new Error('no minter');
  const key = { chainId: 1, contract: fixture.card, designId: 1n };
  await recordDesign(db, key, { metadataCid: DIR, imageCids: [], files: { '1': [DIR, DIR], '2': [DIR, DIR] } });
  await recordMintedTokens(db, key, [
    { tokenId: 1n, serial: 1 },
    { tokenId: 2n, serial: 2 },
  ]);
  await mined(
    await deployer.writeContract({
      address: fixture.card,
      abi: cardAbi,
      functionName: 'setDesignURI',
      args: [1n, `ipfs://${DIR}`],
    }),
  );
  await db.update(mediaDesigns).set({ uriOnChain: `ipfs://${DIR}` });

  // Inside the window: nothing happens, on chain or here.
  expect(await freezeDueDesigns(db, fixture.chain, account)).toBe(0);
  expect(await isFrozen(1n)).toBe(false);

  // Three days later (the chain's clock and ours).
  await publicClient.request({ method: 'evm_increaseTime' as never, params: [3 * 24 * 3600] as never });
  await publicClient.request({ method: 'evm_mine' as never, params: [] as never });
  await db.execute(sql`update media_designs set updated_at = now() - interval '4 days'`);
  const before = await publicClient.getBlockNumber();
  expect(await freezeDueDesigns(db, fixture.chain, account, new Date(Date.now() + FREEZE_WINDOW_MS))).toBe(1);
  const logs = await publicClient.getLogs({ address: fixture.card, fromBlock: before + 1n });
  const permanent = parseEventLogs({ abi: cardAbi, logs, eventName: 'PermanentURI' });
  expect(permanent.map((log) => [log.args._id, log.args._value])).toEqual([
    [1n, `ipfs://${DIR}/1`],
    [2n, `ipfs://${DIR}/2`],
  ]);
  const [row] = await db.select().from(mediaDesigns).where(eq(mediaDesigns.designId, '1'));
  expect(row?.frozenAt).toBeInstanceOf(Date);
  // Once frozen, a later pass has nothing to do.
  expect(await freezeDueDesigns(db, fixture.chain, account, new Date(Date.now() + FREEZE_WINDOW_MS))).toBe(0);
}, 60_000);
