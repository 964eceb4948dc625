import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HomeResponse } from '@tractorlink/domain/auth';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { paths } from '../../../config/paths';
import { runsOffline, submitWrite } from '../../../lib/outbox/outbox';
import type { OutboxEntry } from '../../../lib/outbox/types';
import { queryKeys } from '../../../lib/query-keys';

export const tractorTarget = (vin: string): string => `tractor:${vin}`;

/** A tractor's name as this phone last set it: the newest rename still in the outbox, if any. */
export function withPendingNames(list: VehicleEntry[], entries: readonly OutboxEntry[]): VehicleEntry[] {
  const renames = entries.filter((e) => e.kind === 'tractor.rename');
  if (renames.length === 0) return list;
  return list.map((v) => {
    const last = renames.filter((e) => e.target === tractorTarget(v.vin)).at(-1);
    return last ? { ...v, Veh_Name: (last.body as { vehName: string }).vehName } : v;
  });
}

/**
 * PUT vehicles/{vin}/name through the outbox: every view of that tractor shows the new name at once
 * (kept with the cache for a reload), and the server has it now or when the signal returns.
 */
export function useRenameTractor() {
  const client = useQueryClient();
  const show = (vin: string, vehName: string) => {
    const rename = <T extends { vin: string; Veh_Name: string }>(list: T[] | undefined) => list?.map((v) => (v.vin === vin ? { ...v, Veh_Name: vehName } : v));
    client.setQueryData<VehicleEntry[]>(queryKeys.vehicles, rename);
    client.setQueryData<HomeResponse>(queryKeys.home, (home) => (home ? { ...home, tractors: rename(home.tractors) ?? home.tractors } : home));
  };
  return useMutation({
    ...runsOffline,
    mutationFn: async ({ vin, vehName }: { vin: string; vehName: string }): Promise<{ queued: boolean }> => {
      const result = await submitWrite<VehicleEntry>(
        {
          kind: 'tractor.rename',
          method: 'PUT',
          path: `vehicles/${encodeURIComponent(vin)}/name`,
          body: { vehName },
          target: tractorTarget(vin),
          label: vehName,
          invalidate: [queryKeys.vehicles, queryKeys.home, queryKeys.tractor(vin), queryKeys.tracking],
          editPath: paths.tractorList.getHref(),
        },
        { onKept: () => show(vin, vehName) },
      );
      if (result.state === 'applied') client.setQueryData<VehicleEntry[]>(queryKeys.vehicles, (list) => list?.map((v) => (v.vin === vin ? result.body : v)));
      return { queued: result.state === 'queued' };
    },
  });
}
