import { useEffect, useRef } from 'react';
import { adminText } from '@/lib/i18n-admin';
import type { StatsDay } from '../api/stats';
import { CHART_HEIGHT, VIEWS_STROKE, VISITORS_STROKE } from '../lib/chart-style';

/**
 * Views (solid) and visitors (dashed) per day, drawn by uPlot on a canvas
 * once its box has a width, redrawn to the box's width when it changes,
 * destroyed with the component. Hidden from screen readers: the sentence and
 * the table beside it say the same. Where nothing measures a width (jsdom),
 * uPlot is never loaded.
 */
export function DaysChart({ days }: { days: readonly StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let chart: { width: number; setSize(size: { width: number; height: number }): void; destroy(): void } | undefined;
    let loading = false;
    let gone = false;
    let width = 0;
    const draw = async (measured: number) => {
      width = measured;
      if (width <= 0) return;
      if (chart) {
        if (chart.width !== width) chart.setSize({ width, height: CHART_HEIGHT });
        return;
      }
      if (loading) return;
      loading = true;
      const { plotDays } = await import('../lib/days-plot');
      // Unmounted, or its days changed, while the library loaded.
      if (gone) return;
      chart = plotDays(element, width, days);
    };
    const observer = new ResizeObserver((entries) => void draw(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(element);
    void draw(element.clientWidth);
    return () => {
      gone = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [days]);
  return <div ref={box} aria-hidden className="min-h-[220px] w-full min-w-0" />;
}

/** The chart's key: which line is which, by its dash as well as its colour. */
export function ChartLegend() {
  const t = adminText.stats;
  return (
    <ul aria-hidden className="flex flex-wrap gap-4 text-sm text-stone-800">
      <li className="flex items-center gap-2">
        <svg width="24" height="6">
          <line x1="0" y1="3" x2="24" y2="3" stroke={VIEWS_STROKE} strokeWidth={2} />
        </svg>
        {t.legendViews}
      </li>
      <li className="flex items-center gap-2">
        <svg width="24" height="6">
          <line x1="0" y1="3" x2="24" y2="3" stroke={VISITORS_STROKE} strokeWidth={2} strokeDasharray="6 4" />
        </svg>
        {t.legendVisitors}
      </li>
    </ul>
  );
}
