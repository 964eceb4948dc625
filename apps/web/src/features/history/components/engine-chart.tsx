import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { HistoryResponse } from '@tractorlink/domain/vehicles-api';
import { Said } from '../../../components/tractor/said';
import { formatDecimal, formatIstShort } from '../../../lib/signed-in/tractor-format';
import { useUnits } from '../../../lib/signed-in/units';
import { Chart } from './chart';
import type { ChartOptions } from './chart';
import { dayRange, dayTicks, engineChartData, engineSummary } from './chart-data';

const COLORS = { hours: '#1b5e20', rpm: '#b35c00' };

/** Engine hours per day (bars) and average RPM (line, right axis), with the figures in text. */
export function EngineChart({ history }: { history: HistoryResponse }) {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  const lang = i18n.language;
  const data = useMemo(() => engineChartData(history), [history]);
  const s = engineSummary(history);
  const options = useCallback(
    (U: typeof uPlot): ChartOptions => ({
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: true, range: (_u, min, max) => dayRange(min, max) },
        h: { range: (_u, _min, max) => [0, Math.max(1, max ?? 0)] },
        rpm: { range: (_u, _min, max) => [0, Math.max(1000, max ?? 0)] },
      },
      axes: [
        // One label per day shown (or every n-th day), each its own date.
        {
          splits: (u) => dayTicks(Array.from(u.data[0]), u.bbox.width / devicePixelRatio),
          values: (_u, splits) => splits.map((v) => formatIstShort(v, lang, false)),
        },
        { scale: 'h', size: 40 },
        { scale: 'rpm', side: 1, size: 48, grid: { show: false } },
      ],
      series: [
        {},
        { scale: 'h', stroke: COLORS.hours, fill: `${COLORS.hours}99`, paths: U.paths.bars?.({ size: [0.6, 40] }), points: { show: false } },
        { scale: 'rpm', stroke: COLORS.rpm, width: 2, spanGaps: true, points: { show: true, size: 6, fill: COLORS.rpm } },
      ],
    }),
    [lang],
  );
  if (history.engineHoursPerDay.length === 0) return <p className="notice">{t('engineUsage.noHistory')}</p>;
  const rpm = new Map(history.averageRpmPerDay.map((p) => [p[0], p[1]]));
  const rpmOf = (day: number) => {
    const v = rpm.get(day);
    return v === undefined ? t('usage.notMeasured') : t('unit.rpm', { value: formatDecimal(v, lang, 0) });
  };
  return (
    <figure className="chart-figure">
      <Chart data={data} options={options} />
      <ul className="chart-key" aria-hidden="true">
        <li className="key-level">{t('engineUsage.hoursPerDay')}</li>
        <li className="key-rpm">{t('engineUsage.rpm')}</li>
      </ul>
      <figcaption>
        <dl className="facts">
          <dt>{t('engineUsage.totalHours')}</dt>
          <dd>
            <Said figure={units.duration(s.hours)} />
          </dd>
          <dt>{t('engineUsage.daysWorked')}</dt>
          <dd>{formatDecimal(s.days, lang, 0)}</dd>
          <dt>{t('engineUsage.rpm')}</dt>
          <dd>{s.averageRpm === null ? t('usage.notMeasured') : t('unit.rpm', { value: formatDecimal(s.averageRpm, lang, 0) })}</dd>
        </dl>
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('engineUsage.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.day')}</th>
            <th scope="col">{t('engineUsage.hoursPerDay')}</th>
            <th scope="col">{t('engineUsage.rpm')}</th>
          </tr>
        </thead>
        <tbody>
          {history.engineHoursPerDay.map(([day, hours]) => (
            <tr key={day}>
              <td>{formatIstShort(day, lang, false)}</td>
              <td>{units.duration(hours).spoken}</td>
              <td>{rpmOf(day)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
