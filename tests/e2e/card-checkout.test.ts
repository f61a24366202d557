/**
 * Paying by card in yen, in Chromium: Stripe's hosts are blocked and a stand-in for Stripe.js is put at the
 * script boundary (../helpers/fakeStripeJs.ts); everything else runs for real on a local chain. The demo
 * illustrator puts a design on sale; a collector signed in with a wallet pays for it, follows the receipt page
 * (it survives a reload) to "in your wallet", and the card is theirs on chain; a declined card says so. The
 * checkout's final confirmation states the order's terms, as the transaction act notice does.
 */
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { createPublicClient, erc721Abi, getAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS, DEMO_ILLUSTRATOR } from '../../src/dev/seed/accounts.ts';
import { getT } from '../../src/features/i18n/t.ts';
import { CHECKOUT_TERM_KEYS } from '../../src/features/payments/checkoutModel.ts';
import { postCardForm } from '../api/tradingApp.ts';
import { ApiClient, type App } from '../helpers/api.ts';
import { launchBrowser, newPage, type TestPage } from '../helpers/browser.ts';
import { type ChainApp, startChainApp } from '../helpers/chainApp.ts';
import { installFakeStripeJs } from '../helpers/fakeStripeJs.ts';
import { hydrated, signInIllustrator, signInWithWallet } from '../helpers/pageActions.ts';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripeStandIn.ts';
import { anvilKey } from '../helpers/testWallet.ts';

const WEBHOOK_SECRET = 'whsec_test_kirafuda';
let standIn: StripeStandIn;
let app: ChainApp;
let browser: Browser;
let drop: { id: number; priceJpy: number };
let illustrator: ApiClient;

/** The illustrator's available payable yen. */
/** The illustrator's yen booked from card payments: still on hold (chargebacks can come) plus available. */
async function yenAvailable(): Promise<number> {
  const answer = await illustrator.get<{
    balances: { currencyCode: number; available: string; clearing?: string }[];
  }>('/api/v1/dashboard/payouts');
  const yen = answer.body.balances.find((balance) => balance.currencyCode === 1);
  return Number(yen?.available ?? 0) + Number(yen?.clearing ?? 0);
}
const open: TestPage[] = [];

