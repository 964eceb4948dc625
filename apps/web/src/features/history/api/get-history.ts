import { useQuery } from '@tanstack/react-query';
import { HISTORY_MAX_DAYS } from '@tractorlink/domain/vehicles-rules';
import type { HistoryResponse } from '@tractorlink/domain/vehicles-api';
import { periodSeconds } from '@tractorlink/domain/calendar';
import type { UsagePeriod } from '@tractorlink/domain/calendar';
import { HISTORY_LOADER_TIMEOUT_MS } from '../../../lib/loading';
import { bodyOf, conditionalQuery } from '../../../lib/signed-in/conditional-query';
import { queryKeys } from '../../../lib/query-keys';

/** The period in epoch seconds, its start moved up if it is longer than the history route allows. */
function historyWindow(period: UsagePeriod): { from: number; to: number } {
  const { startDateTime, endDateTime } = periodSeconds(period);
  return { from: Math.max(startDateTime, endDateTime + 1 - HISTORY_MAX_DAYS * 86_400), to: endDateTime };
}

/** GET vehicles/{vin}/history: fuel level with refuels and drops, engine hours and RPM per day. */
export function useHistory(vin: string | undefined, period: UsagePeriod) {
  const { from, to } = historyWindow(period);
  return useQuery({
    queryKey: queryKeys.history(vin ?? '', from, to),
    queryFn: conditionalQuery<HistoryResponse>(`vehicles/${encodeURIComponent(vin ?? '')}/history?from=${from}&to=${to}`, HISTORY_LOADER_TIMEOUT_MS),
    enabled: vin !== undefined,
    // Not kept offline: up to 2,500 points would be decrypted at every start for one chart.
    select: bodyOf,
  });
}
