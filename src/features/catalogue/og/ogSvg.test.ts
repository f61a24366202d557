import { describe, expect, test } from 'vitest';
import { escapeXml, OG_HEIGHT, OG_WIDTH, ogBackgroundSvg, ogTextSvg, wrapText } from './ogSvg';

describe('wrapText', () => {
  test('short text stays on one line', () => {
    expect(wrapText('Blue Comet', 10, 2)).toEqual(['Blue Comet']);
  });

  test('Latin text breaks at spaces', () => {
    expect(wrapText('Shrine Maiden of Night Sakura', 10, 3)).toEqual(['Shrine Maiden of', 'Night Sakura']);
    expect(wrapText('Shrine Maiden of Night', 6, 3)).toEqual(['Shrine', 'Maiden of', 'Night']);
  });

  test('Japanese text breaks between any two characters', () => {
    expect(wrapText('夜桜の巫女と花明かりの狐', 6, 2)).toEqual(['夜桜の巫女と', '花明かりの狐']);
  });

  test('text longer than the lines allow ends in an ellipsis', () => {
    const lines = wrapText('一二三四五六七八九十一二三四五', 5, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
  });
});

describe('the SVG layers', () => {
  test('are the Open Graph size, 1200x630', () => {
    expect(OG_WIDTH).toBe(1200);
    expect(OG_HEIGHT).toBe(630);
    expect(ogBackgroundSvg()).toContain('width="1200" height="630"');
  });

  test('the text layer carries the name, subtitle and price, escaped', () => {
    const svg = ogTextSvg({
      site: 'Kirafuda',
      name: 'Cats & <Wizards>',
      subtitle: 'Collection by Mio',
      price: '0.05 ETH',
      footnote: 'Ethereum · #3',
    });
    expect(svg).toContain('Cats &#38; &#60;Wizards&#62;');
    expect(svg).toContain('Collection by Mio');
    expect(svg).toContain('0.05 ETH');
    expect(svg).toContain('Ethereum · #3');
  });

  test('escapeXml leaves no markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).not.toMatch(/[<>"'&](?!#)/);
  });
});