async function deliver(payload: string) {
  const response = await fetch(`${app.url}/api/v1/payments/stripe/webhook`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload, WEBHOOK_SECRET) },
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  [app, browser] = await Promise.all([
    startChainApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_kirafuda_secret',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_kirafuda',
        STRIPE_API_BASE: standIn.base,
        PURCHASE_MINT_POLL_MS: '100',
      },
    }),
    launchBrowser(),
  ]);
  illustrator = new ApiClient(app.url);
  expect((await illustrator.post('/api/v1/illustrator_session', DEMO_ILLUSTRATOR)).status).toBe(200);
  const collections = await illustrator.get<{
    items: { id: number; chainId: number; creator: { walletAddress: string } | null }[];
  }>('/api/v1/categories?chain_id=1&per_page=100');
  const own = collections.body.items.find((item) => item.creator?.walletAddress === ANVIL_ACCOUNTS[0].toLowerCase());
  if (!own) throw new Error('the demo illustrator has no Ethereum collection');
  const now = Date.now();
  const created = await postCardForm({ url: app.url } as App, illustrator, '/api/v1/dashboard/drops', {
    name: 'Sakura drop',
    description: 'Sold for yen',
    category_id: String(own.id),
    royalty_bps: '500',
    price_jpy: '1200',
    serials: '3',
    starts_at: new Date(now - 60_000).toISOString(),
    ends_at: new Date(now + 86_400_000).toISOString(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  drop = created.body.drop as { id: number; priceJpy: number };
}, 180_000);

afterAll(async () => {
  for (const page of open) await page.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
  await standIn?.stop();
});

async function buyerPage(index: number) {
  const opened = await newPage(browser, { locale: 'en-US' });
  open.push(opened);
  await opened.page.route(/^https:\/\/([^/]+\.)?stripe\.(com|network)\//, (route) => route.abort());
  await installFakeStripeJs(opened.page, async (intentId) => deliver(standIn.succeed(intentId)));
  await signInWithWallet(opened.page, app.url, { key: anvilKey(index), rpcUrl: app.rpcUrl, chainId: 1 });
  return opened.page;
}

describe('selling with a card', () => {
  test('the illustrator puts a design on sale for yen from the Issue NFT page; its collection shows it', async () => {
    const opened = await newPage(browser, { locale: 'en-US' });
    open.push(opened);
    const { page } = opened;
    await signInIllustrator(page, app.url, DEMO_ILLUSTRATOR.uid, DEMO_ILLUSTRATOR.password);
    await page.goto(`${app.url}/en/card_issue`);
    await hydrated(page, 'IssueCardForm');
    await page.getByLabel('Card name', { exact: true }).fill('Yozakura');
    const png = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#c36' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Card image', { exact: true })
      .setInputFiles({ name: 'yozakura.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Sell for yen by card, minting each serial to its buyer').check();
    await page.getByLabel('Price (yen)').fill('2500');
    await page.getByRole('button', { name: 'Issue cards' }).click();
    const link = page.getByRole('link', { name: 'See it on the collection' });
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    const sale = page.locator('[data-drop]', { hasText: 'Yozakura' });
    expect(await sale.textContent()).toContain('¥2,500');
    expect(await sale.getByRole('link', { name: 'Buy with card' }).getAttribute('href')).toMatch(
      /^\/en\/checkout\/\d+$/,
    );
    // Then connects the payment account their yen payouts go to: off to Stripe's onboarding.
    await page.route('https://connect.stripe.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Stripe onboarding</title>' }),
    );
    await page.goto(`${app.url}/en/dashboard/settings`);
    expect(await page.locator('[data-payment-account]').textContent()).toContain('Not connected');
    await hydrated(page, 'ConnectPaymentAccount');
    await Promise.all([
      page.waitForURL(/^https:\/\/connect\.stripe\.test\/setup\/acct_/),
      page.getByRole('button', { name: 'Connect payment account' }).click(),
    ]);
    await page.goto(`${app.url}/dashboard/settings`);
    expect(await page.locator('[data-payment-account]').textContent()).toContain('確認中');
  }, 90_000);
});

describe('the final confirmation (Act on Specified Commercial Transactions, art. 12-6)', () => {
  test.each([
    ['ja', ''],
    ['en', '/en'],
  ] as const)('the %s checkout shows the order terms, and /transaction-act says the same', async (locale, prefix) => {
    const t = getT(locale);
    const opened = await newPage(browser, { locale: locale === 'en' ? 'en-US' : 'ja-JP', javaScriptEnabled: false });
    open.push(opened);
    const { page } = opened;
    await page.goto(`${app.url}${prefix}/checkout/${drop.id}`);
    const terms = page.locator('[data-checkout-terms]');
    const shown = (await terms.textContent()) ?? '';
    for (const key of ['item', 'quantity', 'price', 'method', 'timing', 'delivery', 'cancel', 'period']) {
      expect(await terms.locator(`[data-term="${key}"]`).count(), key).toBe(1);
    }
    expect(shown).toContain('¥1,200');
    expect(shown).toContain(t('pay.terms.quantity'));
    for (const key of CHECKOUT_TERM_KEYS) expect(shown, key).toContain(t(`pay.terms.${key}`));
    await Promise.all([page.waitForURL(/\/transaction-act$/), terms.getByRole('link').click()]);
    const notice = (await page.locator('[data-legal-document]').textContent()) ?? '';
    for (const key of CHECKOUT_TERM_KEYS) expect(notice, key).toContain(t(`pay.terms.${key}`));
  });
});

describe('buying with a card', () => {
  test('the buyer pays ¥1,200 and the receipt follows the card to their wallet', async () => {
    const yenBefore = await yenAvailable();
    const page = await buyerPage(14);
    await page.goto(`${app.url}/en/checkout/${drop.id}`);
    expect(await page.locator('[data-price-jpy]').textContent()).toBe('¥1,200');
    await page.getByRole('button', { name: 'Pay ¥1,200' }).click();
    const form = page.getByRole('form', { name: 'Confirm payment' });
    await form.getByLabel('Card number').fill('4242424242424242');
    await Promise.all([
      page.waitForURL(/\/en\/purchases\/\d+$/, { timeout: 30_000 }),
      form.getByRole('button', { name: 'Confirm payment' }).click(),
    ]);
    await page.locator('[data-purchase-status="minted"]').waitFor({ timeout: 45_000 });
    expect(await page.locator('[data-purchase-status] [role=status]').textContent()).toBe(
      'The card is in your wallet.',
    );
    await page.reload();
    await page.locator('[data-purchase-status="minted"]').waitFor();
    const href = await page.getByRole('link', { name: 'View the card' }).getAttribute('href');
    const tokenId = BigInt(href?.split('/').pop() ?? '0');
    const [, , , chain, contract] = href?.split('/') ?? [];
    expect(chain).toBe('1');
    const owner = await createPublicClient({ transport: http(app.rpcUrl) }).readContract({
      address: getAddress(contract ?? ''),
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [tokenId],
    });
    expect(owner).toBe(privateKeyToAccount(anvilKey(14)).address);
    expect(await page.content()).not.toContain('sk_test_kirafuda_secret');
    const receipt = page.url();
    // The card's own page offers its design's remaining serials for yen too.
    await page.goto(`${app.url}${href}`);
    expect(
      await page.locator('[data-token-drop]').getByRole('link', { name: 'Buy with card' }).getAttribute('href'),
    ).toBe(`/en/checkout/${drop.id}`);
    // The illustrator's payable yen grew by ¥1,200 less the platform's 10 % and the provider's 3.6 %.
    expect((await yenAvailable()) - yenBefore).toBe(1037);

    await page.goto(receipt.replace('/en/purchases', '/purchases'));
    await page.locator('[data-purchase-status="minted"]').waitFor();
    expect(await page.locator('[data-purchase-status] [role=status]').textContent()).toBe(
      'カードがあなたのウォレットに届きました。',
    );
  }, 120_000);

  test('a declined card says so and charges nothing', async () => {
    const page = await buyerPage(15);
    await page.goto(`${app.url}/en/checkout/${drop.id}`);
    await page.getByRole('button', { name: 'Pay ¥1,200' }).click();
    const form = page.getByRole('form', { name: 'Confirm payment' });
    await form.getByLabel('Card number').fill('4000000000000002');
    await form.getByRole('button', { name: 'Confirm payment' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('Your card was declined.');
    expect(page.url()).toContain('/en/checkout/');
  }, 60_000);
});
