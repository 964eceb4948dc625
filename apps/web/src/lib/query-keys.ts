/** Query keys shared by the features that read or change the same server data. */
export const queryKeys = {
  profile: ['profile'] as const,
  home: ['home'] as const,
  image: (name: string) => ['image', name] as const,
  /** Everything about one tractor starts with ['tractor', vin], so a rename can refresh it all. */
  tractor: (vin: string) => ['tractor', vin] as const,
  tractorHome: (vin: string) => ['tractor', vin, 'home'] as const,
  usage: (vin: string, filter: string, first: string, last: string) => ['tractor', vin, 'usage', filter, first, last] as const,
  diesel: (vin: string) => ['tractor', vin, 'diesel'] as const,
  history: (vin: string, from: number, to: number) => ['tractor', vin, 'history', from, to] as const,
  track: (vin: string, date: string) => ['tractor', vin, 'track', date] as const,
  /** The weather widget's rule run (its data is kept in the secure storage, spec §4), per language. */
  weather: (vin: string, lang: string) => ['tractor', vin, 'weather', lang] as const,
  vehicles: ['vehicles'] as const,
  tracking: ['tracking'] as const,
  /** Everything about alerts starts with ['alerts'], so a push message can refresh it all (spec §4). */
  alerts: ['alerts'] as const,
  alertLists: ['alerts', 'list'] as const,
  alertList: (scope: string, filter: string) => ['alerts', 'list', scope, filter] as const,
  alert: (id: string) => ['alerts', 'detail', id] as const,
  unreadCount: (vin: string) => ['alerts', 'unread', vin] as const,
  alertConfig: (vin: string) => ['alertConfig', vin] as const,
  receivers: ['receivers'] as const,
  /** Everything about geofences starts with ['geofences'], so a change can refresh it all. */
  geofences: ['geofences'] as const,
  geofenceList: ['geofences', 'list'] as const,
  geofence: (id: string) => ['geofences', 'detail', id] as const,
  /** State and district boundaries: the same for every owner, changed only by an operator import. */
  boundaryStates: ['boundaries', 'states'] as const,
  boundaryDistricts: (state: string) => ['boundaries', 'districts', state] as const,
  boundaryOutline: (state: string, district: string) => ['boundaries', 'outline', state, district] as const,
  placeSearch: (input: string, lang: string) => ['places', 'search', input, lang] as const,
  dieselStations: (lat: number, lon: number) => ['dieselStations', lat, lon] as const,
  /** Renewal: a tractor's scheme (packs, prices, state), orders, history and invoices. */
  scheme: (vin: string) => ['subscription', 'scheme', vin] as const,
  order: (orderId: string) => ['subscription', 'order', orderId] as const,
  subscriptionHistoryAll: ['subscription', 'history'] as const,
  subscriptionHistory: (vin: string) => ['subscription', 'history', vin] as const,
  invoice: (orderId: string) => ['subscription', 'invoice', orderId] as const,
  /** Everything about service bookings starts with ['serviceBookings'], so a booking push can refresh it all. */
  serviceBookings: ['serviceBookings'] as const,
  bookingList: ['serviceBookings', 'list'] as const,
  booking: (bookingId: string) => ['serviceBookings', 'detail', bookingId] as const,
  bookingOptions: (vin: string, lat: number | null, lng: number | null) => ['serviceBookings', 'options', vin, lat, lng] as const,
  freeServices: (vin: string) => ['serviceBookings', 'free', vin] as const,
};
