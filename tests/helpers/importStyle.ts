/**
 * How an import is written: within its folder a relative path, out of it `~/…` (into src) or `#tests/…` (into tests),
 * so a file's imports say at a glance which are its neighbours, and moving a folder does not touch its callers.
 * A folder here is a feature (`src/features/<name>`) or a top-level folder of src (`server`, `ui`, `app`, …).
 * Read with a regular expression over the text, tests included (they are where `../../../../tests/helpers` grew).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

/** Relative imports in src that leave their folder (`file -> specifier`): they should read `~/…` or `#tests/…`. */
export function relativeCrossings(sources: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of sources) {
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
