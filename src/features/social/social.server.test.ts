import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { listCards } from '~/features/catalogue/cards/cards.server.ts';
import { listUserItems, userItemsQuerySchema } from '~/features/profiles/profiles.server.ts';
import {
  favoriteState,
  findCard,
  findCollection,
  findCreator,
  followersOf,
  listFollowing,
  setCollectionFollow,
  setCreatorFollow,
  setFavorite,
} from './social.server.ts';

const database = fileTestDatabase();
let fan: { id: number; wallet: string };
let other: { id: number; wallet: string };
let card: { id: number; chainId: number; contractAddress: string; tokenId: string };
let creator: { id: number; wallet: string };
let collectionId: number;

beforeAll(async () => {
  await seedDemo(database.db);
  const { rows: people } = await database.db.execute<{ id: unknown; wallet_address: string }>(
    sql`select id, wallet_address from users where role = 'user' and not suspended order by id limit 2`,
  );
  fan = { id: Number(people[0]?.id), wallet: String(people[0]?.wallet_address) };
  other = { id: Number(people[1]?.id), wallet: String(people[1]?.wallet_address) };
  const { rows: cardRows } = await database.db.execute<{
    id: unknown;
    chain_id: number;
    contract_address: string;
    token_id: string;
    category_id: unknown;
  }>(sql`select id, chain_id, contract_address, token_id::text, category_id from cards
    where not hidden and category_id is not null and creator_id is not null order by id limit 1`);
  const row = cardRows[0];
  card = {
    id: Number(row?.id),
    chainId: Number(row?.chain_id),
    contractAddress: String(row?.contract_address),
    tokenId: String(row?.token_id),
  };
  collectionId = Number(row?.category_id);
  const { rows: creators } = await database.db.execute<{ id: unknown; wallet_address: string }>(
    sql`select i.id, u.wallet_address from illustrators i join users u on u.id = i.user_id where not u.suspended order by i.id limit 1`,
  );
  creator = { id: Number(creators[0]?.id), wallet: String(creators[0]?.wallet_address) };
}, 60_000);

describe('favourites', () => {
  it('counts each user once however often they press the heart, and lists the card on their favourites tab', async () => {
    const found = await findCard(database.db, {
      chainId: card.chainId,
      contract: card.contractAddress.toUpperCase().replace('0X', '0x'),
      tokenId: card.tokenId,
    });
    expect(found.id).toBe(card.id);
    expect(await setFavorite(database.db, fan.id, card.id, true)).toEqual({ active: true, count: 1, alertBelow: null });
    expect(await setFavorite(database.db, fan.id, card.id, true)).toEqual({ active: true, count: 1, alertBelow: null });
    expect(await setFavorite(database.db, other.id, card.id, true)).toEqual({
      active: true,
      count: 2,
      alertBelow: null,
    });
    expect(await favoriteState(database.db, fan.id, card.id)).toEqual({ active: true, count: 2, alertBelow: null });
    expect(await favoriteState(database.db, null, card.id)).toEqual({ active: false, count: 2, alertBelow: null });

    const tab = await listUserItems(database.db, fan.wallet, userItemsQuerySchema.parse({ tab: 'favorites' }));
    expect(tab.items.map((item) => item.id)).toEqual([card.id]);
    const byFilter = await listCards(database.db, {
      page: 1,
      perPage: 24,
      sort: 'newest',
      status: 'all',
      favoritedBy: other.wallet,
    });
    expect(byFilter.total).toBe(1);

    expect(await setFavorite(database.db, fan.id, card.id, false)).toEqual({
      active: false,
      count: 1,
      alertBelow: null,
    });
    expect(await setFavorite(database.db, fan.id, card.id, false)).toEqual({
      active: false,
      count: 1,
      alertBelow: null,
    });
    const after = await listUserItems(database.db, fan.wallet, userItemsQuerySchema.parse({ tab: 'favorites' }));
    expect(after.items).toEqual([]);
  });

  it('answers 404 for a card that does not exist or is hidden', async () => {
    await expect(
      findCard(database.db, { chainId: card.chainId, contract: card.contractAddress, tokenId: '999999999999' }),
    ).rejects.toMatchObject({ status: 404 });
    await database.db.execute(sql`update cards set hidden = true where id = ${card.id}`);
    await expect(
      findCard(database.db, { chainId: card.chainId, contract: card.contractAddress, tokenId: card.tokenId }),
    ).rejects.toMatchObject({ status: 404 });
    await database.db.execute(sql`update cards set hidden = false where id = ${card.id}`);
  });
});

describe('follows', () => {
  it('follows a creator and a collection once each, lists them on the user page, and names the followers', async () => {
    expect((await findCreator(database.db, creator.wallet.toUpperCase().replace('0X', '0x'))).id).toBe(creator.id);
    expect((await findCollection(database.db, collectionId)).id).toBe(collectionId);
    expect(await setCreatorFollow(database.db, fan.id, creator.id, true)).toEqual({ active: true, count: 1 });
    expect(await setCreatorFollow(database.db, fan.id, creator.id, true)).toEqual({ active: true, count: 1 });
    expect(await setCollectionFollow(database.db, fan.id, collectionId, true)).toEqual({ active: true, count: 1 });
    expect(await setCollectionFollow(database.db, other.id, collectionId, true)).toEqual({ active: true, count: 2 });

    const following = await listFollowing(database.db, fan.wallet);
    expect(following.map((item) => [item.kind, item.id])).toEqual(
      expect.arrayContaining([
        ['creator', creator.id],
        ['collection', collectionId],
      ]),
    );
    expect(following.find((item) => item.kind === 'creator')?.walletAddress).toBe(creator.wallet);
    expect((await followersOf(database.db, creator.id, collectionId)).sort()).toEqual([fan.id, other.id].sort());
    expect(await followersOf(database.db, creator.id, null)).toEqual([fan.id]);

    expect(await setCreatorFollow(database.db, fan.id, creator.id, false)).toEqual({ active: false, count: 0 });
    expect((await listFollowing(database.db, fan.wallet)).map((item) => item.kind)).toEqual(['collection']);
  });

  it('answers 404 for a wallet that is no creator', async () => {
    await expect(findCreator(database.db, fan.wallet)).rejects.toMatchObject({ status: 404 });
  });
});
