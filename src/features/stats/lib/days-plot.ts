import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { adminText } from '@/lib/i18n-admin';
import type { StatsDay } from '../api/stats';
import { CHART_HEIGHT, VIEWS_STROKE, VISITORS_STROKE } from './chart-style';
import { dayTime, formatCount, formatTick } from './figures';

/**
 * The uPlot side of the days chart, loaded by days-chart.tsx only once its
 * box has a width: uPlot asks the window for its pixel ratio as it loads,
 * which a page without layout (jsdom) cannot answer.
 */

const AXIS = { stroke: '#44403c', grid: { stroke: '#e7e5e4', width: 1 }, ticks: { stroke: '#d6d3d1', width: 1 } };
// Whole numbers only, in 1-2-5 steps up to billions: half a view means nothing, and past its last step uPlot draws no axis.
const WHOLE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((m) => m * 10 ** power)).flat();
const DAY = 86_400;
// Whole days (a tick at noon would name its date twice), then months, then years.
const DAY_STEPS = [1, 2, 3, 4, 5, 6, 7, 14]
  .map((n) => n * DAY)
  .concat([1, 2, 3, 4, 6].map((n) => n * 30 * DAY), [1, 2, 5, 10].map((n) => n * 365 * DAY));

function chartOptions(width: number): Options {
  const t = adminText.stats;
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    // Days are the site's calendar days, carried as UTC midnights: ticks fall on them, whatever her clock.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
    axes: [
      // At least 64 px between days' labels: a week or more apart on a narrow chart, never overlapping.
      { ...AXIS, space: 64, incrs: DAY_STEPS, values: (_u, splits, _axis, _space, step) => splits.map((s) => formatTick(s, step)) },
      // Wide enough for "400.000.000".
      { ...AXIS, size: 84, incrs: WHOLE_STEPS, values: (_u, splits) => splits.map(formatCount) },
    ],
    series: [
      {},
      { label: t.totalViews, stroke: VIEWS_STROKE, width: 2, points: { size: 5, fill: VIEWS_STROKE } },
      { label: t.totalVisitors, stroke: VISITORS_STROKE, width: 2, dash: [6, 4], points: { size: 5, fill: '#ffffff' } },
    ],
  };
}

const chartData = (days: readonly StatsDay[]): AlignedData => [
  days.map((d) => dayTime(d.day) / 1000),
  days.map((d) => d.views),
  days.map((d) => d.visitors),
];

/** Draws the days into `element` at `width`; the caller resizes and destroys it. */
export const plotDays = (element: HTMLElement, width: number, days: readonly StatsDay[]) =>
  new uPlot(chartOptions(width), chartData(days), element);
