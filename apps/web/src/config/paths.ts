// Every route of the app, named once (spec §2). Hash URLs: `#` + path.

function route<P extends string>(path: P) {
  return { path, getHref: () => path } as const;
}

/** A route of one object: `${base}/:id`, its link with the id. */
function byId<B extends string>(base: B) {
  return { path: `${base}/:id` as const, getHref: (id: string) => `${base}/${encodeURIComponent(id)}` } as const;
}

export const paths = {
  root: route('/'),
  login: route('/login'),
  register: route('/register'),
  verifyOtp: route('/verify-otp'),
  createNewProfile: route('/create-new-profile'),
  createNewPin: route('/create-new-pin'),
  forgotPin: route('/forgot-pin'),
  resetPin: route('/reset-pin'),
  changePin: route('/change-pin'),
  tabs: route('/tabs'),
  home: route('/tabs/home'),
  /** The usage tab (spec §2 '/tabs/tractor'). */
  usage: route('/tabs/tractor'),
  addTractor: route('/add-tractor'),
  /** 'My tractor' (spec §2 tractor-list): the owner's tractors, renamed here. */
  tractorList: route('/tractor-list'),
  dieselUsage: route('/diesel-usage'),
  engineUsage: route('/engine-usage'),
  locateMe: route('/locate-me'),
  routeReplay: route('/route-replay'),
  /** The alerts tab (spec §2 'alert'): critical and other alerts, filters, unread badge. */
  alerts: route('/alert'),
  /** Spec §2 'alert-detail': one alert, its place on the map, read aloud. */
  alertDetail: byId('/alert-detail'),
  /** Spec §2 'alert-configuration' (side menu): per tractor, each type on or off with its limits. */
  alertConfiguration: route('/alert-configuration'),
  /** Spec §3 alert receivers: people who also get the alerts, by SMS or notification. */
  alertReceivers: route('/alert-receivers'),
  /** The geofence tab (spec §2 geofence-list): the owner's geofences, each switched on or off. */
  geofenceList: route('/geofence-list'),
  /** Spec §2 create-geofence: a custom area drawn on the map, or a state or district. */
  createGeofence: route('/create-geofence'),
  /** Spec §2 geofence-details: one geofence, edited here; its tractors, active switch and delete. */
  geofenceDetails: byId('/geofence-details'),
  /** Spec §2 delete-geofence: the confirmation. */
  deleteGeofence: byId('/delete-geofence'),
  /** Spec §2 assign-tractors: which of the owner's tractors a geofence watches. */
  assignTractors: byId('/assign-tractors'),
  /** Spec §2 add-location: a place search (India) that centres the drawing map. */
  addLocation: route('/add-location'),
  /** Spec §4 renewal step 1: the loader while the renewal data and scheme are fetched. */
  customVehicle: route('/custom-vehicle'),
  /** Spec §2 digisense-renewal: choose the tractors and the pack. */
  renewal: route('/digisense-renewal'),
  /** Spec §2 payment-summary: basic charges, GST and total of the order, then pay. */
  paymentSummary: byId('/payment-summary'),
  paymentSuccess: route('/payment-success'),
  paymentFailed: route('/payment-failed'),
  /** Spec §2 subscription-history (side menu 'view subscription history'). */
  subscriptionHistory: route('/subscription-history'),
  /** Spec §2 invoice: one order's GST tax invoice, and its PDF. */
  invoice: byId('/invoice'),
  /** Spec §2 my-reminder (side menu 'my reminders'): the owner's reminders. */
  myReminder: route('/my-reminder'),
  /** Spec §2 add-reminder: a new reminder, or one to edit with ?id=. */
  addReminder: route('/add-reminder'),
  /** Spec §2 book-services (side menu 'book doorstep services'): tractor, type, farm, pin, day and time; ?vin= preselects. */
  bookServices: route('/book-services'),
  /** Spec §2 booking-summary: what was chosen, free or the charge with GST, then confirm. */
  bookingSummary: route('/booking-summary'),
  /** Spec §2 booking-status: one booking's timeline (?bookingId=; without it the newest open one). */
  bookingStatus: route('/booking-status'),
  /** Spec §2 service-information: next service due, service history and free services (?vin=). */
  serviceInformation: route('/service-information'),
  /** Spec §2 servicerequest-history: every service request, newest first. */
  serviceRequestHistory: route('/servicerequest-history'),
  /** Issue 17 (side menu 'Hire jobs'): customers with their balances, the latest jobs, 'whose job is this?'. */
  hire: route('/hire'),
  /** One customer's jobs, payments and balance; their bill shared from here. */
  hireCustomer: byId('/hire-customer'),
  /** A new customer, or one to edit with ?id=. */
  hireCustomerForm: route('/hire-customer-form'),
  /** One job: the worked area on the map, acres and hours, amount; stop it, draw its field. */
  hireJob: byId('/hire-job'),
  /** Start a job (?customerId= and ?vin= preselect). */
  hireJobForm: route('/hire-job-form'),
  /** Record money received (?customerId=, ?jobId=). */
  hirePayment: route('/hire-payment'),
  /** Spec §2 askme (guarded): the voice assistant's answers about the selected tractor. */
  askMe: route('/askme'),
  language: route('/language'),
  settings: route('/settings'),
  about: route('/about'),
  termsPolicies: route('/terms-policies'),
} as const;
