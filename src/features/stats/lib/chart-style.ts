/** The days chart's height and its lines' colours, shared by the chart (lib/days-plot.ts) and its legend, which draws before uPlot loads. */
export const CHART_HEIGHT = 220;
// stone-900 and amber-700, as the subscribers' chart; the dash, not the colour, tells them apart.
export const VIEWS_STROKE = '#1c1917';
export const VISITORS_STROKE = '#b45309';
