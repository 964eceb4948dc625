import { lazy } from 'react';
import type { ComponentType } from 'react';
import { GeofenceListScreen } from './geofence-list-screen';

function later<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

/**
 * The geofence module of spec §2, behind one import in the app's router (which is on the login
 * path: six imports there would cost the login screen 0.5 KB). The list, the tab, comes with it;
 * the other screens (the form and its schema, the map) load when opened.
 */
const SCREENS = {
  list: GeofenceListScreen,
  create: later(
    () => import('./create-geofence-screen'),
    (m) => m.CreateGeofenceScreen,
  ),
  details: later(
    () => import('./geofence-details-screen'),
    (m) => m.GeofenceDetailsScreen,
  ),
  delete: later(
    () => import('./delete-geofence-screen'),
    (m) => m.DeleteGeofenceScreen,
  ),
  assign: later(
    () => import('./assign-tractors-screen'),
    (m) => m.AssignTractorsScreen,
  ),
  addLocation: later(
    () => import('./add-location-screen'),
    (m) => m.AddLocationScreen,
  ),
};
export type GeofenceScreen = keyof typeof SCREENS;

export function GeofenceModule({ screen }: { screen: GeofenceScreen }) {
  const Screen = SCREENS[screen];
  return <Screen />;
}
