/**
 * `npm run docs:floors`: writes the feature floors of src/architecture.ts into docs/architecture.md as the Mermaid
 * diagram src/architecture.test.ts compares (after moving a feature to another floor, or adding one).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { floorsDiagram } from '../src/architecture.ts';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'architecture.md');
const text = readFileSync(docs, 'utf8');
const block = /( *)```mermaid\n *flowchart TB\n[\s\S]*?\n *```/;
const found = block.exec(text);
if (!found) throw new Error('docs/architecture.md: no floors diagram to replace');
const indent = found[1] ?? '';
const diagram = floorsDiagram()
  .split('\n')
  .map((line) => (line ? indent + line : line))
  .join('\n');
writeFileSync(docs, text.replace(block, diagram));
console.log('docs/architecture.md: floors diagram written');
