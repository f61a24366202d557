/**
 * The house rules of docs/architecture.md, checked on the real tree (and on small made-up graphs, so each
 * rule is seen to fail when broken).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appImportViolations,
  environmentReaders,
  featureLoops,
  featureOrderViolations,
  type ImportGraph,
  importsOf,
  islandServerReaches,
  orderStatusWriters,
  productDevImports,
  readImportGraph,
  readSources,
  sharedLayerViolations,
  subfolderViolations,
} from '../tests/helpers/importGraph';
import { FEATURE_FLOORS, floorsDiagram } from './architecture';

const root = join(import.meta.dirname, '..');
const graph = readImportGraph(root);
const docs = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** A made-up graph from `file: source` pairs (every named file exists). */
function fake(files: Record<string, string>): ImportGraph {
  const exists = (path: string) => path in files;
  return new Map(Object.entries(files).map(([file, source]) => [file, importsOf(file, source, exists)]));
}

describe('the source tree', () => {
  it('is read whole (every feature, with its imports)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('src/features/trading/TradeActions.tsx')?.map((edge) => edge.to)).toContain(
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

  it('lets only trading/orders/ write an order’s status', () => {
    expect(orderStatusWriters(readSources(root, graph))).toEqual([]);
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
    expect(environmentReaders(readSources(root, graph))).toEqual([]);
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
        'src/middleware.ts': "export { onRequest } from './app/middleware';",
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

  it('find status writes of listings and offers outside the order module, but not other writes', () => {
    const found = orderStatusWriters(
      new Map([
        [
          'src/features/a/x.ts',
          "await tx\n  .update(sellOrders)\n  .set({ status: 'cancelled', closedAt: at })\n  .where(x);",
        ],
        ['src/features/a/y.ts', 'await db.update(offers).set(ended ? { status } : { checkedAt: now }).where(x);'],
        ['src/features/a/z.ts', 'await db.update(offers).set({ checkedAt: null }).where(eq(offers.status, x));'],
        [
          'src/features/a/w.ts',
          "await tx.insert(sellOrders).values(row);\nawait db.execute(sql`update sell_orders set status = 'sold'`);",
        ],
        ['src/features/trading/orders/orderStatus.server.ts', "db.update(sellOrders).set({ status: 'sold' })"],
        ['src/dev/seed/demo.ts', 'await db.insert(sellOrders).values(rows);'],
      ]),
    );
    expect(found).toEqual([
      'src/features/a/w.ts:1',
      'src/features/a/w.ts:2',
      'src/features/a/x.ts:2',
      'src/features/a/y.ts:1',
    ]);
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
});
