/**
 * The order of the features, from the bottom floor up: a feature imports only features on floors below its own
 * (features on one floor are side by side and import none of each other). `src/architecture.test.ts` holds the
 * import graph to it, and docs/architecture.md shows it as a diagram the test checks against this list, so the
 * code, the check and the picture cannot drift. No product code imports this module.
 *
 * @see ../docs/architecture.md ("Rules")
 */
export const FEATURE_FLOORS: readonly (readonly string[])[] = [
  ['i18n', 'wallet'],
  ['chains', 'search', 'contact', 'legal'],
  ['session', 'events', 'reports'],
  ['notifications', 'media'],
  ['ledger', 'social'],
  ['market'],
  ['catalogue'],
  ['profiles', 'trading'],
  ['issuance', 'indexer', 'dashboard'],
  ['payments'],
  ['admin', 'developers'],
];

/** The folders of `src/` that are not features, and what they may import of the features. */
export const LAYERS = {
  /** Composition roots: may import anything; imported only by pages, `src/middleware.ts` and scripts. */
  app: 'src/app/',
  /** Infrastructure: no feature but these. */
  server: 'src/server/',
  client: 'src/client/',
  ui: 'src/ui/',
  /** Small pure helpers: no feature at all. */
  lib: 'src/lib/',
} as const;

/** The features infrastructure (`server`, `client`, `ui`) may import: the language and the chains. */
export const FEATURES_BELOW_LAYERS: readonly string[] = ['i18n', 'chains'];

/** The floors as a Mermaid diagram (top floor first), as docs/architecture.md shows them. */
export function floorsDiagram(floors: readonly (readonly string[])[] = FEATURE_FLOORS): string {
  const lines = ['```mermaid', 'flowchart TB'];
  const top = floors.length - 1;
  lines.push(`  app["app: composition roots (server entry, jobs, middleware, layouts, browser start-up)"]`);
  for (let floor = top; floor >= 0; floor -= 1) {
    const names = floors[floor] ?? [];
    lines.push(`  subgraph floor${floor + 1}["floor ${floor + 1}"]`);
    lines.push('    direction LR');
    for (const name of names) lines.push(`    ${name.replace(/-/g, '_')}["${name}"]`);
    lines.push('  end');
  }
  lines.push('  layers["server · client · ui · lib (infrastructure: no feature but i18n and chains)"]');
  lines.push(`  app --> floor${top + 1}`);
  for (let floor = top; floor > 0; floor -= 1) lines.push(`  floor${floor + 1} --> floor${floor}`);
  lines.push('  floor1 --> layers');
  lines.push('```');
  return lines.join('\n');
}
