/**
 * How an import is written: within its folder a relative path, out of it `~/…` (into src) or `#tests/…` (into tests),
 * so a file's imports say at a glance which are its neighbours, and moving a folder does not touch its callers.
 * A folder here is a feature (`src/features/<name>`) or a top-level folder of src (`server`, `ui`, `app`, …).
 * Read with a regular expression over the text, tests included (they are where `../../../../tests/helpers` grew).
 * One exception: a module that plain Node loads as it is (imported by a script or a benchmark without the bundler,
 * `scripts/lib/bundle-ts.mjs`) imports relatively and with extensions, since Node resolves neither alias.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.\.?\/[^'"\n]+)\1/g;

/** The folder a file belongs to for {@link relativeCrossings}. */
export function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] !== 'src') return parts[0] ?? '';
  if (parts[1] === 'features') return `features/${parts[2]}`;
  return parts.length === 2 ? 'src' : (parts[1] ?? '');
}

/** Every module under src, tests included, by path. */
export function readAllSources(root: string, dir = 'src'): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = `${folder}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|astro|mjs)$/.test(name) && !name.endsWith('.d.ts')) {
        sources.set(path, readFileSync(join(root, path), 'utf8'));
      }
    }
  };
  walk(dir);
  return sources;
}

const ANY_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;

/**
 * The modules plain Node loads as they are: what `scripts/*.mjs` and `bench/*.mjs` import directly, and what those
 * import in turn (`file -> specifier` for each alias met on the way, which Node cannot resolve, in `aliases`).
 */
export function plainNodeModules(root: string): { modules: Set<string>; aliases: string[] } {
  const modules = new Set<string>();
  const aliases: string[] = [];
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(ANY_IMPORT)) {
      const specifier = match[2] ?? '';
      if (specifier.startsWith('~/') || specifier.startsWith('#tests/')) aliases.push(`${file} -> ${specifier}`);
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (/\.(ts|tsx|mjs)$/.test(target) && existsSync(join(root, target))) visit(target);
    }
  };
  for (const dir of ['scripts', 'bench']) {
    for (const name of readdirSync(join(root, dir))) if (name.endsWith('.mjs')) visit(`${dir}/${name}`);
  }
  return { modules, aliases: aliases.sort() };
}

/**
 * Relative imports in src that leave their folder (`file -> specifier`): they should read `~/…` or `#tests/…`
 * (but in `plain`, the modules plain Node loads).
 */
export function relativeCrossings(
  sources: ReadonlyMap<string, string>,
  plain: ReadonlySet<string> = new Set(),
): string[] {
  const found: string[] = [];
  for (const [file, source] of sources) {
    if (plain.has(file)) continue;
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[2] ?? '';
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (target.startsWith('src/') && folderOf(target) === folderOf(file)) continue;
      if (!target.startsWith('src/') && !target.startsWith('tests/')) continue;
      found.push(`${file} -> ${specifier}`);
    }
  }
  return found.sort();
}
