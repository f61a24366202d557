/**
 * Tax papers over real HTTP against the built server, on a small ledger with known figures (./taxLedger.ts): the
 * illustrator's tax profile (registration number checked), withholding fixed at approval (¥1,000,001 withholds
 * ¥102,100; a corporation nothing) and reported monthly and yearly, the monthly fee invoices (tax once per invoice;
 * a refund given back in a later month), the yearly statement as CSV (read back with a CSV parser, adding up to
 * the ledger) and PDF (read back with poppler's pdftotext and drawn with pdftoppm), the collector's trades, and who
 * may have each.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_KEY, type ApiClient, type App, startApp } from '../helpers/api.ts';
import { ADMIN, ILLUSTRATOR } from './fixtures.ts';
import { walletSignIn } from './signIn.ts';
import { CORPORATION, GOLDEN_YEAR, seedTaxLedger } from './taxLedger.ts';

const collector = privateKeyToAccount(generatePrivateKey());
const THIS_YEAR = GOLDEN_YEAR + 1;
const PLATFORM_NUMBER = 'T7202611270001';
const SAKURA_NUMBER = 'T6202611270002';

let app: App;
let admin: ApiClient;
let sakura: ApiClient;
let kaisha: ApiClient;
let wallet: ApiClient;
let dir: string;
beforeAll(async () => {
  app = await startApp({ seed: (db) => seedTaxLedger(db, collector.address) });
  admin = app.client();
  expect((await admin.post('/api/v1/admin_session', ADMIN)).status).toBe(200);
  sakura = app.client();
  expect((await sakura.post('/api/v1/illustrator_session', ILLUSTRATOR)).status).toBe(200);
  kaisha = app.client();
  expect((await kaisha.post('/api/v1/illustrator_session', CORPORATION)).status).toBe(200);
  wallet = app.client();
  expect((await walletSignIn(wallet, collector)).status).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'kirafuda-tax-'));
}, 120_000);
afterAll(async () => {
  await app?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The raw bytes of a download, with the client's cookies and the site's headers. */
