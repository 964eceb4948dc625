import type { GeofenceShape, GeofenceType } from '@tractorlink/domain/geofences';
import { EMPTY_DRAWING } from '../../components/map/drawing';
import type { Drawing } from '../../components/map/drawing';

/** The create / edit form's values (kept while the owner searches a place and comes back). */
export interface GeofenceFormValues {
  name: string;
  type: GeofenceType;
  shape: GeofenceShape;
  drawing: Drawing;
  state: string;
  district: string;
  alertOnEntry: boolean;
  alertOnExit: boolean;
  /** A new geofence's tractors, as the owner ticked them; absent: every tractor of the owner. */
  vins?: string[];
}

export const EMPTY_FORM: GeofenceFormValues = {
  name: '',
  type: 'custom',
  shape: 'circle',
  drawing: EMPTY_DRAWING,
  state: '',
  district: '',
  alertOnEntry: true,
  alertOnExit: true,
};
