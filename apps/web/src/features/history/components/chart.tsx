import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

interface ChartProps {
  data: uPlot.AlignedData;
  /** Options from the uPlot class once loaded (path builders such as bars live on it). Keep it stable. */
  options: (U: typeof uPlot) => ChartOptions;
  height?: number;
}

/**
 * A uPlot canvas, loaded with the page that needs it (≈20 KB gzipped, never on the home tab). It is
 * a picture for sighted owners: each page lists the same figures in text beside it, so the canvas
 * is hidden from screen readers.
 */
export function Chart({ data, options, height = 220 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const width = () => Math.max(200, Math.floor(el.clientWidth));
        plot = new UPlot({ ...options(UPlot), width: width(), height }, data, el);
        observer = new ResizeObserver(() => plot?.setSize({ width: width(), height }));
        observer.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [data, options, height]);

  if (failed) return null;
  return <div ref={box} className="chart" style={{ minHeight: height }} aria-hidden="true" />;
}
