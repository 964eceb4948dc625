import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryResponse } from '@tractorlink/domain/vehicles-api';
import { Said } from '../../../components/tractor/said';
import { formatIstShort, formatIstTime } from '../../../lib/signed-in/tractor-format';
import { sayIn, useUnits } from '../../../lib/signed-in/units';
import type { Said as SaidFigure } from '../../../lib/signed-in/units';
import { Chart } from './chart';
import type { ChartOptions } from './chart';
import { fuelChartData, fuelSummary } from './chart-data';

const COLORS = { level: '#1b5e20', refuel: '#0b57d0', drop: '#b00020' };

/** Fuel level over the period with refuel and drop markers, and the same story in words and a table. */
export function FuelChart({ history, noSensor = false }: { history: HistoryResponse; noSensor?: boolean }) {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  const lang = i18n.language;
  const data = useMemo(() => fuelChartData(history), [history]);
  const s = fuelSummary(history);
  const long = history.to - history.from > 2 * 86_400;
  const options = useCallback(
    (): ChartOptions => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [0, Math.max(10, max ?? 0, min ?? 0)] } },
      // A day or two reads as times, a longer period as dates; ticks far enough apart to stay legible.
      axes: [{ space: 90, values: (_u, splits) => splits.map((v) => (long ? formatIstShort(v, lang, false) : formatIstTime(v, lang))) }, { size: 44 }],
      series: [
        {},
        { stroke: COLORS.level, width: 2, spanGaps: true, points: { show: false } },
        { stroke: COLORS.refuel, fill: COLORS.refuel, paths: () => null, points: { show: true, size: 12, fill: COLORS.refuel } },
        { stroke: COLORS.drop, fill: COLORS.drop, paths: () => null, points: { show: true, size: 12, fill: COLORS.drop } },
      ],
    }),
    [lang, long],
  );
  const litres = (v: number) => units.litres(v);
  // Two figures in one sentence: the shown and the spoken sentence each take their own forms.
  const fromTo = (from: SaidFigure, to: SaidFigure): SaidFigure => ({
    shown: t('dieselUsage.fromTo', { from: from.shown, to: to.shown }),
    spoken: t('dieselUsage.fromTo', { from: from.spoken, to: to.spoken }),
  });
  const events = [...history.refuels.map((p) => ({ kind: 'refuel' as const, p })), ...history.drops.map((p) => ({ kind: 'drop' as const, p }))].sort(
    (a, b) => a.p[0] - b.p[0],
  );
  if (history.fuelLevel.length === 0) return <p className="notice">{t(noSensor ? 'diesel.noSensor' : 'diesel.noHistory')}</p>;
  return (
    <figure className="chart-figure">
      <Chart data={data} options={options} />
      <ul className="chart-key" aria-hidden="true">
        <li className="key-level">{t('dieselUsage.level')}</li>
        <li className="key-refuel">{t('dieselUsage.refuel')}</li>
        <li className="key-drop">{t('dieselUsage.drop')}</li>
      </ul>
      <figcaption>
        <dl className="facts">
          {s.first && s.last && (
            <>
              <dt>{t('dieselUsage.levelChange')}</dt>
              <dd>
                <Said figure={fromTo(litres(s.first[1]), litres(s.last[1]))} />
              </dd>
            </>
          )}
          <dt>{t('dieselUsage.refuels')}</dt>
          <dd>
            <Said figure={sayIn((l) => t('dieselUsage.countLitres', { count: s.refuelCount, litres: l }), litres(s.refuelLitres))} />
          </dd>
          <dt>{t('dieselUsage.drops')}</dt>
          <dd>
            <Said figure={sayIn((l) => t('dieselUsage.countLitres', { count: s.dropCount, litres: l }), litres(s.dropLitres))} />
          </dd>
        </dl>
      </figcaption>
      {events.length > 0 && (
        <table className="visually-hidden">
          <caption>{t('dieselUsage.eventsTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.time')}</th>
              <th scope="col">{t('chart.event')}</th>
              <th scope="col">{t('chart.litres')}</th>
            </tr>
          </thead>
          <tbody>
            {events.map(({ kind, p }) => (
              <tr key={`${kind}-${p[0]}`}>
                <td>{formatIstShort(p[0], lang)}</td>
                <td>{kind === 'refuel' ? t('dieselUsage.refuel') : t('dieselUsage.drop')}</td>
                <td>{litres(p[1]).spoken}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
