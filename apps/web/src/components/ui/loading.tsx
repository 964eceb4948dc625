import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyRegion } from './busy-region';

/**
 * "Loading…", said politely, while some content is on its way; the region it stands in (busy-region.ts)
 * is marked aria-busy meanwhile, and loses the mark when this goes, that is when the content came.
 */
export function Loading() {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  useBusyRegion(ref);
  return (
    <p ref={ref} role="status">
      {t('common.loading')}
    </p>
  );
}
