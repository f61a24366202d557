/**
 * The content pages: terms, privacy policy and the transaction act notice render their markdown in
 * each language with their own title and description; the connect page is complete without
 * JavaScript; the contact form names its problems, sends (201) and says so, and loads no captcha
 * script when no site key is configured (as in this build); axe finds nothing serious.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, newPage } from '../helpers/browser.ts';
import { pageUrl } from '../helpers/e2e.ts';
import { hydrated } from '../helpers/pageActions.ts';
import { TRANSACTION_ACT_ITEMS } from '../helpers/transactionActItems.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function html(path: string): Promise<string> {
  const response = await fetch(pageUrl(path));
  expect(response.status, path).toBe(200);
  return response.text();
}

const title = (page: string) => page.match(/<title>([^<]*)<\/title>/)?.[1];
const description = (page: string) => page.match(/<meta name="description" content="([^"]*)"/)?.[1];
const documentHtml = (page: string) => page.match(/data-legal-document="[^"]+"[^>]*>([\s\S]*?)<\/article>/)?.[1] ?? '';

describe('legal documents', () => {
  test.each([
    ['/terms', '利用規約 | Kirafuda', '第1条（定義）', '/en/terms', 'Terms of Service | Kirafuda', '1. Definitions'],
    [
      '/privacy',
      'プライバシーポリシー | Kirafuda',
      '1. 取得する情報',
      '/en/privacy',
      'Privacy Policy | Kirafuda',
      '1. Information we collect',
    ],
    [
      '/transaction-act',
      '特定商取引法に基づく表記 | Kirafuda',
      '販売業者',
      '/en/transaction-act',
      'Specified Commercial Transactions Act | Kirafuda',
      'Seller',
    ],
  ])(
    '%s renders its document in Japanese and English',
    async (jaPath, jaTitle, jaHeading, enPath, enTitle, enHeading) => {
      const ja = await html(jaPath);
      const en = await html(enPath);
      expect(title(ja)).toBe(jaTitle);
      expect(title(en)).toBe(enTitle);
      expect(description(ja)).not.toBe(description(en));
      expect(description(ja)).not.toBe(description(await html('/')));
      expect(documentHtml(ja)).toContain(`<h2>${jaHeading}</h2>`);
      expect(documentHtml(en)).toContain(`<h2>${enHeading}</h2>`);
      expect(documentHtml(en)).not.toMatch(/<script|<iframe|on\w+=/i);
    },
  );

  test('the transaction act notice lists the standard items', async () => {
    const notice = documentHtml(await html('/transaction-act'));
    for (const item of TRANSACTION_ACT_ITEMS) {
      expect(notice).toContain(`<h2>${item}</h2>`);
    }
    expect(notice).toContain('<a href="mailto:support@kirafuda.example">');
  });

  test('bare URLs become links that open in a new tab, and line breaks are kept', async () => {
    const privacy = documentHtml(await html('/en/privacy'));
    expect(privacy).toContain(
      '<a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">',
    );
    expect(privacy).toContain('Kirafuda Inc., Personal Information Desk<br>');
  });
});

describe('connect page', () => {
  test('explains the steps and offers the connect button without JavaScript, in both languages', async () => {
    const ja = await html('/connect-wallet');
    const en = await html('/en/connect-wallet');
    expect(ja).toContain('接続の流れ');
    expect(en).toContain('How connecting works');
    expect(en).toMatch(/<a class="btn-primary" href="\/en\/connect-wallet" data-open-connect>Connect wallet<\/a>/);
    expect(en).toContain('href="/en/session"');
    expect(description(ja)).not.toBe(description(en));
  });
});

describe('contact', () => {
  test('the form is in the HTML in both languages with labelled fields', async () => {
    const ja = await html('/contact');
    const en = await html('/en/contact');
    for (const label of ['お名前', 'メールアドレス', '件名', 'お問い合わせ内容']) expect(ja).toContain(label);
    for (const label of ['Name', 'E-mail address', 'Subject', 'Message']) expect(en).toContain(label);
    expect(en).toMatch(/<label for="contact-email"/);
  });

  test('names the problems, then sends the message (201) and says so; no captcha script loads', async () => {
    const { page, consoleErrors, blockedRequests, close } = await newPage(browser, { locale: 'en-US' });
    await page.goto(pageUrl('/en/contact'));
    await hydrated(page, 'ContactForm');
    await page.getByLabel('Name').fill('Hanako Yamada');
    await page.getByLabel('E-mail address').fill('hanako@example');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Some fields need your attention.');
    expect(await page.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#contact-email-error').textContent()).toBe(
      'Enter an e-mail address such as name@example.com.',
    );
    expect(await page.locator('#contact-body-error').textContent()).toBe('Please fill this in.');

    await page.getByLabel('E-mail address').fill('hanako@example.jp');
    await page.getByLabel('Subject').fill('Payout question');
    await page.getByLabel('Message').fill('When is an approved payout sent?\nThank you.');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/contact')),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(await response.json()).toEqual({ id: expect.any(Number) });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your message has been sent' }).count()).toBe(1);
    expect(blockedRequests.filter((url) => url.includes('recaptcha'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await close();
  });
});

describe('accessibility', () => {
  test.each(['/contact', '/terms', '/en/transaction-act'])('axe: no serious violation on %s', async (path) => {
    const { page, close } = await newPage(browser, { locale: 'ja-JP' });
    await page.goto(pageUrl(path));
    await expectNoSeriousA11yViolations(page);
    await close();
  });
});
