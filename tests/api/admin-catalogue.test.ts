/**
 * The catalogue in the back office on the demo data: projects (create with a checked contract address on
 * a supported chain, edit, image upload), tokens with their reports (hide one and it leaves the public
 * site), report statuses, and creators with their projects and money. Real HTTP against the built server.
 */
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient, App } from '../helpers/api.ts';
import { adminClient, pngImage, startDemoApp, uploadFile } from './admin-clients.ts';

interface Category {
  id: number;
  chainId: number;
  contractAddress: string;
  name: string;
  nameEn: string | null;
  image: string | null;
  hidden: boolean;
  creator: { id: number; uid: string } | null;
  cardCount: number;
}
interface Card {
  id: number;
  hidden: boolean;
  openReports: number;
  reports: number;
  creator: { id: number } | null;
  contractAddress: string;
}
interface Report {
  id: number;
  status: string;
  card: { id: number } | null;
  resolvedBy: string | null;
}
interface Page<T> {
  items: T[];
  total: number;
}

const CONTRACT = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

let app: App;
let admin: ApiClient;
beforeAll(async () => {
  app = await startDemoApp();
  admin = await adminClient(app);
});
afterAll(async () => {
  await app?.stop();
});

const createCategory = (body: Record<string, unknown>) =>
  admin.post<Category & { message: string }>('/api/v1/admins/categories', body);

describe('projects', () => {
  test('checks the contract address checksum, the chain and the creator before creating', async () => {
    const base = { chain_id: 1, name: 'テスト' };
    const checksummed = getAddress(CONTRACT);
    const broken = checksummed.replace(/[a-f]/, (c) => c.toUpperCase());
    const bad = await createCategory({ ...base, contract_address: broken });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('checksum');
    expect((await createCategory({ ...base, contract_address: '0x1234' })).status).toBe(422);
    expect((await createCategory({ ...base, contract_address: `0x${'0'.repeat(40)}` })).status).toBe(422);
    const chain = await createCategory({ ...base, chain_id: 31337, contract_address: CONTRACT });
    expect(chain.status).toBe(422);
    expect(chain.body.message).toMatch(/^chain_id: /);
    expect((await createCategory({ ...base, contract_address: CONTRACT, creator_id: 999999 })).status).toBe(422);
    expect((await createCategory({ ...base, contract_address: CONTRACT, name: ' ' })).status).toBe(422);
  });

  test('creates a project from a checksummed address, stores it lower-case and refuses it twice', async () => {
    const creators = await admin.get<Page<{ id: number }>>('/api/v1/admins/creators');
    const creatorId = creators.body.items[0]?.id;
    const res = await createCategory({
      chain_id: 137,
      contract_address: getAddress(CONTRACT),
      name: '新しいプロジェクト',
      name_en: 'New project',
      description: '説明',
      creator_id: creatorId,
      hidden: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      chainId: 137,
      contractAddress: CONTRACT,
      name: '新しいプロジェクト',
      nameEn: 'New project',
      hidden: true,
      cardCount: 0,
    });
    expect(res.body.creator?.id).toBe(creatorId);
    expect((await createCategory({ chain_id: 137, contract_address: CONTRACT, name: 'again' })).status).toBe(409);
    const hidden = await admin.get<Page<Category>>('/api/v1/admins/categories?hidden=true');
    expect(hidden.body.items.map((c) => c.contractAddress)).toContain(CONTRACT);
    const publicList = await app.client().get<Page<Category>>('/api/v1/categories?per_page=100');
    expect(publicList.body.items.map((c) => c.contractAddress)).not.toContain(CONTRACT);
  });

  test('edits a project found by its address, and shows it once it is no longer hidden', async () => {
    const path = `/api/v1/admins/categories/${getAddress(CONTRACT)}`;
    const res = await admin.put<Category>(path, { name: '改名したプロジェクト', name_en: '', hidden: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '改名したプロジェクト', nameEn: null, hidden: false });
    expect((await admin.get<Category>(path)).body.name).toBe('改名したプロジェクト');
    const publicList = await app.client().get<Page<Category>>('/api/v1/categories?per_page=100');
    expect(publicList.body.items.map((c) => c.contractAddress)).toContain(CONTRACT);
    expect((await admin.put(path, {})).status).toBe(422);
    expect((await admin.put(`/api/v1/admins/categories/0x${'1'.repeat(40)}`, { name: 'x' })).status).toBe(404);
    expect((await admin.put('/api/v1/admins/categories/not-an-address', { name: 'x' })).status).toBe(404);
  });

  test('a project with cards keeps its chain and contract', async () => {
    const list = await admin.get<Page<Category>>('/api/v1/admins/categories?per_page=100');
    const busy = list.body.items.find((c) => c.cardCount > 0);
    if (!busy) throw new Error('no demo project has cards');
    const path = `/api/v1/admins/categories/${busy.contractAddress}?chain_id=${busy.chainId}`;
    expect((await admin.put(path, { contract_address: `0x${'2'.repeat(40)}` })).status).toBe(409);
  });

  test('uploads a project image, served from /media; a file that is not an image is refused', async () => {
    const path = `/api/v1/admins/categories/${CONTRACT}/image`;
    const res = await uploadFile(app, admin, path, 'image', await pngImage());
    expect(res.status).toBe(200);
    const url = String(res.body.image);
    expect(url).toMatch(/^\/media\/categories\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(new URL(url, app.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const text = await uploadFile(app, admin, path, 'image', new TextEncoder().encode('hello'), 'image/png');
    expect(text.status).toBe(415);
    const second = await uploadFile(app, admin, path, 'image', await pngImage());
    expect(second.status).toBe(200);
    expect((await fetch(new URL(url, app.url))).status).toBe(404);
  });
});

describe('tokens and reports', () => {
  test('lists every token with report counts and filters by open reports', async () => {
    const all = await admin.get<Page<Card>>('/api/v1/admins/card_serials?per_page=10');
    expect(all.body.total).toBeGreaterThan(10);
    const reported = await admin.get<Page<Card>>('/api/v1/admins/card_serials?reported=open');
    expect(reported.body.total).toBeGreaterThan(0);
    expect(reported.body.items.every((card) => card.openReports > 0)).toBe(true);
    expect((await admin.get('/api/v1/admins/card_serials?reported=maybe')).status).toBe(422);
  });

  test('hiding a token removes it from the public site and can resolve its reports; showing brings it back', async () => {
    const reported = await admin.get<Page<Card>>('/api/v1/admins/card_serials?reported=open');
    const card = reported.body.items[0];
    if (!card) throw new Error('no reported card');
    expect((await app.client().get(`/api/v1/cards/${card.id}`)).status).toBe(200);
    const res = await admin.put<Card>(`/api/v1/admins/card_serials/${card.id}`, {
      hidden: true,
      resolve_reports: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hidden: true, openReports: 0 });
    expect((await app.client().get(`/api/v1/cards/${card.id}`)).status).toBe(404);
    const reports = await admin.get<Page<Report>>(`/api/v1/admins/illegal_reports?card_id=${card.id}`);
    expect(reports.body.items.every((r) => r.status === 'resolved' && r.resolvedBy === 'admin')).toBe(true);
    await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: false });
    expect((await app.client().get(`/api/v1/cards/${card.id}`)).status).toBe(200);
    expect((await admin.get('/api/v1/admins/card_serials?hidden=true')).body.total).toBe(0);
    expect((await admin.put('/api/v1/admins/card_serials/999999', { hidden: true })).status).toBe(404);
    expect((await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: 'yes' })).status).toBe(422);
  });

  test('a report can be dismissed and reopened', async () => {
    const open = await admin.get<Page<Report>>('/api/v1/admins/illegal_reports?status=open');
    const report = open.body.items[0];
    if (!report) throw new Error('no open report');
    const dismissed = await admin.put<Report>(`/api/v1/admins/illegal_reports/${report.id}`, { status: 'dismissed' });
    expect(dismissed.body).toMatchObject({ status: 'dismissed', resolvedBy: 'admin' });
    const reopened = await admin.put<Report>(`/api/v1/admins/illegal_reports/${report.id}`, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', resolvedBy: null });
    expect((await admin.put(`/api/v1/admins/illegal_reports/${report.id}`, { status: 'gone' })).status).toBe(422);
  });
});

