import type { ServiceDueStatus } from '@tractorlink/domain/service-due';
import { formatDecimal } from './tractor-format';

type Translate = (key: string, options: { hours: string }) => string;

/**
 * "Next service in 56 h", "Service due soon: 12 h left", "Service overdue by 3,256 h": the hours to or
 * past the service in whole hours (a countdown, not the hour meter's reading), the same on home, engine
 * usage and service information.
 */
export function serviceDueText(t: Translate, lang: string, due: { status: ServiceDueStatus; hoursLeft: number }): string {
  const hours = formatDecimal(Math.round(Math.abs(due.hoursLeft)), lang, 0);
  if (due.status === 'overdue') return t('service.overdue', { hours });
  return t(due.status === 'due_soon' ? 'service.dueSoon' : 'service.ok', { hours });
}
