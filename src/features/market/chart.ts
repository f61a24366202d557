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

/** One mark on a chart: a moment and an amount in whole units. */
export interface ChartPoint {
  at: Date;
  value: number;
}

/** A series of marks: drawn as a line through points, as separate marks, or as bars. */
export interface ChartSeries {
  /** What the marks are: a sale, an ask (a listing's price), a day's floor, a day's volume. */
  kind: 'sale' | 'ask' | 'floor' | 'volume';
  points: readonly ChartPoint[];
}

/** What the SVG needs: its box, each series' path and marks, and the axes' ticks. */
export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  series: { kind: ChartSeries['kind']; path: string | null; marks: { x: number; y: number; height: number }[] }[];
  xTicks: { x: number; label: string }[];
  yTicks: { y: number; label: string }[];
}

const DAY_MS = 86_400_000;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 };

/** Wei (decimal string) as whole units for a chart (4 decimals kept; charts need no more). */
export function unitsOf(wei: string): number {
  return Number(BigInt(wei) / 10n ** 14n) / 10_000;
}

/** A tick's amount: up to 4 decimals, no trailing zeros. */
const amountLabel = (value: number) => String(Number(value.toFixed(4)));

/** Lays out `series` in a `width` x `height` box (see the module comment); no points gives empty axes. */
export function chartGeometry(series: readonly ChartSeries[], width = 640, height = 240): ChartGeometry {
  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const all = series.flatMap((one) => one.points);
  const times = all.map((point) => point.at.getTime());
  const first = times.length > 0 ? Math.min(...times) : 0;
  const last = times.length > 0 ? Math.max(...times) : DAY_MS;
  // A single moment still needs a span: a day either side.
  const [from, to] = first === last ? [first - DAY_MS, last + DAY_MS] : [first, last];
  const x = scaleTime()
    .domain([new Date(from), new Date(to)])
    .range([plot.left, plot.right]);
  const top = Math.max(0, ...all.map((point) => point.value));
  const y = scaleLinear()
    .domain([0, top > 0 ? top * 1.1 : 1])
    .nice(4)
    .range([plot.bottom, plot.top]);
  const path = line<ChartPoint>()
    .x((point) => x(point.at))
    .y((point) => y(point.value));
  return {
    width,
    height,
    plot,
    series: series.map((one) => {
      const sorted = [...one.points].sort((a, b) => a.at.getTime() - b.at.getTime());
      const marks = sorted.map((point) => ({
        x: x(point.at),
        y: y(point.value),
        height: plot.bottom - y(point.value),
      }));
      const drawn = (one.kind === 'sale' || one.kind === 'floor') && sorted.length > 1 ? path(sorted) : null;
      return { kind: one.kind, path: drawn, marks };
    }),
    xTicks: x.ticks(4).map((tick) => ({ x: x(tick), label: formatDate(tick).slice(0, 10) })),
    yTicks: y.ticks(4).map((tick) => ({ y: y(tick), label: amountLabel(tick) })),
  };
}
