/**
 * Every kind of page is valid HTML: the W3C Nu checker (`vnu-jar`, the checker behind validator.w3.org/nu) finds
 * no error in the HTML the built server sends, for every route of the route table and the variants a route table
 * cannot name (each kind of token page, filtered and paged lists, the 404 page), in both languages, signed in
 * where a page needs it (a wallet user, the demo illustrator, the demo admin).
 *
 * The pages are fetched over HTTP and written to a temporary folder, then checked in ONE run of the checker (one
 * JVM start, a few seconds for ~200 pages), which answers its messages as JSON.
 *
 * @see https://validator.github.io/validator/ (the Nu checker and its command line)
 * @see https://html.spec.whatwg.org/
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_ILLUSTRATOR } from '../../src/dev/seed/accounts.ts';
import type { CardSummary } from '../../src/features/catalogue/types.ts';
import { walletSignIn } from '../api/signIn.ts';
import { ApiClient } from '../helpers/api.ts';
import { baseUrl } from '../helpers/e2e.ts';
import { enPath, ROUTES } from './routeTable.ts';

/** One message of the checker's JSON output. */
interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** The checker's jar, from the `vnu-jar` package (run with the machine's Java 17; `.ci/run` installs one). */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

let folder: string;
const visitor = () => new ApiClient(baseUrl());

async function cards(query: string): Promise<CardSummary[]> {
  return (await visitor().get<{ items: CardSummary[] }>(`/api/v1/cards?${query}`)).body.items;
}
const tokenPath = (card: CardSummary) => `/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`;

/** The paths each client sees: who is signed in, and which pages are theirs. */
async function pagesByClient(): Promise<{ client: ApiClient; paths: string[] }[]> {
  const [auctions, declinings, fixed, all] = await Promise.all([
    cards('sale_type=auction&per_page=1'),
    cards('sale_type=declining&per_page=1'),
    cards('sale_type=fixed&per_page=1'),
    cards('per_page=100'),
  ]);
  const unlisted = all.find((card) => card.listing === null);
  const variants = [auctions[0], declinings[0], fixed[0], unlisted].flatMap((card) => (card ? [tokenPath(card)] : []));
  const anonymous = ROUTES.filter((route) => !route.anonymousRedirect).map((route) => route.path);
  const guarded = (prefix: string) =>
    ROUTES.filter((route) => route.anonymousRedirect && route.path.startsWith(prefix)).map((route) => route.path);

  const wallet = visitor();
  await walletSignIn(wallet, privateKeyToAccount(generatePrivateKey()));
  const illustrator = visitor();
  await illustrator.post('/api/v1/illustrator_session', DEMO_ILLUSTRATOR);
  const admin = visitor();
  await admin.post('/api/v1/admin_session', DEMO_ADMIN);
  return [
    {
      client: visitor(),
      paths: [
        ...anonymous,
        ...variants,
        '/market?sort=price_asc&sale_type=fixed&per_page=8',
        '/market?status=listed&page=2&per_page=8',
        '/rankings?period=all',
        '/search/sakura',
        '/no-such-page',
      ],
    },
    { client: wallet, paths: [...guarded('/profile'), '/cart', '/purchases/1'] },
    { client: illustrator, paths: [...guarded('/dashboard'), '/card_issue', '/profile'] },
    { client: admin, paths: guarded('/admins') },
  ];
}

/** Fetches every page in both languages into `folder`; answers the file names by the URL they hold. */
async function fetchPages(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const { client, paths } of await pagesByClient()) {
    for (const url of paths.flatMap((path) => [path, enPath(path)])) {
      const response = await client.get<string>(url, { siteHeaders: false, headers: { accept: 'text/html' } });
      expect(response.status, url).toBeLessThan(500);
      expect(response.headers.get('content-type') ?? '', url).toMatch(/^text\/html/);
      const file = join(folder, `${String(files.size).padStart(3, '0')}.html`);
      await writeFile(file, String(response.body));
      files.set(file, url);
    }
  }
  return files;
}

/** Runs the checker once over `files`; answers its errors (warnings are left out). */
async function check(files: string[]): Promise<NuMessage[]> {
  const args = ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files];
  const { stdout } = await promisify(execFile)('java', args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    // The checker exits with 1 when it found errors; its report is on stdout either way.
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return (JSON.parse(stdout) as { messages: NuMessage[] }).messages.filter((message) => message.type !== 'info');
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'kirafuda-vnu-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('valid HTML', () => {
  test('the Nu checker finds no error on any kind of page, in either language', async () => {
    const files = await fetchPages();
    expect(files.size).toBeGreaterThan(100);
    const errors = (await check([...files.keys()])).map((message) => {
      const file = decodeURIComponent(new URL(message.url ?? 'file:///?').pathname);
      return `${files.get(file) ?? file}:${message.lastLine ?? '?'}: ${message.message} [${message.extract ?? ''}]`;
    });
    expect(errors).toEqual([]);
  }, 240_000);
});
