/**
 * Trading on a real local chain, as people do it in Chromium with the injected test wallet: a collector
 * lists a card (conduit approval, typed-data signature, the site stores the order), a second collector
 * buys it (Seaport fulfilment with the 5 gwei gas floor, progress, the new owner), the creator's royalty
 * shows in their dashboard, and the new owner cancels on Kirafuda for free, then on chain; an illustrator issues a card
 * (minted by the platform minter) and finds it on their creator page. axe checks the sell form and the
 * Issue NFT form.
 *
 * This file runs its own server on an anvil chain with the demo catalogue minted (tests/helpers/chainApp.ts).
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { type Address, createPublicClient, erc20Abi, erc721Abi, getAddress, http, parseEther } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANVIL_ACCOUNTS, DEMO_ILLUSTRATOR } from '../../src/dev/seed/accounts.ts';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi.ts';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi.ts';
import { expectNoSeriousA11yViolations, launchBrowser, newPage, type TestPage } from '../helpers/browser.ts';
import { type ChainApp, startChainApp } from '../helpers/chainApp.ts';
import { hydrated, signInIllustrator, signInWithWallet } from '../helpers/pageActions.ts';
import { anvilKey } from '../helpers/testWallet.ts';

interface CardItem {
  chainId: number;
  contractAddress: string;
  tokenId: string;
  owner: string;
  name: string;
  nameEn: string | null;
  creator: { walletAddress: string } | null;
  listing: { orderHash: string; price: string; currencyCode: number; exchange: string } | null;
}
type RevenueTotals = { totals: { chainId: number; currency: string; royaltySales: number; royalty: string }[] };

const FIVE_GWEI = 5_000_000_000n;
let app: ChainApp;
let browser: Browser;
let card: CardItem;
let sellerIndex: number;
let buyerIndex: number;
const open: TestPage[] = [];

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const record = () => get<CardItem>(`/api/v1/cards/1/${card.contractAddress}/${card.tokenId}`);
const tokenPath = (item: CardItem = card) => `/en/tokens/1/${item.contractAddress}/${item.tokenId}`;
/** Opens `item`'s token page, its trading island hydrated. */
const openToken = (page: Page, item: CardItem) =>
  page.goto(`${app.url}${tokenPath(item)}`).then(() => hydrated(page, 'TradeActions'));
const chainReader = () => createPublicClient({ transport: http(app.rpcUrl) });
const indexOf = (address: string) => ANVIL_ACCOUNTS.findIndex((a) => a.toLowerCase() === address.toLowerCase());

async function walletPage(index: number, chainId = 1) {
  const opened = await newPage(browser, { locale: 'en-US' });
  open.push(opened);
  await opened.page.setViewportSize({ width: 1280, height: 900 });
  const wallet = await signInWithWallet(opened.page, app.url, { key: anvilKey(index), rpcUrl: app.rpcUrl, chainId });
  return { ...opened, wallet };
}

/** Fills the sell form on the token page and waits for the user's page the flow ends on. */
async function list(page: Page, wallet: Address, price: string) {
  await openToken(page, card);
  await page.getByRole('button', { name: 'Sell this card' }).click();
  await expectNoSeriousA11yViolations(page);
  const form = page.getByRole('form', { name: 'Sell this card' });
  await form.getByLabel('Price').fill(price);
  await form.getByLabel('Currency').selectOption({ label: 'ETH' });
  await form.getByLabel('Listing period (days)').fill('7');
  await Promise.all([
    page.waitForURL(`${app.url}/en/user/${wallet.toLowerCase()}`, { timeout: 45_000 }),
    form.getByRole('button', { name: 'List for sale' }).click(),
  ]);
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startChainApp(), launchBrowser()]);
  // An Ethereum card of the demo illustrator's, held by a collector, not listed.
  const { items } = await get<{ items: CardItem[] }>(
    `/api/v1/cards?chain_id=1&creator=${ANVIL_ACCOUNTS[0].toLowerCase()}&per_page=100`,
  );
  const found = items.find((item) => item.listing === null && indexOf(item.owner) >= 8);
  if (!found) throw new Error('the demo catalogue has no unlisted Ethereum card of the demo illustrator');
  card = found;
  sellerIndex = indexOf(card.owner);
  buyerIndex = sellerIndex === 19 ? 18 : 19;
}, 120_000);

afterAll(async () => {
  for (const page of open) await page.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});