async function download(client: ApiClient, path: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(new URL(path, app.url), {
    headers: { cookie: client.cookieHeader(), 'x-requested-with': 'XMLHttpRequest', 'x-api-key': API_KEY },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A CSV download read back with a real CSV parser, as records by header. */
async function csv(client: ApiClient, path: string): Promise<Record<string, string>[]> {
  const res = await download(client, path);
  expect([path, res.status, res.type]).toEqual([path, 200, 'text/csv; charset=utf-8']);
  return parse(res.bytes.toString('utf8'), { columns: true, skip_empty_lines: true });
}

/** The pixels darker than mid-grey in a binary PGM (`P5`) image, as pdftoppm -gray writes it. */
function darkPixels(pgm: Buffer): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a binary PGM');
  let dark = 0;
  for (let i = header[0].length; i < pgm.length; i++) if ((pgm[i] ?? 255) < 128) dark += 1;
  return dark;
}

const sum = (rows: Record<string, string>[], column: string) =>
  rows.reduce((total, row) => total + BigInt(row[column] || '0'), 0n);

describe('the tax profile', () => {
  test('is saved with a registration number whose check digit is right, and refused with 422 otherwise', async () => {
    const put = (body: unknown) => sakura.put<{ message?: string }>('/api/v1/dashboard/tax_profile', body);
    const base = { kind: 'individual', resident: true, legalName: '佐倉 花子' };
    const wrong = await put({ ...base, invoiceNumber: 'T6202611270003' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(/^invoiceNumber: .*check digit/);
    expect((await put({ ...base, invoiceNumber: '6202611270002' })).status).toBe(422);
    expect((await put({ ...base, kind: 'company' })).status).toBe(422);
    const saved = await put({ ...base, invoiceNumber: ' t6202611270002 ' });
    expect(saved.status).toBe(200);
    expect(await sakura.get('/api/v1/dashboard/tax_profile')).toMatchObject({
      status: 200,
      body: { ...base, invoiceNumber: SAKURA_NUMBER },
    });
  });

  test('an admin corrects one, and the action log records it', async () => {
    const illustrators = await admin.get<{ items: { id: number; uid: string }[] }>('/api/v1/admins/creators');
    const id = illustrators.body.items.find((row) => row.uid === CORPORATION.uid)?.id;
    const res = await admin.put(`/api/v1/admins/creators/${id}/tax_profile`, {
      kind: 'corporation',
      resident: true,
      legalName: '株式会社カイシャ',
      invoiceNumber: null,
    });
    expect(res.status).toBe(200);
    expect((await kaisha.get('/api/v1/dashboard/tax_profile')).body).toMatchObject({ kind: 'corporation' });
    const log = await admin.get<{ items: { action: string; data: { to: { kind: string } } }[] }>(
      `/api/v1/admins/audit_log?target_type=illustrator&target_id=${id}`,
    );
    expect(log.body.items[0]).toMatchObject({ action: 'tax_profile.update', data: { to: { kind: 'corporation' } } });
  });
});

describe('withholding', () => {
  test('admins turn it on for primary sales and set the platform’s registration number (bad one: 422), audited', async () => {
    const settings = {
      withholdPrimary: true,
      withholdRoyalty: false,
      issuerName: 'Kirafuda 運営株式会社',
      invoiceNumber: PLATFORM_NUMBER,
      payoutCutoffDay: 31,
      payoutPaymentDay: 15,
    };
    expect((await admin.put('/api/v1/admins/tax_settings', { ...settings, invoiceNumber: 'T1' })).status).toBe(422);
    expect((await sakura.put('/api/v1/admins/tax_settings', settings)).status).toBe(403);
    expect(await admin.put('/api/v1/admins/tax_settings', settings)).toMatchObject({ status: 200, body: settings });
    const log = await admin.get<{ items: { action: string }[] }>('/api/v1/admins/audit_log?target_type=tax_settings');
    expect(log.body.items[0]?.action).toBe('tax_settings.update');
  });

  test('a ¥1,000,001 payout shows ¥102,100 before approval, fixes it once however often it is approved, and pays the rest', async () => {
    const request = await sakura.post<{ id: number }>('/api/v1/dashboard/payouts', {
      amount: '1000001',
      currency_code: 1,
    });
    expect(request.status).toBe(201);
    const path = `/api/v1/admins/payouts/${request.body.id}`;
    const before = await admin.get<{ withholding: Record<string, unknown> }>(path);
    expect(before.body.withholding).toMatchObject({ taxJpy: '102100', net: '897901', fixed: false });
    const approvals = await Promise.all([
      admin.put(path, { action: 'approve' }),
      admin.put(path, { action: 'approve' }),
    ]);
    expect(approvals.map((res) => res.status).sort()).toEqual([200, 409]);
    const paid = await admin.put<{ status: string; withholding: Record<string, unknown> }>(path, { action: 'pay' });
    expect(paid.body).toMatchObject({
      status: 'paid',
      withholding: { taxJpy: '102100', withheld: '102100', fixed: true },
    });
    // The illustrator sees that it was withheld, and how much.
    const mine = await sakura.get<{ items: { id: number; withholding: unknown }[] }>('/api/v1/dashboard/payouts');
    expect(mine.body.items.find((item) => item.id === request.body.id)?.withholding).toEqual({
      withheld: '102100',
      taxJpy: '102100',
    });
  });

  test('a corporation is withheld nothing', async () => {
    const request = await kaisha.post<{ id: number }>('/api/v1/dashboard/payouts', {
      amount: '100000',
      currency_code: 1,
    });
    expect(request.status).toBe(201);
    const path = `/api/v1/admins/payouts/${request.body.id}`;
    expect((await admin.get(path)).body).toMatchObject({ withholding: null });
    expect((await admin.put(path, { action: 'approve' })).status).toBe(200);
    expect((await admin.put(path, { action: 'pay' })).body).toMatchObject({ status: 'paid', withholding: null });
  });

  test('the month’s remittance lists each withheld payout, once, with its total and due date', async () => {
    const month = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);
    const rows = await csv(admin, `/api/v1/admins/withholding?month=${month}`);
    const payouts = rows.filter((row) => row.payout_id !== 'total');
    expect(payouts.filter((row) => row.tax_jpy === '102100')).toHaveLength(1);
    expect(payouts.every((row) => row.uid !== CORPORATION.uid)).toBe(true);
    expect(rows.at(-1)).toMatchObject({ payout_id: 'total', tax_jpy: String(sum(payouts, 'tax_jpy')) });
  });

  test('a payout approved in December and paid in January is January’s, due by 10 February (a business day)', async () => {
    const january = await admin.get<{ dueDate: string; items: { taxJpy: string; paidAt: string }[] }>(
      `/api/v1/admins/withholding?month=${THIS_YEAR}-01&format=json`,
    );
    expect(january.body.items.some((item) => item.taxJpy === '10210')).toBe(true);
    expect(january.body.dueDate).toMatch(new RegExp(`^${THIS_YEAR}-02-1[0-3]$`));
    const december = await admin.get<{ items: unknown[]; totalJpy: string }>(
      `/api/v1/admins/withholding?month=${GOLDEN_YEAR}-12&format=json`,
    );
    expect(december.body).toMatchObject({ items: [], totalJpy: '0' });
  });

  test('the year’s payment records list each payee paid over ¥50,000 with the tax withheld', async () => {
    const rows = await csv(admin, `/api/v1/admins/payment_records/${THIS_YEAR}.csv`);
    expect(rows.find((row) => row.uid === ILLUSTRATOR.uid)).toMatchObject({
      legal_name: '佐倉 花子',
      invoice_number: SAKURA_NUMBER,
      payments: '2',
      paid_jpy: '1100001',
      tax_jpy: '112310',
    });
    expect(rows.find((row) => row.uid === CORPORATION.uid)).toMatchObject({ kind: 'corporation', tax_jpy: '0' });
    expect(await csv(admin, `/api/v1/admins/payment_records/${GOLDEN_YEAR}.csv`)).toEqual([]);
  });
});

describe('fee invoices', () => {
  interface Invoice {
    number: string;
    month: string;
    totalJpy: string;
    taxJpy: string;
    items: { type: string; chainId: number | null; jpy: string; count: number }[];
    issuer: { invoiceNumber: string };
  }
  test('one per month, the tax once per invoice rounded down, and a refund given back in its own month', async () => {
    const res = await sakura.get<{ items: Invoice[] }>('/api/v1/dashboard/invoices');
    const november = res.body.items.find((invoice) => invoice.month === `${GOLDEN_YEAR}-11`);
    // ¥190,549 of card fees and ¥1,250 of ETH fees: ¥17,436 of tax on the whole (¥17,435 item by item).
    expect(november).toMatchObject({ totalJpy: '191799', taxJpy: '17436', issuer: { invoiceNumber: PLATFORM_NUMBER } });
    expect(november?.items).toEqual([
      expect.objectContaining({ type: 'fee', chainId: null, jpy: '190549', count: 2 }),
      expect.objectContaining({ type: 'fee', chainId: 1, jpy: '1250', count: 1 }),
    ]);
    const december = res.body.items.find((invoice) => invoice.month === `${GOLDEN_YEAR}-12`);
    expect(december).toMatchObject({
      totalJpy: '-149',
      taxJpy: '-13',
      items: [expect.objectContaining({ type: 'return' })],
    });
  });

  test('the PDF carries the issuer’s and the recipient’s registration numbers and the tax', async () => {
    const pdf = await download(sakura, `/api/v1/dashboard/invoices/${GOLDEN_YEAR}-11.pdf`);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, pdf.bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of ['適格請求書', PLATFORM_NUMBER, SAKURA_NUMBER, '¥191,799', '¥17,436', '10%'])
      expect(text).toContain(expected);
    expect((await download(sakura, `/api/v1/dashboard/invoices/${GOLDEN_YEAR}-10.pdf`)).status).toBe(404);
  });
});

describe('the yearly statement', () => {
  test('its CSV adds up to the ledger to the yen, each line naming its ledger row', async () => {
    const rows = await csv(sakura, `/api/v1/dashboard/statements/${GOLDEN_YEAR}.csv`);
    const yen = rows.filter((row) => row.currency === 'JPY' && row.ledger_row?.startsWith('revenues:'));
    const eth = rows.filter((row) => row.currency === 'ETH');
    expect([sum(yen, 'gross'), sum(yen, 'platform_fee'), sum(yen, 'amount')]).toEqual([
      1_400_000n,
      190_400n,
      1_209_600n,
    ]);
    expect([sum(eth, 'gross_jpy'), sum(eth, 'platform_fee_jpy'), sum(eth, 'amount_jpy')]).toEqual([
      50_000n,
      1_250n,
      50_750n,
    ]);
    expect(eth.map((row) => row.rate_jpy).sort()).toEqual(['400000', '500000']);
    const report = await sakura.get<{ totals: { chainId: number | null; currencyCode: number; total: string }[] }>(
      `/api/v1/dashboard/revenues?period=month&from=${GOLDEN_YEAR}-01-01&to=${GOLDEN_YEAR}-12-31`,
    );
    for (const total of report.body.totals) {
      const lines = total.chainId === null ? yen : eth;
      expect(sum(lines, 'amount')).toBe(BigInt(total.total));
    }
    expect(rows.every((row) => /^(revenues|payouts):\d+$/.test(row.ledger_row ?? ''))).toBe(true);
  });

  test('a payout across the year end is in the year it was paid, with its withholding and net paid', async () => {
    const last = await csv(sakura, `/api/v1/dashboard/statements/${GOLDEN_YEAR}.csv`);
    expect(last.some((row) => row.entry === 'payout')).toBe(false);
    const rows = (await csv(sakura, `/api/v1/dashboard/statements/${THIS_YEAR}.csv`)).filter(
      (row) => row.entry === 'payout',
    );
    expect([sum(rows, 'amount'), sum(rows, 'withholding_jpy'), sum(rows, 'net_paid')]).toEqual([
      1_100_001n,
      112_310n,
      987_691n,
    ]);
  });

  test('its PDF is in Japanese with the figures and registration numbers, in English on request, and draws', async () => {
    const ja = await download(sakura, `/api/v1/dashboard/statements/${GOLDEN_YEAR}.pdf`);
    expect([ja.status, ja.type]).toEqual([200, 'application/pdf']);
    const file = join(dir, 'statement.pdf');
    writeFileSync(file, ja.bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of ['年間取引報告書', '売上総額', '手数料', 'ロイヤリティ', '源泉徴収税額', '差引支払額'])
      expect(text).toContain(expected);
    for (const expected of [
      '¥1,450,000',
      '¥191,650',
      '¥2,000',
      '¥1,260,350',
      SAKURA_NUMBER,
      PLATFORM_NUMBER,
      '佐倉 花子',
    ])
      expect(text).toContain(expected);
    // Drawn, not only extractable: a subset font that lost its glyphs still gives pdftotext the text (its
    // ToUnicode map) but leaves the page nearly blank. Ink per character of text tells them apart.
    execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    const characters = text.replace(/\s/g, '').length;
    expect(darkPixels(readFileSync(join(dir, 'page-1.pgm'))) / characters).toBeGreaterThan(0.6);
    expect(ja.bytes.length).toBeLessThan(200_000);
    const en = await download(sakura, `/api/v1/dashboard/statements/${GOLDEN_YEAR}.pdf?lang=en`);
    writeFileSync(file, en.bytes);
    const english = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(english).toContain(`Annual statement ${GOLDEN_YEAR}`);
    expect(english).toContain('Income tax withheld');
  });

  test('lists its years, and refuses a year that is not one (422) or has nothing (404)', async () => {
    const list = await sakura.get<{ years: number[] }>('/api/v1/dashboard/statements');
    expect(list.body.years).toEqual([THIS_YEAR, GOLDEN_YEAR]);
    expect((await sakura.get(`/api/v1/dashboard/statements/${GOLDEN_YEAR - 3}.csv`)).status).toBe(404);
    for (const bad of ['1999.csv', '20x5.pdf', `${THIS_YEAR + 1}.pdf`])
      expect((await sakura.get(`/api/v1/dashboard/statements/${bad}`)).status).toBe(422);
    expect((await sakura.get(`/api/v1/dashboard/statements/${GOLDEN_YEAR}.xls`)).status).toBe(404);
  });
});

describe('the collector’s trades', () => {
  test('every buy, sale, mint and transfer of the year, with yen at the time and the seller’s fee and royalty', async () => {
    const rows = await csv(wallet, `/api/v1/profile/trades.csv?year=${GOLDEN_YEAR}`);
    expect(rows.map((row) => row.kind)).toEqual(['buy', 'sale', 'mint', 'transfer_out']);
    expect(rows[0]).toMatchObject({
      currency: 'ETH',
      amount: String(10n ** 17n),
      amount_jpy: '50000',
      rate_jpy: '500000',
    });
    // Sold for 0.1 ETH at ¥400,000: the fee 0.0025 ETH and royalty 0.005 ETH leave 0.0925 ETH = ¥37,000.
    expect(rows[1]).toMatchObject({ fee_jpy: '1000', royalty_jpy: '2000', proceeds_jpy: '37000' });
    expect(BigInt(rows[1]?.proceeds ?? '0')).toBe(BigInt(rows[1]?.amount ?? '0') - 7_500_000_000_000_000n);
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row.date_jst ?? ''))).toBe(true);
    const cryptact = await csv(wallet, `/api/v1/profile/trades.csv?year=${GOLDEN_YEAR}&layout=cryptact`);
    expect(cryptact.map((row) => [row.Action, row.Volume, row.Price, row.Counter, row.Fee])).toEqual([
      ['BUY', '1', '0.1', 'ETH', '0'],
      ['SELL', '1', '0.1', 'ETH', '0.0075'],
    ]);
    expect(cryptact[0]?.Base).toMatch(/^USER-KF#1#0X[0-9A-F]{40}#1$/);
    expect((await wallet.get(`/api/v1/profile/trades.csv?year=${THIS_YEAR}`)).status).toBe(404);
    expect((await wallet.get('/api/v1/profile/trades.csv?year=soon')).status).toBe(422);
  });
});

describe('who may have them', () => {
  test('another user’s statement, trades or the admin files: 403 (401 for nobody)', async () => {
    const stranger = app.client();
    expect((await walletSignIn(stranger, privateKeyToAccount(generatePrivateKey()))).status).toBe(200);
    const forbidden: [ApiClient, string][] = [
      [stranger, `/api/v1/dashboard/statements/${GOLDEN_YEAR}.pdf`],
      [stranger, '/api/v1/dashboard/invoices'],
      [stranger, '/api/v1/dashboard/tax_profile'],
      [stranger, `/api/v1/profile/trades.csv?year=${GOLDEN_YEAR}&address=${collector.address}`],
      [sakura, `/api/v1/admins/withholding?month=${THIS_YEAR}-01`],
      [sakura, `/api/v1/admins/payment_records/${THIS_YEAR}.csv`],
      [wallet, '/api/v1/admins/tax_settings'],
    ];
    for (const [client, path] of forbidden) expect([path, (await client.get(path)).status]).toEqual([path, 403]);
    for (const [, path] of forbidden) expect([path, (await app.client().get(path)).status]).toEqual([path, 401]);
  });
});
