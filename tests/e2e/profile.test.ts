/**
 * Profiles on the seeded demo data: a wallet's items (owned | listed) and a creator's profile show the
 * same cards and figures the API gives, in both languages, without JavaScript; a wallet user edits
 * their name and icon and the header shows them after the reload; axe finds nothing serious.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { anvilAddress } from '../../src/dev/seed/accounts.ts';
import { DEMO_COLLECTORS, DEMO_CREATORS } from '../../src/dev/seed/demoPeople.ts';
import type { CreatorDetail } from '../../src/features/catalogue/types.ts';
import type { UserItems } from '../../src/features/profiles/profiles.server.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';
import { hydrated } from '../helpers/pageActions.ts';
import { installTestWallet } from '../helpers/testWallet.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const collector = DEMO_COLLECTORS.find((person) => person.profileName === 'NightOwl');
const collectorWallet = anvilAddress(collector?.account ?? 12);

async function html(path: string): Promise<string> {
  const response = await fetch(pageUrl(path));
  expect(response.status, path).toBe(200);
  return response.text();
}

async function api<T>(path: string): Promise<T> {
  return (await fetch(pageUrl(path))).json() as Promise<T>;
}

/** Text of the `<main>` element, tags removed and entities decoded, for plain-HTML checks. */
function mainText(page: string): string {
  const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
  return main
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('a wallet’s items', () => {
  test('the owned tab lists the cards the API lists for the wallet, in Japanese and English', async () => {
    const items = await api<UserItems>(`/api/v1/users/${collectorWallet}/items?per_page=24`);
    expect(items.total).toBeGreaterThan(0);
    const ja = await html(`/user/${collectorWallet}`);
    const en = await html(`/en/user/${collectorWallet}`);
    expect(ja).toContain('<title>NightOwl さんのアイテム | Kirafuda</title>');
    expect(en).toContain('<title>Items of NightOwl | Kirafuda</title>');
    expect(en).toContain('<meta name="description" content="The digital trading cards (NFTs) NightOwl owns');
    expect(mainText(ja)).toContain(`${items.total}件`);
    expect(mainText(en)).toContain(`Items: ${items.total}`);
    // Each page names the cards in its language.
    for (const card of items.items) expect(mainText(en)).toContain(card.nameEn ?? card.name);
    for (const card of items.items) expect(mainText(ja)).toContain(card.name);
    expect(en.match(/data-card-id="/g)?.length).toBe(items.items.length);
  });

  test('the listed tab shows only the cards with an active listing, each with its price', async () => {
    const listed = await api<UserItems>(`/api/v1/users/${collectorWallet}/items?tab=listed`);
    const page = await html(`/en/user/${collectorWallet}?tab=listed`);
    expect(page).toMatch(/aria-current="page"[^>]*>Listed|>Listed</);
    expect(page.match(/data-card-id="/g)?.length ?? 0).toBe(listed.items.length);
    expect(listed.items.every((card) => card.listing !== null)).toBe(true);
    expect(page.match(/data-price="/g)?.length ?? 0).toBe(listed.items.length);
  });

  test('/user without an address asks a visitor who is not signed in to connect', async () => {
    const page = await html('/en/user');
    expect(mainText(page)).toContain('Connect your wallet to see the cards you own');
    expect(page).toContain('data-open-connect');
  });
});

describe('a creator’s profile', () => {
  test('shows the illustrator’s names, figures, collections and latest cards in both languages', async () => {
    const creator = DEMO_CREATORS[0];
    const detail = await api<CreatorDetail>(`/api/v1/creators/${anvilAddress(creator?.account ?? 0)}`);
    const ja = mainText(await html(`/profile-creators/${detail.id}`));
    const en = mainText(await html(`/en/profile-creators/${detail.id}`));
    expect(ja).toContain(`${detail.name} Mio Sakurai`);
    expect(en).toContain(`Mio Sakurai ${detail.name}`);
    for (const category of detail.categories) expect(en).toContain(category.nameEn ?? category.name);
    expect(en).toContain(`Cards ${detail.cardCount}`);
    expect(en).toContain('Latest cards');
    expect((await fetch(pageUrl('/profile-creators/99999'))).status).toBe(404);
  });
});

async function signInWithWallet(page: Page) {
  const wallet = await installTestWallet(page, { key: generatePrivateKey() });
  await page.goto(pageUrl('/en'));
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect.poll(() => dialog.getByText('Test Wallet').isVisible()).toBe(true);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Connect' }).click()]);
  return wallet;
}

describe('editing the profile', () => {
  test('a wallet user saves a name and an icon; after the reload the header shows both', async () => {
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 900 });
    const wallet = await signInWithWallet(page);
    await page.goto(pageUrl('/en/profiles/edit'));
    expect(await page.locator('main').getAttribute('data-layout')).toBe('userProfile');
    await hydrated(page, 'ProfileEditForm');

    const icon = page.getByLabel('Icon', { exact: true });
    await icon.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Choose a PNG, JPEG, WebP or GIF image.');

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff66aa' } })
      .png()
      .toBuffer();
    await icon.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.locator('img[data-icon-preview]').getAttribute('data-icon-preview')).toBe('new');
    await page.getByLabel('Profile name').fill('Sakura Tester');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save' }).click()]);

    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your profile has been saved.');
    const account = page.getByRole('button', { name: 'Account menu' });
    expect(await account.textContent()).toContain('Sakura Tester');
    const src = (await account.locator('img').getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/media\/icons\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(pageUrl(src));
    expect(served.headers.get('content-type')).toBe('image/webp');

    await page.goto(pageUrl('/en/profile'));
    expect(await page.locator('[data-profile-name]').textContent()).toBe('Sakura Tester');
    expect(await page.locator('[data-profile-summary]').textContent()).toContain(
      wallet.account.address.toLowerCase().slice(0, 7),
    );
    await page.goto(pageUrl('/en/user'));
    expect(new URL(page.url()).pathname).toBe(`/en/user/${wallet.account.address.toLowerCase()}`);
    // The page is the same for everyone; the browser puts in the owner's heading once it knows who is looking.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My items');
    expect(consoleErrors).toEqual([]);

    await page.goto(pageUrl('/en/profiles/edit'));
    await expectNoSeriousA11yViolations(page);
    await close();
  });
});

describe('accessibility', () => {
  test('axe: no serious violation on a user page', async () => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.goto(pageUrl(`/user/${collectorWallet}`));
    await expectNoSeriousA11yViolations(page);
    await close();
  });
});

describe('a favourite', () => {
  test('a wallet user favours a card on its page and sets a price alert, kept after a reload', async () => {
    const { items } = (await (await fetch(pageUrl('/api/v1/cards?chain_id=1&per_page=1'))).json()) as {
      items: { chainId: number; contractAddress: string; tokenId: string }[];
    };
    const [card] = items;
    if (!card) throw new Error('the demo has no Ethereum card');
    const path = `/en/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`;
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await signInWithWallet(page);
    await page.goto(pageUrl(path));
    const heart = page.getByRole('button', { name: 'Favourite' });
    await expect.poll(() => heart.isVisible(), { timeout: 10_000 }).toBe(true);
    const count = async () => Number((await page.locator('[data-social-count]').textContent())?.match(/\d+/)?.[0]);
    const before = await count();
    await heart.click();
    await expect.poll(() => page.getByRole('button', { name: 'Favourited' }).getAttribute('aria-pressed')).toBe('true');
    expect(await count()).toBe(before + 1);

    const alert = page.getByLabel('Tell me when it is listed at or below');
    await alert.fill('0');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Enter a price above 0');
    await alert.fill('0.05');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await expect
      .poll(() => page.locator('[data-price-alert] [role="status"]').textContent())
      .toBe('Alert set at 0.05 ETH.');
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Tell me when it is listed at or below').inputValue(), { timeout: 10_000 })
      .toBe('0.05');
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
    await close();
  });
  test("a card tile's heart: a sign-in link for a visitor, a toggle for a signed-in user, kept after a reload", async () => {
    const anonymous = await html('/en/market');
    expect(anonymous).toMatch(/<kf-heart[^>]*data-card="\d+:0x[0-9a-f]{40}:\d+"[\s\S]*?href="\/en\/connect-wallet"/);
    const { page, consoleErrors, close } = await newPage(browser, { locale: 'en-US' });
    await signInWithWallet(page);
    await page.goto(pageUrl('/en/market'));
    const tile = page.locator('article[data-card-id]').nth(1);
    const name = (await tile.locator('[data-card-name]').textContent())?.trim() ?? '';
    const key = (await tile.locator('kf-heart').getAttribute('data-card')) ?? '';
    const heart = tile.getByRole('button', { name: `Favourite “${name}”` });
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');
    const counted = async () => (await api<{ count: number }>(`/api/v1/favorites/${key.split(':').join('/')}`)).count;
    const before = await counted();
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await counted()).toBe(before + 1);
    await page.reload();
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await heart.press('Enter');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await counted()).toBe(before);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
