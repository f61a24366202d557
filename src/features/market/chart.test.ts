import { describe, expect, it } from 'vitest';
import { chartGeometry, PLOT_SPAN, unitsOf } from './chart';

const ETH = 10n ** 18n;

describe('market chart geometry', () => {
  it('puts each sale where its time and price say, the line through them in time order', () => {
    const sales = [
      { at: new Date('2026-03-03T00:00:00Z'), value: 2 },
      { at: new Date('2026-03-01T00:00:00Z'), value: 1 },
    ];
    const chart = chartGeometry([{ kind: 'sale', points: sales }], 240);
    const [sale] = chart.series;
    // Earliest near the plot's left edge, latest near its right (as fractions of its width); 0 at the bottom.
    expect(sale?.marks.map((mark) => mark.x)).toEqual([0.03, 0.97]);
    const zero = chart.yTicks.find((tick) => tick.label === '0');
    expect(zero?.y).toBe(chart.plot.bottom);
    const two = chart.yTicks.find((tick) => tick.label === '2');
    expect(sale?.marks[1]?.y).toBeCloseTo(two?.y ?? Number.NaN, 6);
    // The line is drawn in the box the page stretches across the plot.
    expect(sale?.path).toMatch(new RegExp(`^M${0.03 * PLOT_SPAN},[\\d.]+L${0.97 * PLOT_SPAN},[\\d.]+$`));
  });

  it('keeps heights in CSS pixels whatever the width, places ticks across as fractions, draws a floor over its day', () => {
    const day = (date: string) => ({
      at: new Date(`${date}T00:00:00+09:00`),
      until: new Date(`${date}T24:00:00+09:00`),
    });
    const chart = chartGeometry([{ kind: 'floor', points: [{ ...day('2026-03-02'), value: 1 }] }], 200);
    expect(chart.height).toBe(200);
    expect(chart.plot.bottom).toBeLessThan(200);
    expect(chart.xTicks.length).toBeGreaterThan(0);
    expect(chart.xTicks.every((tick) => tick.x >= 0 && tick.x <= 1)).toBe(true);
    // One day's floor is a flat stroke across that day: the whole plot, as the day is all the chart shows.
    expect(chart.series[0]?.path).toMatch(new RegExp(`^M${0.03 * PLOT_SPAN},[\\d.]+H${0.97 * PLOT_SPAN}$`));
    // Days that follow each other are one line with steps; a day without a floor breaks it.
    const days = chartGeometry([
      {
        kind: 'floor',
        points: [
          { ...day('2026-03-01'), value: 1 },
          { ...day('2026-03-02'), value: 2 },
          { ...day('2026-03-04'), value: 2 },
        ],
      },
    ]);
    expect(days.series[0]?.path?.match(/[MVH]/g)).toEqual(['M', 'H', 'V', 'H', 'M', 'H']);
    // The latest floor is also a level across the plot.
    expect(days.series[0]?.latest).toBeCloseTo(days.yTicks.find((tick) => tick.label === '2')?.y ?? Number.NaN, 6);
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
