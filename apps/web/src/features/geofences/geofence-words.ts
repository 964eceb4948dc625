import type { TFunction } from 'i18next';
import type { Geofence } from '@tractorlink/domain/geofences';

/** "Circle · 500 m", "Polygon", "District · Pune, Maharashtra": what a geofence is, in a line. */
export function kindLine(t: TFunction, g: Pick<Geofence, 'type' | 'shape' | 'state' | 'district'>): string {
  if (g.type === 'custom') return t(`geofence.kind.${g.shape ?? 'custom'}`);
  const where = g.type === 'district' ? `${g.district ?? ''}, ${g.state ?? ''}` : (g.state ?? '');
  return `${t(`geofence.kind.${g.type}`)} · ${where}`;
}