describe('creators', () => {
  test('a creator shows their projects, balances and payouts; their tokens filter by creator', async () => {
    const list = await admin.get<Page<{ id: number; uid: string; categoryCount: number }>>(
      '/api/v1/admins/creators?q=illustrator',
    );
    const creator = list.body.items.find((c) => c.uid === 'illustrator');
    if (!creator) throw new Error('the demo illustrator is not listed');
    const detail = await admin.get<{
      categories: Category[];
      balances: { revenue: string; available: string }[];
      payouts: { status: string }[];
    }>(`/api/v1/admins/creators/${creator.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.categories.length).toBe(creator.categoryCount);
    expect(detail.body.balances.length).toBeGreaterThan(0);
    expect(detail.body.payouts.length).toBeGreaterThan(0);
    // Their tokens in one of their collections (a collection made earlier in this file has none yet).
    let found = false;
    for (const category of detail.body.categories) {
      const contract = category.contractAddress;
      const cards = await admin.get<Page<Card>>(
        `/api/v1/admins/card_serials?creator_id=${creator.id}&contract=${contract}`,
      );
      expect(cards.body.items.every((c) => c.creator?.id === creator.id && c.contractAddress === contract)).toBe(true);
      found ||= cards.body.total > 0;
    }
    expect(found).toBe(true);
    expect((await admin.get('/api/v1/admins/creators/999999')).status).toBe(404);
  });
});
