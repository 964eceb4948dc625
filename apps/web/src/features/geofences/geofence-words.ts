import type { TFunction } from 'i18next';
import type { Geofence } from '@tractorlink/domain/geofences';
import { placeName } from './place-names';

/** "Circle · 500 m", "Polygon", "District · Pune, Maharashtra": what a geofence is, in a line (places in the owner's language). */
export function kindLine(t: TFunction, g: Pick<Geofence, 'type' | 'shape' | 'state' | 'district'>): string {
  if (g.type === 'custom') return t(`geofence.kind.${g.shape ?? 'custom'}`);
  const state = placeName(t, g.state ?? '');
  const where = g.type === 'district' ? `${placeName(t, g.district ?? '')}, ${state}` : state;
  return `${t(`geofence.kind.${g.type}`)} · ${where}`;
}
