import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Geofence, GeofenceDefinition, GeofenceListResponse } from '@tractorlink/domain/geofences';
import { paths } from '../../../config/paths';
import { discard, outboxEntries, runsOffline, serverIdOf, submitWrite } from '../../../lib/outbox/outbox';
import { canRewrite, createOf, isLocalId, newLocalId } from '../../../lib/outbox/queue';
import type { OutboxEntry, WriteRequest, WriteResult } from '../../../lib/outbox/types';
import { queryKeys } from '../../../lib/query-keys';
import { geofenceTarget, overlayList, overlayOne } from './pending-geofences';
import type { CreateGeofenceBody } from './pending-geofences';

/**
 * Every geofence write goes through the outbox (lib/outbox): kept on the phone, shown at once, sent
 * now or when the signal returns. A geofence made offline and not sent yet is changed by rewriting
 * its create (nothing else is sent for it); once its create may have reached the server, changes are
 * writes of their own that wait for the server's id.
 */

const byId = (id: string) => `geofences/${encodeURIComponent(id)}`;
const refetched = [queryKeys.geofences];

/** What a change came to: the geofence as shown now, and whether it still waits on the phone. */
export interface Saved {
  geofence: Geofence | undefined;
  queued: boolean;
}

/** The server's id once it named a geofence made on this phone; else the id as given. */
const resolved = (id: string) => (isLocalId(id) ? (serverIdOf(id) ?? id) : id);

/** The create of a geofence made on this phone, while it may still be rewritten (never sent, or refused). */
function rewritableCreate(id: string): (OutboxEntry & { body: CreateGeofenceBody }) | undefined {
  if (!isLocalId(id)) return undefined;
  const create = createOf(outboxEntries(), id);
  return create && canRewrite(create) ? (create as OutboxEntry & { body: CreateGeofenceBody }) : undefined;
}

function createRequest(localId: string, body: CreateGeofenceBody, replacing?: OutboxEntry): WriteRequest {
  return {
    kind: 'geofence.create',
    method: 'POST',
    path: 'geofences',
    body,
    target: geofenceTarget(localId),
    label: body.name,
    localId,
    invalidate: refetched,
    editPath: paths.geofenceDetails.getHref(localId),
    supersedes: (e) => e.id === replacing?.id,
  };
}

function useGeofenceCache() {
  const client = useQueryClient();
  const shown = (id: string) =>
    overlayOne(
      client.getQueryData<Geofence>(queryKeys.geofence(id)) ?? client.getQueryData<GeofenceListResponse>(queryKeys.geofenceList)?.data.find((g) => g.id === id),
      id,
      outboxEntries(),
    );
  return {
    shown,
    /** The phone's writes laid into the cached list and geofence (kept with the cache, so they show after a reload). */
    showKept: (id: string) => {
      const entries = outboxEntries();
      client.setQueryData<GeofenceListResponse>(queryKeys.geofenceList, (list) => (list ? overlayList(list, entries) : list));
      const one = overlayOne(client.getQueryData<Geofence>(queryKeys.geofence(id)), id, entries);
      if (one) client.setQueryData(queryKeys.geofence(id), one);
    },
    forget: (id: string) => {
      client.removeQueries({ queryKey: queryKeys.geofence(id) });
      client.setQueryData<GeofenceListResponse>(queryKeys.geofenceList, (list) =>
        list && list.data.some((g) => g.id === id) ? { ...list, data: list.data.filter((g) => g.id !== id), total: list.total - 1 } : list,
      );
    },
    finish: (result: WriteResult<Geofence>, id: string): Saved => {
      if (result.state === 'queued') return { geofence: shown(id), queued: true };
      client.setQueryData(queryKeys.geofence(result.body.id), result.body);
      return { geofence: result.body, queued: false };
    },
  };
}

