/**
 * The catalogue API suites' shared app: the demo data plus a hidden card in a visible category and a
 * visible card in a hidden category, and small request helpers. `catalogueAppForFile()` starts the built
 * server on that data for the calling test file and stops it afterwards.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { seedDemo } from '../../src/dev/seed/demo.ts';
import type { CardSummary } from '../../src/features/catalogue/types.ts';
import { cards, categories, platformFees } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { type App, startApp } from '../helpers/api.ts';

export interface ListBody<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

const HIDDEN_CONTRACT = `0x${'ab'.repeat(20)}`;
export const MIO = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
/** Cards the demo seeds; one of them is hidden below. */
export const DEMO_CARDS = 120;
export const hidden = {
  cardId: 0,
  cardToken: { chainId: 0, contract: '', tokenId: '' },
  categoryId: 0,
  categoryCardId: 0,
};

/** The demo, plus a hidden card in a visible category and a visible card in a hidden category. */
async function seed(db: Database): Promise<void> {
  await seedDemo(db);
  const [first] = await db.select().from(cards).where(eq(cards.tokenId, '3')).orderBy(asc(cards.id)).limit(1);
  if (!first) throw new Error('the demo has no cards');
  await db.update(cards).set({ hidden: true }).where(eq(cards.id, first.id));
  hidden.cardId = first.id;
  hidden.cardToken = { chainId: first.chainId, contract: first.contractAddress, tokenId: first.tokenId };
  const [category] = await db
    .insert(categories)
    .values({ chainId: 1, contractAddress: HIDDEN_CONTRACT, name: '非公開コレクション', hidden: true })
    .returning();
  if (!category) throw new Error('no category');
  hidden.categoryId = category.id;
  const [card] = await db
    .insert(cards)
    .values({
      chainId: 1,
      contractAddress: HIDDEN_CONTRACT,
      tokenId: '1',
      ownerAddress: MIO,
      name: 'secret card',
      categoryId: category.id,
    })
    .returning();
  hidden.categoryCardId = card?.id ?? 0;
  await db.update(platformFees).set({ feeBps: 100 }).where(eq(platformFees.chainId, 56));
}

let app: App | undefined;

/** Starts the app before the file's tests and stops it after them. */
export function catalogueAppForFile(): void {
  beforeAll(async () => {
    app = await startApp({ seed });
  });
  afterAll(async () => {
    await app?.stop();
  });
}

/** A new client (its own cookie jar) of the file's app. */
export function client() {
  if (!app) throw new Error('catalogueAppForFile() was not called');
  return app.client();
}
export const get = <T>(path: string) => client().get<T>(path);
export const list = <T = CardSummary>(path: string) => get<ListBody<T>>(path);
export const ids = (body: ListBody<{ id: number }>) => body.items.map((item) => item.id);
export const wei = (value: string) => BigInt(value);
