/**
 * The house rules of docs/architecture.md, checked on the real tree (and on small made-up graphs, so each
 * rule is seen to fail when broken).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appImportViolations,
  environmentReaders,
  featureLoops,
  featureOrderViolations,
  handPublishers,
  type ImportGraph,
  importsOf,
  islandServerReaches,
  looseFiles,
  productDevImports,
  readImportGraph,
  readSources,
  roomViolations,
  sharedLayerViolations,
  subfolderViolations,
} from '#tests/helpers/importGraph';
import { readAllSources, relativeCrossings } from '#tests/helpers/importStyle';
import { cascadeViolations, findTableWrites, writerViolations } from '#tests/helpers/tableWriters';
import { TABLE_WRITERS } from '~/server/db/writers';
import { FEATURE_FLOORS, floorsDiagram } from './architecture';

const root = join(import.meta.dirname, '..');
const graph = readImportGraph(root);
const sources = readSources(root);
const docs = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** A made-up graph from `file: source` pairs (every named file exists). */
function fake(files: Record<string, string>): ImportGraph {
  const exists = (path: string) => path in files;
  return new Map(Object.entries(files).map(([file, source]) => [file, importsOf(file, source, exists)]));
}

describe('the source tree', () => {
  it('is read whole (every feature, with its imports)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('src/features/trading/tokenPage/TradeActions.tsx')?.map((edge) => edge.to)).toContain(
      'src/features/trading/buy/BuyButton.tsx',
    );
  });

  it('has no loop between features', () => {
    expect(featureLoops(graph)).toEqual([]);
  });

  it('reaches features only on floors below, directly or through a layer, and the floors name every feature', () => {
    expect(featureOrderViolations(graph, FEATURE_FLOORS)).toEqual([]);
  });

  it('shows the floors in docs/architecture.md as src/architecture.ts lists them', () => {
    const flush = (text: string) => text.replace(/^ +/gm, '');
    expect(flush(docs)).toContain(flush(floorsDiagram()));
  });

  it('lets only pages and src/middleware.ts import src/app/', () => {
    expect(appImportViolations(graph)).toEqual([]);
  });

  it('keeps offers and auctions apart, meeting in trading/orders/, which imports no act', () => {
    expect(subfolderViolations(graph)).toEqual([]);
  });

  it('writes each state table only from its owner in the writers table, and cascades into none', () => {
    expect(writerViolations(findTableWrites(root), TABLE_WRITERS)).toEqual([]);
    expect(cascadeViolations(root, TABLE_WRITERS)).toEqual([]);
  });

  it('keeps every file of trading in a room: none at its root, and no room imports the root', () => {
    expect(looseFiles(root)).toEqual([]);
    expect(roomViolations(graph)).toEqual([]);
  });

  it('keeps src/lib free of features, and src/server, src/client and src/ui free of features but i18n and chains', () => {
    expect(sharedLayerViolations(graph)).toEqual([]);
  });

  it('lets no island reach a server module', () => {
    expect(islandServerReaches(graph)).toEqual([]);
  });

  it('keeps demo code, local chains and test support out of the product', () => {
    expect(productDevImports(graph)).toEqual([]);
  });

  it('lets only src/server/settings read the environment', () => {
    expect(environmentReaders(sources)).toEqual([]);
  });

  it('publishes changes only from the API’s write wrapper and the job runner: no route or job calls publishChange', () => {
    expect(handPublishers(sources)).toEqual([]);
  });

  it('imports across folders through ~/ and reaches test helpers through #tests/, tests beside code included', () => {
    expect(relativeCrossings(readAllSources(root))).toEqual([]);
  });
});

