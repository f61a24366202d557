import { describe, expect, it } from 'vitest';
import { chartGeometry, unitsOf } from './chart';

const ETH = 10n ** 18n;

describe('market chart geometry', () => {
  it('puts each sale where its time and price say, the line through them in time order', () => {
    const sales = [
      { at: new Date('2026-03-03T00:00:00Z'), value: 2 },
      { at: new Date('2026-03-01T00:00:00Z'), value: 1 },
    ];
    const chart = chartGeometry([{ kind: 'sale', points: sales }], 640, 240);
    const [sale] = chart.series;
    // Earliest at the plot's left edge, latest at its right; 0 at the bottom.
    expect(sale?.marks.map((mark) => mark.x)).toEqual([chart.plot.left, chart.plot.right]);
    const zero = chart.yTicks.find((tick) => tick.label === '0');
    expect(zero?.y).toBe(chart.plot.bottom);
    const two = chart.yTicks.find((tick) => tick.label === '2');
    expect(sale?.marks[1]?.y).toBeCloseTo(two?.y ?? Number.NaN, 6);
    expect(sale?.path).toMatch(/^M56,[\d.]+L628,[\d.]+$/);
  });

  it('marks asks without a line, labels days in Asia/Tokyo, and copes with one point or none', () => {
    const chart = chartGeometry([{ kind: 'ask', points: [{ at: new Date('2026-03-01T16:00:00Z'), value: 1.5 }] }]);
    expect(chart.series[0]?.path).toBeNull();
    expect(chart.series[0]?.marks).toHaveLength(1);
    expect(chart.xTicks.map((tick) => tick.label)).toContain('2026-03-02');
    expect(chartGeometry([]).series).toEqual([]);
  });

  it('reads wei as whole units', () => {
    expect(unitsOf((ETH + ETH / 4n).toString())).toBe(1.25);
  });
});
