/**
 * Shared set-up of the API suites that trade on a real chain: anvil (chain id 1) with Seaport, the conduit and
 * a collection of 20 cards owned by the seller (see ../helpers/testMarket.ts), the built server
 * pointed at it through `CHAIN_OVERRIDES_JSON` with its indexer on, the catalogue seeded (the collection's
 * illustrator signs in with {@link CREATOR_PASSWORD}), and a client signed in with the seller's wallet.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { hashPassword } from '../../src/features/session/passwords.server.ts';
import type { SellCardInput } from '../../src/features/trading/orders/sellCardPayload.ts';
import { toOrderJson } from '../../src/features/trading/seaport/orderJson.ts';
import { cards, illustrators } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { API_KEY, type ApiClient, type App, startApp } from '../helpers/api.ts';
import { seedCatalogue, startTestMarket, TEST_FEE_RECIPIENT, type TestMarket } from '../helpers/testMarket.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';

/** The password of the collection's illustrator (`creator`). */
export const CREATOR_PASSWORD = 'creator-password-1';

/** A running trading app. */
export interface TradingApp {
  fixture: TestMarket;
  app: App;
  /** Signed in with the fixture's seller wallet. */
  seller: ApiClient;
  /** `/api/v1/cards/1/{collection}/{tokenId}`. */
  cardPath: (tokenId: bigint | string) => string;
  /** `/tokens/1/{collection}/{tokenId}` (the token page). */
  tokenPage: (tokenId: bigint | string) => string;
  stop: () => Promise<void>;
}

/** The sell-card payload as the browser sends it: bigints as decimal strings, `order` as JSON. */
export function payload(input: SellCardInput) {
  return {
    ...input,
    token_id: input.token_id.toString(),
    price: input.price.toString(),
    order: toOrderJson(input.order),
  };
}

/** The server's environment to trade on `fixture`'s chain, with its indexer polling every 100 ms. */
export function tradingServerEnv(fixture: TestMarket): Record<string, string> {
  return {
    CHAIN_OVERRIDES_JSON: JSON.stringify(fixture.overrides),
    PLATFORM_FEE_RECIPIENT: TEST_FEE_RECIPIENT,
    INDEXER: 'on',
    INDEXER_POLL_MS: '100',
  };
}

/** Options of {@link startTradingApp}. */
export interface TradingAppOptions {
  /** Token metadata of card `tokenId` (1..20); none by default. */
  metadata?: (tokenId: number) => Record<string, unknown>;
  /** More server environment (card payments, ...). */
  env?: Record<string, string>;
  /** More to seed (after the catalogue; the chain is up). */
  seed?: (db: Database, fixture: TestMarket) => Promise<void>;
  /** The PostgreSQL server to make the database on (default `DATABASE_URL`'s). */
  databaseUrl?: string;
}

/** Starts chain and server (see the module comment). */
export async function startTradingApp(options: TradingAppOptions = {}): Promise<TradingApp> {
  const fixture = await startTestMarket();
  let app: App | undefined;
  try {
    const passwordHash = await hashPassword(CREATOR_PASSWORD);
    app = await startApp({
      seed: async (db) => {
        await seedCatalogue(db, fixture);
        await db.update(illustrators).set({ passwordHash }).where(eq(illustrators.uid, 'creator'));
        await db.insert(cards).values(
          Array.from({ length: 20 }, (_, index) => ({
            chainId: 1,
            contractAddress: fixture.card.toLowerCase(),
            tokenId: String(index + 1),
            ownerAddress: fixture.market.seller.account.address.toLowerCase(),
            name: `Card ${index + 1}`,
            ...(options.metadata ? { metadata: options.metadata(index + 1) } : {}),
          })),
        );
        await options.seed?.(db, fixture);
      },
      env: { ...tradingServerEnv(fixture), ...options.env },
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    });
    const seller = app.client();
    const signedIn = await walletSignIn(seller, privateKeyToAccount(ANVIL_KEYS[1]));
    expect(signedIn.status).toBe(200);
    const collection = fixture.card.toLowerCase();
    const running = app;
    return {
      fixture,
      app: running,
      seller,
      cardPath: (tokenId) => `/api/v1/cards/1/${collection}/${tokenId}`,
      tokenPage: (tokenId) => `/tokens/1/${collection}/${tokenId}`,
      stop: async () => {
        await running.stop();
        await fixture.market.stop();
      },
    };
  } catch (error) {
    await app?.stop();
    await fixture.market.stop();
    throw error;
  }
}

export { eventually } from '../helpers/eventually.ts';

/** Issues cards as `client` (`POST /api/v1/card_issue`, multipart with a small PNG). */
export function issueCards(app: App, client: ApiClient, fields: Record<string, string>) {
  return postCardForm(app, client, '/api/v1/card_issue', fields);
}

/** Posts a multipart card form (the fields and a small PNG as `image`) to `path` as `client`. */
export async function postCardForm(app: App, client: ApiClient, path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'card.png');
  const response = await fetch(new URL(path, app.url), {
    method: 'POST',
    body: form,
    headers: {
      origin: app.url,
      'x-requested-with': 'XMLHttpRequest',
      'x-api-key': API_KEY,
      cookie: client.cookieHeader(),
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