describe('the checks', () => {
  it('find a loop of two features and one of three', () => {
    const loops = featureLoops(
      fake({
        'src/features/a/x.ts': "import { y } from '~/features/b/y';",
        'src/features/b/y.ts': "import type { X } from '../a/x';\nimport { z } from '../c/z';",
        'src/features/c/z.ts': "import { x } from '~/features/a/x';",
      }),
    );
    expect(loops).toEqual(['a -> b -> a', 'a -> b -> c -> a']);
  });

  it('find an import upward, one sideways, a reach through a layer and a feature the floors do not name', () => {
    const levels = [['a', 'b'], ['c'], ['d']];
    const found = featureOrderViolations(
      fake({
        'src/features/c/x.ts': "import { y } from '~/features/d/y';\nimport { z } from '~/features/a/z';",
        'src/features/a/z.ts': "import { w } from '../b/w';\nimport { l } from '~/server/l';",
        'src/features/b/w.ts': '',
        'src/features/d/y.ts': "import { v } from '~/features/e/v';",
        'src/features/e/v.ts': '',
        'src/server/l.ts': "import { C } from '~/app/C.astro';",
        'src/app/C.astro': "import { x } from '~/features/c/x';",
      }),
      levels,
    );
    expect(found).toEqual([
      'e is not in the documented order',
      'src/features/a/z.ts -> src/features/b/w.ts',
      'src/features/a/z.ts -> src/server/l.ts -> src/app/C.astro -> src/features/c/x.ts',
      'src/features/c/x.ts -> src/features/d/y.ts',
    ]);
  });

  it('find src/app/ imported from a feature or a layer, not from a page', () => {
    const found = appImportViolations(
      fake({
        'src/pages/p.astro': "import L from '~/app/layouts/L.astro';",
        'src/middleware.ts': "export { onRequest } from '~/app/middleware';",
        'src/app/middleware.ts': '',
        'src/app/layouts/L.astro': '',
        'src/features/a/x.astro': "import L from '~/app/layouts/L.astro';",
        'src/server/s.ts': "import { onRequest } from '../app/middleware';",
      }),
    );
    expect(found).toEqual([
      'src/features/a/x.astro -> src/app/layouts/L.astro',
      'src/server/s.ts -> src/app/middleware.ts',
    ]);
  });

  it('find offers and auctions importing each other, and the orders importing an act', () => {
    const found = subfolderViolations(
      fake({
        'src/features/trading/offer/o.ts': "import type { A } from '../auction/a';",
        'src/features/trading/auction/a.ts': "import { f } from '../orders/f';",
        'src/features/trading/orders/f.ts': "import { c } from '../cart/c';",
        'src/features/trading/cart/c.ts': '',
      }),
    );
    expect(found).toEqual([
      'src/features/trading/offer/o.ts -> src/features/trading/auction/a.ts',
      'src/features/trading/orders/f.ts -> src/features/trading/cart/c.ts',
    ]);
  });

  it('find a module at the trading root and rooms importing it, but not rooms importing each other', () => {
    const found = roomViolations(
      fake({
        'src/features/trading/loose.ts': "import { o } from '~/orders/o';",
        'src/features/trading/sell/s.ts': "import { l } from '../loose';\nimport { o } from '../orders/o';",
        'src/features/trading/orders/o.ts': "import type { L } from '~/features/trading/loose';",
        'src/features/catalogue/c.ts': "import { l } from '~/features/trading/loose';",
        'src/features/catalogue/cards/d.ts': "import { c } from '../c';",
      }),
    );
    expect(found).toEqual([
      'src/features/trading/loose.ts is at the root of trading',
      'src/features/trading/orders/o.ts -> src/features/trading/loose.ts',
      'src/features/trading/sell/s.ts -> src/features/trading/loose.ts',
    ]);
  });

  it('find any file at the trading root, a test or a note too, but none in its rooms', () => {
    const tree = mkdtempSync(join(tmpdir(), 'rooms-'));
    try {
      mkdirSync(join(tree, 'src/features/trading/sell'), { recursive: true });
      for (const path of ['trading/x.test.ts', 'trading/NOTES.md', 'trading/sell/y.ts']) {
        writeFileSync(join(tree, 'src/features', path), '');
      }
      expect(looseFiles(tree)).toEqual(['src/features/trading/NOTES.md', 'src/features/trading/x.test.ts']);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('find writes outside a table’s owner, through aliases, namespaces, variables and sql templates', () => {
    const root = mkdtempSync(join(tmpdir(), 'writers-'));
    const put = (path: string, text: string) => {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    put(
      'src/server/db/schema/t.ts',
      "export const orders = pgTable('orders', { id: id(), status: text('status'), note: text('note') });\n" +
        "export const boxes = pgTable('boxes', { id: id(), orderId: ref('order_id').references(() => orders.id, { onDelete: 'cascade' }) });",
    );
    put(
      'src/features/a/owner.ts',
      "import { orders } from '~/server/db/schema';\ndb.update(orders).set({ status: 'x' });",
    );
    put(
      'src/features/a/x.ts',
      "import { orders as o } from '~/server/db/schema/t';\nimport * as schema from '~/server/db/schema';\n" +
        "const patch = { status: 'done' };\n" +
        'await tx.update(o).set(patch);\n' +
        "await tx.update(o).set({ note: 'fine' });\n" +
        'await tx.update(schema.orders).set(ended ? { status } : { note });\n' +
        "await db.execute(sql`update ${o} set status = 'x' where id = 1`);\n" +
        'await db.execute(sql`delete from boxes where id = 1`);',
    );
    const writers = [
      { table: 'orders', writes: ['status'], owner: 'src/features/a/owner.ts' },
      { table: 'boxes', writes: 'all', owner: 'src/features/b/' },
    ] as const;
    expect(writerViolations(findTableWrites(root), writers)).toEqual([
      'src/features/a/x.ts:4 update orders (owner: src/features/a/owner.ts)',
      'src/features/a/x.ts:6 update orders (owner: src/features/a/owner.ts)',
      'src/features/a/x.ts:7 update orders (owner: src/features/a/owner.ts)',
      'src/features/a/x.ts:8 delete boxes (owner: src/features/b/)',
    ]);
    expect(cascadeViolations(root, writers)).toEqual(['boxes -> orders (owner src/features/b/)']);
    rmSync(root, { recursive: true, force: true });
  });

  it('find lib, ui and server reaching features, and accept ui and server on i18n', () => {
    const found = sharedLayerViolations(
      fake({
        'src/lib/p.ts': "import { q } from '../features/chains/q';",
        'src/ui/U.astro': "import { t } from '~/features/i18n/t';\nimport { c } from '~/features/catalogue/c';",
        'src/server/S.ts': "import { t } from '~/features/i18n/t';\nimport type { U } from '~/features/session/u';",
        'src/features/session/u.ts': '',
        'src/features/chains/q.ts': '',
        'src/features/i18n/t.ts': '',
        'src/features/catalogue/c.ts': '',
      }),
    );
    expect(found).toEqual([
      'src/lib/p.ts -> src/features/chains/q.ts',
      'src/server/S.ts -> src/features/session/u.ts',
      'src/ui/U.astro -> src/features/catalogue/c.ts',
    ]);
  });

  it('follow an island through plain modules to a server one, but not through type-only imports', () => {
    const found = islandServerReaches(
      fake({
        'src/features/a/Island.tsx': "import { m } from './model';\nimport type { R } from './rows.server';",
        'src/features/a/model.ts': "export { q } from './query.server';",
        'src/features/a/query.server.ts': '',
        'src/features/a/rows.server.ts': '',
      }),
    );
    expect(found).toEqual(['src/features/a/Island.tsx -> src/features/a/model.ts -> src/features/a/query.server.ts']);
  });

  it('find publishChange named outside the events feature and the composition roots, however it is reached', () => {
    const found = handPublishers(
      new Map([
        ['src/pages/api/v1/x.ts', "import { publishChange } from '~/features/events/publish.server';"],
        ['src/features/a/jobs.server.ts', "const { publishChange: tell } = await import('~/features/events/publish');"],
        ['src/features/b/y.server.ts', 'await control.changed(change); // publishChanges is another name'],
        ['src/features/events/publish.server.ts', 'export async function publishChange() {}'],
        ['src/app/server/writeRoute.ts', 'export const writeRoute = writeRoutes(publishChange);'],
      ]),
    );
    expect(found).toEqual(['src/features/a/jobs.server.ts', 'src/pages/api/v1/x.ts']);
  });

  it('find the product importing demo code and tests', () => {
    const found = productDevImports(
      fake({
        'src/features/a/x.ts': "const seed = await import('~/dev/seed/demo');",
        'src/dev/seed/demo.ts': "import { x } from '~/features/a/x';",
        'src/pages/p.ts': "import { h } from '../../tests/helpers/h';",
        'tests/helpers/h.ts': '',
      }),
    );
    expect(found).toEqual(['src/features/a/x.ts -> src/dev/seed/demo.ts', 'src/pages/p.ts -> tests/helpers/h.ts']);
  });

  it('find process.env read outside the settings module', () => {
    const found = environmentReaders(
      new Map([
        ['src/server/settings/settings.server.ts', 'current ??= loadSettings(process.env);'],
        ['src/features/a/x.ts', "// settings, not the environment\nconst url = process.env['DATABASE_URL'];"],
        ['src/dev/seed/s.ts', 'const { SEED_DEMO } = process.env;'],
      ]),
    );
    expect(found).toEqual(['src/dev/seed/s.ts:1', 'src/features/a/x.ts:2']);
  });

  it('find a relative import that leaves its feature or layer, or climbs to tests, but not one within a feature', () => {
    const found = relativeCrossings(
      new Map([
        ['src/features/a/x/one.ts', "import { b } from '../../b/two.ts';\nimport { c } from '../y/three.ts';"],
        ['src/features/a/x/one.test.ts', "import { db } from '../../../../tests/helpers/db';"],
        [
          'src/server/s.ts',
          "import { u } from '../ui/u.ts';\nimport { v } from './v.ts';\nimport { w } from '~/ui/w.ts';",
        ],
      ]),
    );
    expect(found).toEqual([
      'src/features/a/x/one.test.ts -> ../../../../tests/helpers/db',
      'src/features/a/x/one.ts -> ../../b/two.ts',
      'src/server/s.ts -> ../ui/u.ts',
    ]);
  });
});
