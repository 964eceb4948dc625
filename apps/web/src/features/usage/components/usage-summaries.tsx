import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AggregationResponse } from '@tractorlink/domain/vehicles-api';
import { UsageValues } from './usage-values';

const PARTS = ['allDay', 'forenoon', 'afternoon'] as const;
type Part = (typeof PARTS)[number];

/** All day, forenoon (00:00–11:59) and afternoon (12:00–23:59): one at a time, chosen like tabs. */
export function UsageSummaries({ data }: { data: AggregationResponse }) {
  const { t } = useTranslation();
  const [part, setPart] = useState<Part>('allDay');
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('usage.summary')}
      </h2>
      <div className="segmented" role="group" aria-label={t('usage.partOfDay')}>
        {PARTS.map((p) => (
          <button key={p} type="button" aria-pressed={part === p} onClick={() => setPart(p)}>
            {t(`usage.${p}`)}
          </button>
        ))}
      </div>
      <h3>{t(`usage.${part}`)}</h3>
      <UsageValues values={data[part]} />
    </section>
  );
}
