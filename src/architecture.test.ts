/**
 * The house rules of docs/architecture.md, checked on the real tree (and on small made-up graphs, so each
 * rule is seen to fail when broken).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  featureLoops,
  type ImportGraph,
  importsOf,
  islandServerReaches,
  productDevImports,
  readImportGraph,
  sharedLayerViolations,
} from '../tests/helpers/importGraph';

const root = join(import.meta.dirname, '..');
const graph = readImportGraph(root);

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

  it('keeps src/lib free of features and src/ui free of features but i18n and chains', () => {
    expect(sharedLayerViolations(graph)).toEqual([]);
  });

  it('lets no island reach a server module', () => {
    expect(islandServerReaches(graph)).toEqual([]);
  });

  it('keeps demo code, local chains and test support out of the product', () => {
    expect(productDevImports(graph)).toEqual([]);
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

  it('find lib and ui reaching features, and accept ui on i18n', () => {
    const found = sharedLayerViolations(
      fake({
        'src/lib/p.ts': "import { q } from '../features/chains/q';",
        'src/ui/U.astro': "import { t } from '~/features/i18n/t';\nimport { c } from '~/features/catalogue/c';",
        'src/features/chains/q.ts': '',
        'src/features/i18n/t.ts': '',
        'src/features/catalogue/c.ts': '',
      }),
    );
    expect(found).toEqual([
      'src/lib/p.ts -> src/features/chains/q.ts',
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
});
