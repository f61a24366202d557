/**
 * `.env.example` documents every variable the code reads and nothing else: each variable of the settings schema
 * (./schema.ts) and of the browser's `astro:env` schema (astro.config.mjs) has a line there, set or commented out,
 * and every line there names one of them. The configuration table of docs/operations.md names every variable of
 * the settings schema too. Made-up files show each check failing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAIN_KEYS } from '~/features/chains/chainKey';
import astroConfig from '../../../astro.config.mjs';
import { SETTING_NAMES } from './schema';

const root = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The variables the browser reads through `astro:env`. */
const ASTRO_NAMES = Object.keys(astroConfig.env?.schema ?? {});

/** The variables a `.env` file names: `NAME=...` lines, set or commented out (`# NAME=...`). */
function envFileNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] as string));
}

/** The variables the first column of the configuration table names (`<KEY>` stands for each chain key). */
function docsTableNames(markdown: string): Set<string> {
  const start = markdown.indexOf('## Configuration');
  const section = markdown.slice(start, markdown.indexOf('\n## ', start + 1));
  const names = new Set<string>();
  for (const line of section.split('\n').filter((row) => row.startsWith('| `'))) {
    for (const [, name = ''] of (line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*(?:<KEY>)?)`/g)) {
      for (const key of name.endsWith('<KEY>') ? CHAIN_KEYS : ['']) names.add(name.replace('<KEY>', key));
    }
  }
  return names;
}

/** What a documentation leaves out of `known`, and what it names that `known` does not have. */
function compare(documented: ReadonlySet<string>, known: readonly string[]) {
  return {
    missing: known.filter((name) => !documented.has(name)),
    unknown: [...documented].filter((name) => !known.includes(name)),
  };
}

describe('.env.example', () => {
  it('names every variable of the settings schema and of astro:env, and no other', () => {
    expect(compare(envFileNames(read('.env.example')), [...SETTING_NAMES, ...ASTRO_NAMES])).toEqual({
      missing: [],
      unknown: [],
    });
  });

  it('finds a variable left out and one the schemas do not know (made-up files)', () => {
    const documented = envFileNames('# Intro, NOT=a variable\nHOST=127.0.0.1\n# PORT=4321\n# RENDER_CONCURENCY=2\n');
    expect(compare(documented, ['HOST', 'PORT', 'DATA_DIR'])).toEqual({
      missing: ['DATA_DIR'],
      unknown: ['RENDER_CONCURENCY'],
    });
  });
});

describe('the configuration table of docs/operations.md', () => {
  it('names every variable of the settings schema, and no other', () => {
    expect(compare(docsTableNames(read('docs/operations.md')), SETTING_NAMES)).toEqual({ missing: [], unknown: [] });
  });

  it('reads each name of a row and a per-chain name for every chain (made-up table)', () => {
    const table = [
      '## Configuration',
      '| variable | what it sets |',
      '| `HOST`, `PORT` | where the server listens (`localhost`) |',
      '| `FINALITY_BLOCKS_<KEY>` | per chain |',
      '## Next',
      '| `DATA_DIR` | another section |',
    ].join('\n');
    expect([...docsTableNames(table)]).toEqual(['HOST', 'PORT', ...CHAIN_KEYS.map((key) => `FINALITY_BLOCKS_${key}`)]);
    expect(compare(docsTableNames(table), ['HOST', 'PORT', 'DATA_DIR']).missing).toEqual(['DATA_DIR']);
  });
});

describe('the two schemas', () => {
  it('share no PUBLIC_ value: what the browser reads through astro:env is declared there only', () => {
    expect(ASTRO_NAMES.filter((name) => name.startsWith('PUBLIC_') && SETTING_NAMES.includes(name as never))).toEqual(
      [],
    );
  });
});
