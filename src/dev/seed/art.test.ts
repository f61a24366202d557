import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_DESIGN_COUNT, cardArtSvg, cardImagePath, demoArtFiles } from './art.ts';
import { buildDemoPlan } from './demoPlan.ts';

const publicDir = join(import.meta.dirname, '..', '..', '..', 'public');

describe('demo art', () => {
  it('is on disk exactly as generated (regenerate with `npm run db:seed -- --write-art`)', async () => {
    for (const [path, svg] of demoArtFiles()) {
      expect(await readFile(join(publicDir, path), 'utf8'), path).toBe(svg);
    }
  });

  it('stays under 400 KB in total', () => {
    const bytes = demoArtFiles().reduce((sum, [, svg]) => sum + Buffer.byteLength(svg), 0);
    expect(bytes).toBeLessThan(400 * 1024);
  });

  it('has distinct card designs with no text drawn in them', () => {
    const designs = Array.from({ length: CARD_DESIGN_COUNT }, (_, i) => cardArtSvg(i));
    expect(new Set(designs).size).toBe(CARD_DESIGN_COUNT);
    for (const svg of designs) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<text|<image|href=/);
    }
  });

  it('numbers card design paths from 01 and wraps past the last design', () => {
    expect(cardImagePath(0)).toBe('/images/cards/card-01.svg');
    expect(cardImagePath(CARD_DESIGN_COUNT)).toBe('/images/cards/card-01.svg');
  });

  it('covers every image the demo data points at', () => {
    const plan = buildDemoPlan(new Date('2025-01-01T00:00:00Z'));
    const files = new Set(demoArtFiles().map(([path]) => path));
    const used = [
      ...plan.cards.map((card) => card.image),
      ...plan.categories.map((category) => category.image),
      ...plan.illustrators.map((illustrator) => illustrator.image),
    ];
    for (const image of used) expect(files.has(image ?? ''), String(image)).toBe(true);
  });
});
