/**
 * The geometry of the market charts, drawn on the server as SVG (./PriceChart.astro): scales, ticks and paths
 * come from d3-scale and d3-shape, so the page carries no chart JavaScript. Times run left to right in
 * Asia/Tokyo days; amounts are whole currency units (wei / 10^18) from zero up.
 *
 * @see https://d3js.org/d3-scale/time, https://d3js.org/d3-shape/line
 */
import { scaleLinear, scaleTime } from 'd3-scale';
import { line } from 'd3-shape';
import { formatDate } from '~/lib/dates';

/** One mark on a chart: a moment (or a span: a day's floor holds from `at` to `until`) and an amount in whole units. */
export interface ChartPoint {
  at: Date;
  value: number;
  until?: Date;
}

/** A series of marks: drawn as a line through points (sales), as separate marks (asks), as a level held over each day (floors) or as bars (volumes). */
export interface ChartSeries {
  /** What the marks are: a sale, an ask (a listing's price), a day's floor, a day's volume. */
  kind: 'sale' | 'ask' | 'floor' | 'volume';
  points: readonly ChartPoint[];
}

/**
 * What the page draws. Across, a chart takes whatever width its column has, so that its text keeps its size on a
 * phone (an SVG scaled down to a phone's width shrank 11 px labels to 5 px): marks and ticks stand at a fraction of
 * the plot's width (0 at its left edge, 1 at its right; SVG accepts percentages there), lines and bars are drawn in
 * a box {@link PLOT_SPAN} wide that the page stretches to the plot's width. Down, everything is in CSS pixels.
 */
export interface ChartGeometry {
  /** Height of the chart in CSS pixels, the x axis' labels included. */
  height: number;
  /** The plot's top and bottom (the zero line), in CSS pixels. */
  plot: { top: number; bottom: number };
  /**
   * Each series: its line (in the stretched box; null when it has none), its marks (x a fraction of the width) and,
   * for floors, the latest floor's height (drawn across the whole plot: a phone shows the current floor even
   * where the history is a day wide).
   */
  series: {
    kind: ChartSeries['kind'];
    path: string | null;
    marks: { x: number; y: number; height: number }[];
    latest: number | null;
  }[];
  /** A bar's width in the stretched box. */
  barWidth: number;
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
}

/** Width of the box lines and bars are drawn in (stretched to the plot's width, strokes kept at their width). */
export const PLOT_SPAN = 1000;
const DAY_MS = 86_400_000;
const MARGIN = { top: 12, bottom: 24 };
/** The first and last moments stand this far inside the plot, so that their marks are drawn whole. */
const INSET = 0.03;

/** Wei (decimal string) as whole units for a chart (4 decimals kept; charts need no more). */
export function unitsOf(wei: string): number {
  return Number(BigInt(wei) / 10n ** 14n) / 10_000;
}

/** A coordinate with one decimal, a tenth of a unit of the plot's 1,000 across (a path's text stays short). */
const round = (value: number) => Math.round(value * 10) / 10;

/** A tick's amount: up to 4 decimals, no trailing zeros. */
const amountLabel = (value: number) => String(Number(value.toFixed(4)));

/** Lays out `series` in a chart `height` CSS pixels high (see {@link ChartGeometry}); no points gives empty axes. */
export function chartGeometry(series: readonly ChartSeries[], height = 220): ChartGeometry {
  const plot = { top: MARGIN.top, bottom: height - MARGIN.bottom };
  const all = series.flatMap((one) => one.points);
  const times = all.flatMap((point) => [point.at.getTime(), ...(point.until ? [point.until.getTime()] : [])]);
  const first = times.length > 0 ? Math.min(...times) : 0;
  const last = times.length > 0 ? Math.max(...times) : DAY_MS;
  // A single moment still needs a span: a day either side.
  const [from, to] = first === last ? [first - DAY_MS, last + DAY_MS] : [first, last];
  const x = scaleTime()
    .domain([new Date(from), new Date(to)])
    .range([INSET, 1 - INSET]);
  const top = Math.max(0, ...all.map((point) => point.value));
  const y = scaleLinear()
    .domain([0, top > 0 ? top * 1.1 : 1])
    .nice(4)
    .range([plot.bottom, plot.top]);
  const across = (at: Date) => x(at) * PLOT_SPAN;
  const path = line<ChartPoint>()
    .digits(1)
    .x((point) => across(point.at))
    .y((point) => y(point.value));
  /** A level held over spans: each span a flat stroke, joined to the next by a step when they touch. */
  const steps = (points: readonly ChartPoint[]) => {
    let drawn = '';
    let end: number | null = null;
    for (const point of points) {
      const level = round(y(point.value));
      const to = round(across(point.until ?? point.at));
      drawn += end === point.at.getTime() ? `V${level}H${to}` : `M${round(across(point.at))},${level}H${to}`;
      end = (point.until ?? point.at).getTime();
    }
    return drawn;
  };
  const marksAcross = Math.max(1, ...series.map((one) => one.points.length));
  return {
    height,
    plot,
    barWidth: Math.max(2, Math.min(16, PLOT_SPAN / marksAcross / 2)),
    series: series.map((one) => {
      const sorted = [...one.points].sort((a, b) => a.at.getTime() - b.at.getTime());
      const marks = sorted.map((point) => ({
        x: x(point.at),
        y: y(point.value),
        height: plot.bottom - y(point.value),
      }));
      const drawn =
        one.kind === 'floor' && sorted.length > 0
          ? steps(sorted)
          : one.kind === 'sale' && sorted.length > 1
            ? path(sorted)
            : null;
      const newest = sorted.at(-1);
      return { kind: one.kind, path: drawn, marks, latest: one.kind === 'floor' && newest ? y(newest.value) : null };
    }),
    xTicks: x.ticks(4).map((tick) => ({ x: x(tick), label: formatDate(tick).slice(0, 10) })),
    yTicks: y.ticks(4).map((tick) => ({ y: y(tick), label: amountLabel(tick) })),
  };
}
