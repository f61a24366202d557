/**
 * The import graph of `src/` and the house rules it must keep (docs/architecture.md "Rules"): features do
 * not import each other in loops, `src/lib` imports no feature and `src/ui` none but i18n and chains,
 * islands (`*.tsx`) never reach server code, and the product never imports `src/dev/` or `tests/`.
 * Type-only imports are erased at build time, so they count for the feature loops but not for what
 * reaches the browser.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** One import of a module: the file it resolves to (repository-relative) and whether it is type-only. */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

/** Module path (repository-relative, `/`-separated) -> its imports inside the repository. */
export type ImportGraph = Map<string, ImportEdge[]>;

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.mjs', '/index.ts'];

/** Where `specifier` imported from `file` points inside the repository, or undefined for a package. */
export function resolveImport(file: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  let base: string;
  if (specifier.startsWith('~/')) base = join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(file), specifier);
  else return undefined;
  base = normalize(base).split('\\').join('/');
  return EXTENSIONS.map((ext) => base + ext).find(exists) ?? base;
}

/** The imports of one source text. */
export function importsOf(file: string, source: string, exists: (path: string) => boolean): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const to = resolveImport(file, specifier, exists);
    if (to) edges.push({ to, typeOnly: match[2] !== undefined });
  }
  return edges;
}

/** Reads every module under `dir` (tests excluded: they may reach across features to set things up). */
export function readImportGraph(root: string, dir = 'src'): ImportGraph {
  const graph: ImportGraph = new Map();
  const exists = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isFile();
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = `${folder}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|astro|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
        graph.set(path, importsOf(path, readFileSync(join(root, path), 'utf8'), exists));
      }
    }
  };
  walk(dir);
  return graph;
}

/** The feature a module belongs to (`catalogue` for `src/features/catalogue/...`), or undefined. */
export function featureOf(path: string): string | undefined {
  return /^src\/features\/([^/]+)\//.exec(path)?.[1];
}

/** Feature -> the features it imports (type-only imports included). */
export function featureEdges(graph: ImportGraph): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [from, imports] of graph) {
    const a = featureOf(from);
    if (!a) continue;
    for (const { to } of imports) {
      const b = featureOf(to);
      if (b && b !== a) edges.set(a, (edges.get(a) ?? new Set()).add(b));
    }
  }
  return edges;
}

/** Every loop between features, each as the path that closes it (`a -> b -> a`). */
export function featureLoops(graph: ImportGraph): string[] {
  const edges = featureEdges(graph);
  const loops = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        const start = cycle.indexOf([...cycle].sort()[0] as string);
        loops.add([...cycle.slice(start), ...cycle.slice(0, start), cycle[start]].join(' -> '));
      } else visit(next, [...path, next]);
    }
  };
  for (const node of edges.keys()) visit(node, [node]);
  return [...loops].sort();
}

/** Imports from `src/lib` or `src/ui` into features (ui may use i18n and chains; lib nothing). */
export function sharedLayerViolations(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph) {
    const layer = /^src\/(lib|ui)\//.exec(from)?.[1];
    if (!layer) continue;
    for (const { to } of imports) {
      const feature = featureOf(to);
      const allowed = layer === 'ui' && (feature === 'i18n' || feature === 'chains');
      const forbiddenLayer = /^src\/(server|dev)\//.test(to) || (layer === 'lib' && /^src\/client\//.test(to));
      if ((feature && !allowed) || forbiddenLayer) found.push(`${from} -> ${to}`);
    }
  }
  return found.sort();
}

/** Whether a module is server-only: `*.server.ts`, `src/server/` or `src/dev/`. */
function isServerModule(path: string): boolean {
  return /\.server\.ts$/.test(path) || /^src\/(server|dev)\//.test(path);
}

/** Server modules an island reaches through value imports, as `island -> ... -> module` chains. */
export function islandServerReaches(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const island of graph.keys()) {
    if (!island.endsWith('.tsx')) continue;
    const seen = new Map<string, string>([[island, '']]);
    const queue = [island];
    while (queue.length > 0) {
      const at = queue.shift() as string;
      for (const { to, typeOnly } of graph.get(at) ?? []) {
        if (typeOnly || seen.has(to)) continue;
        seen.set(to, at);
        if (isServerModule(to)) {
          const chain = [to];
          for (let step = at; step; step = seen.get(step) ?? '') chain.unshift(step);
          found.push(chain.join(' -> '));
        } else queue.push(to);
      }
    }
  }
  return found.sort();
}

/** Product modules importing `src/dev/` (demo, local chains) or `tests/`. */
export function productDevImports(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph) {
    if (from.startsWith('src/dev/')) continue;
    for (const { to } of imports) {
      if (to.startsWith('src/dev/') || to.startsWith('tests/')) found.push(`${from} -> ${to}`);
    }
  }
  return found.sort();
}
