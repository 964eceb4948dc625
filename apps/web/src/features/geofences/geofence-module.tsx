import { AddLocationScreen } from './add-location-screen';
import { AssignTractorsScreen } from './assign-tractors-screen';
import { CreateGeofenceScreen } from './create-geofence-screen';
import { DeleteGeofenceScreen } from './delete-geofence-screen';
import { GeofenceDetailsScreen } from './geofence-details-screen';
import { GeofenceListScreen } from './geofence-list-screen';

const SCREENS = {
  list: GeofenceListScreen,
  create: CreateGeofenceScreen,
  details: GeofenceDetailsScreen,
  delete: DeleteGeofenceScreen,
  assign: AssignTractorsScreen,
  addLocation: AddLocationScreen,
};
export type GeofenceScreen = keyof typeof SCREENS;

/**
 * The geofence module of spec §2: its screens share one lazy chunk (one import in the app's
 * router, which is on the login path: six imports would cost the login screen 0.5 KB).
 */
export function GeofenceModule({ screen }: { screen: GeofenceScreen }) {
  const Screen = SCREENS[screen];
  return <Screen />;
}