/** POST geofences: a new geofence, under a local id until the server names it. */
export function useCreateGeofence() {
  const cache = useGeofenceCache();
  return useMutation({
    ...runsOffline,
    mutationFn: async (body: CreateGeofenceBody): Promise<Saved> => {
      const localId = newLocalId();
      const result = await submitWrite<Geofence>(createRequest(localId, body), { onKept: () => cache.showKept(localId) });
      return cache.finish(result, localId);
    },
  });
}

/** PUT geofences/{id}: the whole definition (tractors and active stay). */
export function useUpdateGeofence(routeId: string) {
  const cache = useGeofenceCache();
  return useMutation({
    ...runsOffline,
    mutationFn: async (def: GeofenceDefinition): Promise<Saved> => {
      const id = resolved(routeId);
      const create = rewritableCreate(id);
      const request: WriteRequest = create
        ? createRequest(id, { ...def, vins: create.body.vins, active: create.body.active ?? true }, create)
        : {
            kind: 'geofence.update',
            method: 'PUT',
            path: byId(id),
            body: def,
            target: geofenceTarget(id),
            label: def.name,
            invalidate: refetched,
            editPath: paths.geofenceDetails.getHref(id),
          };
      return cache.finish(await submitWrite<Geofence>(request, { onKept: () => cache.showKept(id) }), id);
    },
  });
}

/** DELETE geofences/{id}; a geofence never sent is simply dropped with its writes. */
export function useDeleteGeofence(routeId: string) {
  const cache = useGeofenceCache();
  return useMutation({
    ...runsOffline,
    mutationFn: async (): Promise<Saved> => {
      const id = resolved(routeId);
      const create = rewritableCreate(id);
      if (create) {
        discard(create.id);
        cache.forget(id);
        return { geofence: undefined, queued: false };
      }
      const target = geofenceTarget(id);
      const result = await submitWrite<null>(
        {
          kind: 'geofence.delete',
          method: 'DELETE',
          path: byId(id),
          target,
          label: cache.shown(id)?.name ?? '',
          invalidate: refetched,
          // Edits of it not sent yet are pointless now.
          supersedes: (e) => e.target === target && e.kind !== 'geofence.create',
        },
        { onKept: () => cache.showKept(id) },
      );
      if (result.state === 'applied') cache.forget(id);
      return { geofence: undefined, queued: result.state === 'queued' };
    },
  });
}

/** PUT geofences/{id}/tractors: the tractors it watches, replacing the list. */
export function useAssignTractors(routeId: string) {
  const cache = useGeofenceCache();
  return useMutation({
    ...runsOffline,
    mutationFn: async (vins: string[]): Promise<Saved> => {
      const id = resolved(routeId);
      const create = rewritableCreate(id);
      const request: WriteRequest = create
        ? createRequest(id, { ...create.body, vins }, create)
        : {
            kind: 'geofence.tractors',
            method: 'PUT',
            path: `${byId(id)}/tractors`,
            body: { vins },
            target: geofenceTarget(id),
            label: cache.shown(id)?.name ?? '',
            invalidate: refetched,
            editPath: paths.assignTractors.getHref(id),
          };
      return cache.finish(await submitWrite<Geofence>(request, { onKept: () => cache.showKept(id) }), id);
    },
  });
}

/**
 * PUT geofences/{id}/active (spec §4): the switch moves at once in the list and the details (kept on
 * the phone while offline); a refusal moves it back.
 */
export function useSetActive() {
  const cache = useGeofenceCache();
  return useMutation({
    ...runsOffline,
    mutationFn: async ({ id: routeId, active }: { id: string; active: boolean }): Promise<Saved> => {
      const id = resolved(routeId);
      const create = rewritableCreate(id);
      const request: WriteRequest = create
        ? createRequest(id, { ...create.body, active }, create)
        : {
            kind: 'geofence.active',
            method: 'PUT',
            path: `${byId(id)}/active`,
            body: { active },
            target: geofenceTarget(id),
            label: cache.shown(id)?.name ?? '',
            invalidate: refetched,
            editPath: paths.geofenceList.getHref(),
          };
      return cache.finish(await submitWrite<Geofence>(request, { onKept: () => cache.showKept(id) }), id);
    },
  });
}
