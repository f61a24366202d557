/**
 * The import graph of `src/` and the house rules it must keep (docs/architecture.md "Rules"): features reach
 * only features on floors below theirs (src/architecture.ts), directly or through the layers between them (the
 * non-feature folders are contracted, so a reach through a layout or `src/server` counts); `src/server`,
 * `src/client` and `src/ui` import no feature but i18n and chains, `src/lib` none; only pages and
 * `src/middleware.ts` import `src/app/`; inside trading, offers and auctions do not import each other, the
 * orders import no act, and every file lives in a room (none at trading's root, no room imports the root);
 * islands (`*.tsx`) never reach server code; the product never imports `src/dev/` or `tests/`; only the events
 * feature and the composition roots name `publishChange` (who writes each state table is ./tableWriters.ts).
 * Type-only imports are erased at build time, so they count for the feature order but not for what
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

/** The text of every module under `dir` by path (tests excluded: they may reach across features to set things up). */
export function readSources(root: string, dir = 'src'): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = `${folder}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|astro|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
        sources.set(path, readFileSync(join(root, path), 'utf8'));
      }
    }
  };
  walk(dir);
  return sources;
}

/** Reads every module under `dir` with its imports (tests excluded, as {@link readSources}). */
export function readImportGraph(root: string, dir = 'src'): ImportGraph {
  const exists = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isFile();
  return new Map([...readSources(root, dir)].map(([path, source]) => [path, importsOf(path, source, exists)]));
}

/** The feature a module belongs to (`catalogue` for `src/features/catalogue/...`), or undefined. */
export function featureOf(path: string): string | undefined {
  return /^src\/features\/([^/]+)\//.exec(path)?.[1];
}

/**
 * Feature -> the features its files reach, directly or through files of no feature (layers, `src/app/`,
 * `src/middleware.ts`), with one such path each (type-only imports included): the graph with the non-feature
 * folders contracted.
 */
export function featureReaches(graph: ImportGraph): Map<string, Map<string, string>> {
  const reaches = new Map<string, Map<string, string>>();
  for (const [from] of graph) {
    const a = featureOf(from);
    if (!a) continue;
    const found = reaches.get(a) ?? new Map<string, string>();
    reaches.set(a, found);
    const seen = new Map<string, string>([[from, '']]);
    const queue = [from];
    while (queue.length > 0) {
      const at = queue.shift() as string;
      for (const { to } of graph.get(at) ?? []) {
        if (seen.has(to)) continue;
        seen.set(to, at);
        const b = featureOf(to);
        if (b === a) continue;
        if (b) {
          if (!found.has(b)) {
            const chain = [to];
            for (let step = at; step; step = seen.get(step) ?? '') chain.unshift(step);
            found.set(b, chain.join(' -> '));
          }
        } else queue.push(to);
      }
    }
  }
  return reaches;
}

/** Feature -> the features it reaches ({@link featureReaches}). */
export function featureEdges(graph: ImportGraph): Map<string, Set<string>> {
  return new Map([...featureReaches(graph)].map(([feature, reached]) => [feature, new Set(reached.keys())]));
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

/**
 * Imports from the layers into features (`src/server`, `src/client` and `src/ui` may use i18n and chains;
 * `src/lib` none), into `src/app/` or `src/dev/`, and of `src/server` from `src/lib` or `src/ui`.
 */
export function sharedLayerViolations(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph) {
    const layer = /^src\/(server|client|lib|ui)\//.exec(from)?.[1];
    if (!layer) continue;
    for (const { to } of imports) {
      const feature = featureOf(to);
      const allowed = layer !== 'lib' && (feature === 'i18n' || feature === 'chains');
      const forbiddenLayer =
        /^src\/(app|dev)\//.test(to) ||
        ((layer === 'lib' || layer === 'ui') && /^src\/server\//.test(to)) ||
        (layer === 'lib' && /^src\/client\//.test(to));
      if ((feature && !allowed) || forbiddenLayer) found.push(`${from} -> ${to}`);
    }
  }
  return found.sort();
}

/** Imports of `src/app/` from anywhere but pages, `src/middleware.ts` and `src/app/` itself. */
export function appImportViolations(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph) {
    if (/^src\/(app|pages)\//.test(from) || from === 'src/middleware.ts') continue;
    for (const { to } of imports) if (to.startsWith('src/app/')) found.push(`${from} -> ${to}`);
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

/**
 * Feature reaches against the floors (src/architecture.ts), through the layers too: a reach of a feature on the
 * same floor or above (as its path), and a feature missing from the floors.
 */
export function featureOrderViolations(graph: ImportGraph, levels: readonly (readonly string[])[]): string[] {
  const levelOf = new Map(levels.flatMap((names, level) => names.map((name) => [name, level] as const)));
  const found = new Set<string>();
  for (const [a, reached] of featureReaches(graph)) {
    if (!levelOf.has(a)) found.add(`${a} is not in the documented order`);
    for (const [b, path] of reached) {
      if (!levelOf.has(b)) found.add(`${b} is not in the documented order`);
      else if ((levelOf.get(b) ?? 0) >= (levelOf.get(a) ?? 0)) found.add(path);
    }
  }
  return [...found].sort();
}

/** Folders inside a feature that must not import one another (`from` -> `to`, paths under src/features/). */
export const SUBFOLDER_RULES: readonly { from: string; to: RegExp }[] = [
  // Offers and auctions meet in trading/orders/ (and trading/placeOffer/), never directly.
  { from: 'trading/offer/', to: /^trading\/auction\// },
  { from: 'trading/auction/', to: /^trading\/offer\// },
  // The orders below every act: they import none of them.
  { from: 'trading/orders/', to: /^trading\/(offer|auction|cart|sell|buy|cancel|bulk)\// },
];

/** Imports that break {@link SUBFOLDER_RULES}, type-only ones included. */
export function subfolderViolations(graph: ImportGraph, rules = SUBFOLDER_RULES): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph) {
    const inside = from.replace(/^src\/features\//, '');
    for (const rule of rules) {
      if (!inside.startsWith(rule.from)) continue;
      for (const { to } of imports) {
        if (rule.to.test(to.replace(/^src\/features\//, ''))) found.push(`${from} -> ${to}`);
      }
    }
  }
  return found.sort();
}

/** Features whose root holds no file: every file lives in a room (a subfolder), and no room imports the root. */
export const ROOMED_FEATURES: readonly string[] = ['trading'];

/** The roomed feature whose root holds `path` (`trading` for `src/features/trading/x.ts`), or undefined. */
function rootOf(path: string, features: readonly string[]): string | undefined {
  const feature = /^src\/features\/([^/]+)\/[^/]+$/.exec(path)?.[1];
  return feature && features.includes(feature) ? feature : undefined;
}

/**
 * Modules at the root of a roomed feature ({@link ROOMED_FEATURES}), and imports from one of its rooms into its
 * root, type-only ones included.
 */
export function roomViolations(graph: ImportGraph, features = ROOMED_FEATURES): string[] {
  const found: string[] = [];
  for (const [from, imports] of graph) {
    const root = rootOf(from, features);
    if (root) {
      found.push(`${from} is at the root of ${root}`);
      continue;
    }
    const feature = featureOf(from);
    if (!feature || !features.includes(feature)) continue;
    for (const { to } of imports) if (rootOf(to, features) === feature) found.push(`${from} -> ${to}`);
  }
  return found.sort();
}

/** Every file (tests, styles and notes too) at the root of a roomed feature, repository-relative. */
export function looseFiles(root: string, features = ROOMED_FEATURES): string[] {
  return features
    .flatMap((feature) => {
      const folder = `src/features/${feature}`;
      return readdirSync(join(root, folder))
        .map((name) => `${folder}/${name}`)
        .filter((path) => statSync(join(root, path)).isFile());
    })
    .sort();
}

/** The one reader of the environment (docs/architecture.md): everything else is handed its settings. */
export const ENVIRONMENT_READER = 'src/server/settings/';

/** Mentions of `process.env` outside {@link ENVIRONMENT_READER}, as `file:line` (the demo code too). */
export function environmentReaders(sources: ReadonlyMap<string, string>, reader = ENVIRONMENT_READER): string[] {
  const found: string[] = [];
  for (const [path, source] of sources) {
    if (path.startsWith(reader)) continue;
    source.split('\n').forEach((line, index) => {
      if (/\bprocess\.env\b/.test(line)) found.push(`${path}:${index + 1}`);
    });
  }
  return found.sort();
}

/**
 * Where a change may be published from: the events feature (it defines `publishChange`) and the composition roots,
 * which give it to the API's write wrapper and to the job runner. A route or a job returns its change instead.
 */
export const CHANGE_PUBLISHERS: readonly string[] = ['src/features/events/', 'src/app/server/'];

/** Modules outside {@link CHANGE_PUBLISHERS} that name `publishChange` (imported, aliased or called: any mention). */
export function handPublishers(sources: ReadonlyMap<string, string>, allowed = CHANGE_PUBLISHERS): string[] {
  return [...sources]
    .filter(([path, source]) => /\bpublishChange\b/.test(source) && !allowed.some((folder) => path.startsWith(folder)))
    .map(([path]) => path)
    .sort();
}