describe('selling and buying on chain', () => {
  test('the owner lists the card: approval and order signed in the wallet, the listing shows', async () => {
    const seller = await walletPage(sellerIndex);
    await list(seller.page, seller.wallet.account.address, '0.05');
    expect(seller.wallet.calls).toContain('eth_signTypedData_v4');

    const listed = await record();
    expect(listed.listing?.price).toBe(parseEther('0.05').toString());
    const approved = await chainReader().readContract({
      address: getAddress(card.contractAddress),
      abi: erc721Abi,
      functionName: 'isApprovedForAll',
      args: [seller.wallet.account.address, app.chain.contracts.market as Address],
    });
    expect(approved).toBe(true);
    for (const tx of seller.wallet.transactions) {
      expect(BigInt(tx['gasPrice'] ?? tx['maxFeePerGas'] ?? '0')).toBeGreaterThanOrEqual(FIVE_GWEI);
    }
    await seller.page.goto(`${app.url}/en/user/${seller.wallet.account.address.toLowerCase()}?tab=listed`);
    expect(await seller.page.locator('main').textContent()).toContain(card.nameEn ?? card.name);
  });

  test('a second collector buys it: progress, the new owner, the sale and the creator’s royalty', async () => {
    const illustrator = await newPage(browser, { locale: 'en-US' });
    open.push(illustrator);
    await signInIllustrator(illustrator.page, app.url, DEMO_ILLUSTRATOR.uid, DEMO_ILLUSTRATOR.password);
    const royalties = async () => {
      const response = await illustrator.context.request.get(`${app.url}/api/v1/dashboard/revenues?period=month`);
      const report = (await response.json()) as RevenueTotals;
      const eth = report.totals.find((row) => row.chainId === 1 && row.currency === 'ETH');
      return { sales: eth?.royaltySales ?? 0, amount: BigInt(eth?.royalty ?? '0') };
    };
    const before = await royalties();
    const price = parseEther('0.05');
    const [, royalty] = await chainReader().readContract({
      address: getAddress(card.contractAddress),
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [BigInt(card.tokenId), price],
    });

    // The buyer's wallet is on Polygon: the purchase switches it to Ethereum and stays on the card's page.
    const buyer = await walletPage(buyerIndex, 137);
    const { page, wallet } = buyer;
    await openToken(page, card);
    await Promise.all([
      page.waitForEvent('load', { timeout: 45_000 }),
      page.getByRole('button', { name: 'Buy now' }).click(),
    ]);
    expect(wallet.calls).toContain('wallet_switchEthereumChain');
    expect(wallet.chainId).toBe(1);
    expect(new URL(page.url()).pathname).toBe(tokenPath());
    const sent = wallet.transactions.at(-1);
    expect(BigInt(sent?.['gasPrice'] ?? sent?.['maxFeePerGas'] ?? '0')).toBeGreaterThanOrEqual(FIVE_GWEI);

    const buyerAddress = wallet.account.address.toLowerCase();
    const owner = await chainReader().readContract({
      address: getAddress(card.contractAddress),
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(card.tokenId)],
    });
    expect(owner.toLowerCase()).toBe(buyerAddress);
    const after = await record();
    expect(after.owner).toBe(buyerAddress);
    expect(after.listing).toBeNull();
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain(`${buyerAddress.slice(0, 6)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Sell this card' }).count()).toBe(1);

    await expect
      .poll(royalties, { timeout: 15_000 })
      .toEqual({ sales: before.sales + 1, amount: before.amount + royalty });
  });

  test('the new owner lists it again and cancels on Kirafuda for free (no transaction), then lists and cancels on chain', async () => {
    const owner = await walletPage(buyerIndex);
    const address = owner.wallet.account.address;
    /** Lists at `price`, then cancels with the button named `button` on the token page; answers the listing. */
    const listThenCancel = async (price: string, button: string) => {
      await list(owner.page, address, price);
      const { listing } = await record();
      expect(listing?.price).toBe(parseEther(price).toString());
      await openToken(owner.page, card);
      // The hint says both ways to cancel.
      await expect.poll(() => owner.page.getByText('takes effect at once and costs nothing').count()).toBe(1);
      await Promise.all([
        owner.page.waitForEvent('load', { timeout: 45_000 }),
        owner.page.getByRole('button', { name: button }).click(),
      ]);
      expect((await record()).listing).toBeNull();
      const [, cancelled] = await chainReader().readContract({
        address: getAddress(listing?.exchange ?? ''),
        abi: seaportAbi,
        functionName: 'getOrderStatus',
        args: [listing?.orderHash as `0x${string}`],
      });
      return cancelled;
    };
    const nonce = await chainReader().getTransactionCount({ address });
    expect(await listThenCancel('0.07', 'Cancel listing (free)')).toBe(false);
    // Listing is a signature and the free cancel sends nothing: no transaction of the owner's.
    expect(await chainReader().getTransactionCount({ address })).toBe(nonce);
    expect(await listThenCancel('0.08', 'Cancel on chain too (gas)')).toBe(true);
    expect(await owner.page.getByRole('button', { name: 'Buy now' }).count()).toBe(0);
    await expect
      .poll(() => owner.page.getByRole('button', { name: 'Sell this card' }).count(), { timeout: 10_000 })
      .toBe(1);
  });
});

describe('cancel all and failures', () => {
  test('the seller cancels all their listings on a chain at once from their items page (Seaport counter)', async () => {
    const owner = await walletPage(buyerIndex);
    await list(owner.page, owner.wallet.account.address, '0.09');
    expect((await record()).listing).not.toBeNull();
    const seller = owner.wallet.account.address;
    const counter = () =>
      chainReader().readContract({
        address: app.chain.contracts.exchange as Address,
        abi: seaportAbi,
        functionName: 'getCounter',
        args: [seller],
      });
    const before = await counter();

    await owner.page.goto(`${app.url}/en/user/${seller.toLowerCase()}?tab=listed`);
    await hydrated(owner.page, 'CancelAllListings');
    await Promise.all([
      owner.page.waitForEvent('load', { timeout: 45_000 }),
      owner.page.getByRole('button', { name: /^Cancel all my listings and offers on Ethereum/ }).click(),
    ]);
    // Seaport 1.6 raises the counter by a large pseudo-random step, not by one.
    expect(await counter()).toBeGreaterThan(before);
    expect((await record()).listing).toBeNull();
    // Listings on the other chains (demo data) keep their buttons; Ethereum's is gone.
    expect(
      await owner.page.getByRole('button', { name: /^Cancel all my listings and offers on Ethereum/ }).count(),
    ).toBe(0);
  });

  test('refusing to sign the listing shows an alert and lists nothing', async () => {
    const owner = await walletPage(buyerIndex);
    await openToken(owner.page, card);
    await owner.page.getByRole('button', { name: 'Sell this card' }).click();
    const form = owner.page.getByRole('form', { name: 'Sell this card' });
    await form.getByLabel('Price').fill('0.07');
    owner.wallet.refuse(true);
    await form.getByRole('button', { name: 'List for sale' }).click();
    await expect.poll(() => owner.page.getByRole('alert').textContent()).toContain('User rejected');
    expect(owner.wallet.calls).toContain('eth_signTypedData_v4');
    expect(new URL(owner.page.url()).pathname).toBe(tokenPath());
    expect((await record()).listing).toBeNull();
  });

  test('a card listed in an ERC-20 (WETH or ATEM) is bought after the token is approved for the conduit', async () => {
    const { items } = await get<{ items: CardItem[] }>('/api/v1/cards?chain_id=1&status=listed&per_page=100');
    const buyerAddress = ANVIL_ACCOUNTS[17];
    const listed = items.find(
      (item) =>
        item.listing &&
        [4, 7].includes(item.listing.currencyCode) &&
        item.owner !== buyerAddress.toLowerCase() &&
        BigInt(item.listing.price) <= parseEther('10'),
    );
    if (!listed?.listing) throw new Error('no Ethereum card listed in WETH or ATEM in the demo catalogue');
    const token = (
      listed.listing.currencyCode === 7 ? app.chain.contracts.atem : app.chain.contracts.payment
    ) as Address;
    const balance = () =>
      chainReader().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [buyerAddress] });
    const before = await balance();

    const { page, wallet } = await walletPage(17);
    await openToken(page, listed);
    await Promise.all([
      page.waitForEvent('load', { timeout: 45_000 }),
      page.getByRole('button', { name: 'Buy now' }).click(),
    ]);
    const approval = wallet.transactions.find(
      (tx) => tx['to']?.toLowerCase() === token.toLowerCase() && tx['data']?.startsWith('0x095ea7b3'),
    );
    expect(approval).toBeDefined();
    expect(before - (await balance())).toBe(BigInt(listed.listing.price));
    const after = await get<CardItem>(`/api/v1/cards/1/${listed.contractAddress}/${listed.tokenId}`);
    expect(after.owner).toBe(buyerAddress.toLowerCase());
    expect(after.listing).toBeNull();
  });

  test('declining the purchase in the wallet is told as such, and nothing changes hands', async () => {
    const { items } = await get<{ items: CardItem[] }>('/api/v1/cards?chain_id=1&status=listed&per_page=100');
    const buyer = ANVIL_ACCOUNTS[16].toLowerCase();
    const listed = items.find((item) => item.listing?.currencyCode === 2 && item.owner !== buyer);
    if (!listed) throw new Error('no Ethereum card listed in ETH in the demo catalogue');
    const { page, wallet } = await walletPage(16);
    await openToken(page, listed);
    wallet.refuse(true);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 })
      .toBe('You declined in your wallet. Nothing was sent.');
    expect(wallet.transactions).toEqual([]);
    const after = await get<CardItem>(`/api/v1/cards/1/${listed.contractAddress}/${listed.tokenId}`);
    expect(after.owner).toBe(listed.owner);
  });

  test('a buyer without funds is told "Insufficient funds" and nothing changes hands', async () => {
    const { items } = await get<{ items: CardItem[] }>('/api/v1/cards?chain_id=1&status=listed&per_page=5');
    const listed = items[0];
    if (!listed) throw new Error('no listed Ethereum card in the demo catalogue');
    const opened = await newPage(browser, { locale: 'en-US' });
    open.push(opened);
    const { page } = opened;
    await signInWithWallet(page, app.url, { key: generatePrivateKey(), rpcUrl: app.rpcUrl });
    await openToken(page, listed);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 }).toBe('Insufficient funds');
    const after = await get<CardItem>(`/api/v1/cards/1/${listed.contractAddress}/${listed.tokenId}`);
    expect(after.owner).toBe(listed.owner);
    expect(after.listing?.orderHash).toBe(listed.listing?.orderHash);
  });
});

describe('issuing cards', () => {
  test('an illustrator issues a card: the form checks the fields, the minter mints, the creator page shows it', async () => {
    const opened = await newPage(browser, { locale: 'en-US' });
    open.push(opened);
    const { page, consoleErrors } = opened;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInIllustrator(page, app.url, DEMO_ILLUSTRATOR.uid, DEMO_ILLUSTRATOR.password);
    await page.goto(`${app.url}/en/card_issue`);
    await hydrated(page, 'IssueCardForm');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Issue cards' }).click();
    await expect.poll(() => page.getByText('Enter a name.').count()).toBe(1);
    expect(await page.getByText('Choose an image.').count()).toBe(1);

    const name = `Moonlit fox ${Date.now().toString(36)}`;
    await page.getByLabel('Card name', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('A fox under the moon.');
    await page.getByLabel('Name in English (optional)').fill(`${name} (en)`);
    await page.getByRole('button', { name: 'Add a trait' }).click();
    await page.getByLabel('Trait', { exact: true }).fill('Mood');
    await page.getByLabel('Value', { exact: true }).fill('Calm');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c06' } })
      .png()
      .toBuffer();
    await page.getByLabel('Card image').setInputFiles({ name: 'fox.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.locator('[data-image-preview] img').count()).toBe(1);
    const collection = page.getByLabel('Collection', { exact: true });
    const options = await collection.locator('option').allTextContents();
    const ethereum = options.find((text) => text.includes('(Ethereum'));
    expect(ethereum).toBeDefined();
    await collection.selectOption({ label: ethereum ?? '' });
    await page.getByLabel('Number of serials').fill('3');
    await page.getByLabel('Royalty (%)').fill('7.5');
    await page.getByRole('button', { name: 'Issue cards' }).click();
    const status = page.locator('form').getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 45_000 }).toContain('3 cards were minted to your wallet.');

    await Promise.all([
      page.waitForEvent('load'),
      status.getByRole('link', { name: 'See them on your creator page' }).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe(`/en/creator/${ANVIL_ACCOUNTS[0].toLowerCase()}`);
    const { items } = await get<{ items: CardItem[] }>(
      `/api/v1/cards?q=${encodeURIComponent(name)}&per_page=10&sort=newest`,
    );
    expect(items.map((item) => item.name)).toEqual([name, name, name]);
    const first = items[0];
    const detail = await get<{ nameEn: string; traits: { traitType: string; value: string }[] }>(
      `/api/v1/cards/${first?.chainId}/${first?.contractAddress}/${first?.tokenId}`,
    );
    expect(detail.nameEn).toBe(`${name} (en)`);
    expect(detail.traits).toContainEqual(expect.objectContaining({ traitType: 'Mood', value: 'Calm' }));
    const [, royalty] = await chainReader().readContract({
      address: getAddress(first?.contractAddress ?? ''),
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [BigInt(first?.tokenId ?? '0'), 10_000n],
    });
    expect(royalty).toBe(750n);
    const owner = await chainReader().readContract({
      address: getAddress(first?.contractAddress ?? ''),
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(first?.tokenId ?? '0')],
    });
    expect(owner).toBe(ANVIL_ACCOUNTS[0]);
    expect(await page.locator('main').textContent()).toContain(name);
    // The leader ranks the collection again a second after the issue (woken by it, not by its one-minute pass).
    const cardPath = `/api/v1/cards/${first?.chainId}/${first?.contractAddress}/${first?.tokenId}`;
    await expect
      .poll(async () => (await get<{ rarity: { rank: number; of: number } | null }>(cardPath)).rarity?.of ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(3);
    expect(consoleErrors).toEqual([]);
  });
});
