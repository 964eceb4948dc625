import type { Generated } from 'kysely';

/**
 * Table types. Times are epoch milliseconds (INTEGER on SQLite, BIGINT on PostgreSQL read back as
 * numbers); flags are 0/1 integers so both engines agree.
 */

export interface UsersTable {
  id: string;
  mobile_no: string;
  name: string;
  birth_date: string;
  email: string | null;
  language: string;
  pin_hash: string;
  /** Consecutive wrong PINs; reset by a right PIN or by createpin. */
  pin_failures: Generated<number>;
  /** While in the future, PIN attempts are refused without being checked or counted. */
  pin_locked_until: number | null;
  image_name: string | null;
  created_at: number;
  updated_at: number;
}

export interface UserDevicesTable {
  user_id: string;
  /** sha256 of the browser's deviceID: the raw id is never stored. */
  device_hash: string;
  created_at: number;
}

/** One code per number, purpose and requester: others cannot touch it. */
export interface OtpChallengesTable {
  mobile_no: string;
  purpose: string;
  /** Keyed hash of the asking browser's deviceID if it gave one, else of the requesting address. */
  requester: string;
  /** Keyed hash of the requesting address. */
  address: string;
  /** HMAC of the current code, or null once used. */
  code_hash: string | null;
  window_started_at: number;
  expires_at: number;
  attempts: number;
}

export interface OtpSendsTable {
  id: string;
  mobile_no: string;
  purpose: string;
  sent_at: number;
  /** Whose send limit it counts against: the bound browser's key, else the address's key. */
  requester: Generated<string>;
  /** Keyed hash of the requesting address. */
  address: Generated<string>;
  /** 1: asked from a browser already bound to the account (outside the number's and address's caps). */
  bound_browser: Generated<number>;
}

/** SMS sent (OTP and alerts, all numbers) per clock hour, for the global hourly cap. */
export interface SmsHourlyTable {
  hour_start: number;
  sent: number;
}

export interface UsedTicketsTable {
  jti: string;
  expires_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  remember_me: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface RefreshTokensTable {
  /** sha256 of the cookie value. */
  token_hash: string;
  session_id: string;
  created_at: number;
  used_at: number | null;
  /** sha256 of the token issued in its place when it was used. */
  replaced_by: string | null;
}

export interface ProfileImagesTable {
  name: string;
  user_id: string;
  content_type: string;
  data: Buffer;
  created_at: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** A provisioned tractor with its fitted device, and the owner it is claimed by (if any). */
export interface TractorsTable {
  id: string;
  imei: string;
  vin: string;
  engine_no: string;
  reg_no: string;
  model: string;
  /** Device model: picks the IO mapping (configuration, not code). */
  device_model: string;
  /** Secret the HTTP protocols must send as `key`, when set. */
  device_key: string | null;
  veh_name: string;
  implement_width_m: number;
  tank_capacity_l: number;
  /** Engine hours between services. */
  service_interval_h: number;
  last_service_engine_h: Generated<number>;
  first_name: string;
  last_name: string;
  mobile_no_cc: string;
  /** The registered mobile: only this owner may claim the tractor. */
  mobile_no: string;
  address: string;
  city: string;
  pincode: string;
  state: string;
  country: string;
  /** Subscription end, epoch ms. */
  expires_on: number;
  /** The pack running now ('free', 'month', 'year'), null when provisioned with an end date only. */
  subscription_pack: Generated<string | null>;
  is_new_tractor: Generated<number>;
  owner_user_id: string | null;
  claimed_at: number | null;
  created_at: number;
}

/** Raw records, append-only, unique on (tractor, device time). */
export interface TelemetryTable {
  tractor_id: string;
  device_time: number;
  received_at: number;
  lat: number | null;
  lon: number | null;
  speed_kmh: number | null;
  heading: number | null;
  altitude: number | null;
  satellites: number | null;
  ignition: number | null;
  pto: number | null;
  key_present: number | null;
  /** Litres from the tank sensor (converted from % with the tank capacity). */
  fuel_l: number | null;
  rpm: number | null;
  coolant_c: number | null;
  ext_v: number | null;
  worktime_min: number | null;
  odometer_m: number | null;
  attributes: string | null;
  movement: number | null;
  oil_low: number | null;
  air_filter: number | null;
  /** The device's own backup battery, V. */
  batt_v: number | null;
  /** CAN fuel-used counter, litres since the engine's start of life. */
  fuel_used_l: number | null;
  /** GSM signal, 0–5. */
  gsm: number | null;
}

/** Per-tractor processing state, written in the same transaction as the records it reflects. */
export interface TractorStateTable {
  tractor_id: string;
  last_time: number;
  last_seen_at: number;
  /** JSON Reading. */
  last_reading: string;
  /** JSON {lat, lon, time}. */
  last_fix: string | null;
  /** JSON ProcessorState. */
  processor: string;
  /** Changes on every write: the ETag of polled routes. */
  version: number;
}

/** Additive usage per tractor per IST hour. */
export interface UsageHourlyTable {
  tractor_id: string;
  hour_start: number;
  engine_s: number;
  pto_s: number;
  idle_s: number;
  work_m: number;
  area_m2: number;
  road_m: number;
  distance_m: number;
  rpm_weighted: number;
  rpm_s: number;
  fuel_net_l: number;
  fuel_refuel_l: number;
  /** Litres the CAN fuel-used counter measured (0 for devices without one). */
  fuel_counter_l: number;
}

/** One refuel: when the level began to rise, and the litres that went in. */
export interface RefuelsTable {
  tractor_id: string;
  start_ms: number;
  litres: number;
}

export interface UsageDirtyDaysTable {
  tractor_id: string;
  day_start: number;
}

/** Reverse-geocoding answers per provider, language and coordinate × 1000 (rounded). */
export interface GeocodeCacheTable {
  provider: string;
  language: string;
  lat_e3: number;
  lon_e3: number;
  /** 0: the provider knows no place there. */
  found: number;
  name: string | null;
  district: string | null;
  state: string | null;
  created_at: number;
}

/** An alert the rules (geofence entry and exit among them) raised; read_at null while unread. */
export interface AlertsTable {
  id: string;
  tractor_id: string;
  type_id: string;
  /** Device time at which the condition was confirmed. */
  time_ms: number;
  lat: number | null;
  lon: number | null;
  value: number | null;
  threshold: number | null;
  /** 'oem' or 'user'. */
  config_by: string;
  read_at: number | null;
  created_at: number;
  /** The geofence whose entry or exit this is (A0109 / A0110), and its name then. */
  geofence_id: string | null;
  geofence_name: string | null;
}

/** Deliveries still to make: 'fanout' (one per new alert), then 'push' / 'sms' per target. */
export interface AlertOutboxTable {
  id: string;
  alert_id: string;
  kind: string;
  /** push: the subscription id; sms: the receiver id. */
  target: string | null;
  attempts: number;
  next_at: number;
  /** Claimed by a worker until then (another instance leaves it alone). */
  locked_until: number | null;
  created_at: number;
}

/** An owner's change to one alert type's settings on one tractor (no row: the catalogue's defaults). */
/** Commands for a device (Codec 12), queued by the operator (issue 12 item 6). */
export interface DeviceCommandsTable {
  id: string;
  tractor_id: string;
  command: string;
  status: 'queued' | 'sent' | 'answered';
  created_at: number;
  sent_at: number | null;
  answered_at: number | null;
  reply: string | null;
}

/** Services done (issue 12 item 10). */
export interface ServiceRecordsTable {
  id: string;
  tractor_id: string;
  /** IST day, YYYY-MM-DD. */
  done_on: string;
  engine_h: number;
  note: string | null;
  recorded_by: 'owner' | 'operator';
  created_at: number;
}

export interface AlertConfigsTable {
  tractor_id: string;
  type_id: string;
  enabled: number;
  threshold: number | null;
  duration_s: number | null;
  updated_by: string;
  updated_at: number;
}

export interface AlertReceiversTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  /** 'sms' or 'notification'. */
  channel: string;
  /** The language of the alert SMS this receiver gets (one of LANGUAGES). */
  language: string;
  created_at: number;
  updated_at: number;
}

/** A browser's Web Push subscription (keys are the browser's public ECDH key and auth secret). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: number | null;
  created_at: number;
}

/** Alert SMS sent per owner per IST day, against ALERT_SMS_DAILY_CAP. */
export interface AlertSmsDailyTable {
  user_id: string;
  day_start: number;
  sent: number;
}

/**
 * A state's outline (district '') or a district's, simplified at import; geometry is a GeoJSON
 * MultiPolygon's coordinates ([lon, lat]). Keys are the names lower-cased, for lookups.
 */
export interface GeofenceBoundariesTable {
  id: string;
  state: string;
  district: string;
  state_key: string;
  district_key: string;
  geometry: string;
  vertices: number;
  area_m2: number;
  south: number;
  west: number;
  north: number;
  east: number;
  /** The file it came from ('demo' for the bundled approximate shapes). */
  source: string;
  /** Changes when re-imported: compiled forms keyed by it are rebuilt. */
  version: number;
  /** Its name in the app's other languages, as the file gave them: JSON { hi: 'नासिक', … } ('{}' for none). */
  names: Generated<string>;
}

/** An owner's geofence. Custom shapes keep what was drawn; state and district ones point at a boundary. */
export interface GeofencesTable {
  id: string;
  user_id: string;
  name: string;
  /** name lower-cased: unique per owner. */
  name_key: string;
  /** 'custom', 'state' or 'district'. */
  type: string;
  /** 'circle', 'square' or 'polygon' (custom only). */
  shape: string | null;
  /** JSON [[lat, lon], …]: circle and square [centre], polygon its corners. */
  coordinates: string | null;
  radius_m: number | null;
  side_m: number | null;
  boundary_id: string | null;
  state: string | null;
  district: string | null;
  south: number;
  west: number;
  north: number;
  east: number;
  area_m2: number;
  active: number;
  alert_entry: number;
  alert_exit: number;
  /** Bumped by every change that affects detection: the tractors' inside/outside state restarts. */
  rev: number;
  created_at: number;
  updated_at: number;
}

/** Which tractors a geofence watches. */
export interface GeofenceTractorsTable {
  geofence_id: string;
  tractor_id: string;
}

/** A renewal order: one pack for one or more tractors; money in paise, computed on the server. */
export interface SubscriptionOrdersTable {
  id: string;
  user_id: string;
  /** Shown to the owner (success and failure pages, history, invoice) and quoted to support. */
  reference_id: string;
  pack: string;
  /** pending until a verified payment (paid) or a reported failure (failed; a later payment still wins). */
  status: string;
  basic_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  recipient_state: string;
  gateway: string;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  failure: string | null;
  created_at: number;
  paid_at: number | null;
  /** Last time the gateway was asked about this order (reconciliation). */
  checked_at: number | null;
}

export interface SubscriptionOrderItemsTable {
  order_id: string;
  tractor_id: string;
  basic_paise: number;
}

/** Spec §3 Subscription: each pack a tractor ran, free or paid. */
export interface SubscriptionPeriodsTable {
  id: string;
  tractor_id: string;
  pack: string;
  valid_from: number;
  valid_till: number;
  amount_paid_paise: number;
  order_id: string | null;
  created_at: number;
}

/** A GST tax invoice as issued (body: the InvoiceView JSON, never recomputed). */
export interface InvoicesTable {
  order_id: string;
  number: string;
  financial_year: string;
  sequence: number;
  issued_at: number;
  body: string;
}

export interface InvoiceCountersTable {
  financial_year: string;
  last_sequence: number;
}

export interface PaymentWebhookEventsTable {
  event_id: string;
  received_at: number;
}

export interface SubscriptionRemindersTable {
  tractor_id: string;
  expires_on: number;
  days_before: number;
  sent_at: number;
}

/** An owner's reminder (spec §3 Reminder as JSON) and the next time it rings (null: never again). */
export interface RemindersTable {
  user_id: string;
  id: string;
  body: string;
  next_at: number | null;
  updated_at: number;
}

/** Issue 19: an owner's Idempotency-Key, what it was sent with and (state 'done') the answer a repeat gets. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** Method and URL of the first request, e.g. 'PUT /api/v1/geofences/…'. */
  route: string;
  /** SHA-256 (hex) of the method, URL and body: a repeat must match it. */
  body_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  content_type: string | null;
  response: string | null;
  created_at: number;
  expires_at: number;
}

/** Issue 17: an owner's hire customer; the id is the phone's (offline creates are stored once). */
export interface HireCustomersTable {
  id: string;
  user_id: string;
  name: string;
  phone: string | null;
  village: string | null;
  language: string;
  /** SHA-256 of the create that made it: the same id with other content is a conflict. */
  request_hash: string;
  created_at: number;
  updated_at: number;
}

/** Issue 17: a hire job; its figures are measured from the tractor's track in [start_ms, end_ms). */
export interface HireJobsTable {
  id: string;
  user_id: string;
  customer_id: string;
  tractor_id: string;
  implement: string;
  implement_width_m: number;
  rate_kind: string;
  rate_paise: number;
  trips: number;
  acre_basis: string;
  hour_basis: string;
  agreed_quantity: number | null;
  start_ms: number;
  /** null while running. */
  end_ms: number | null;
  /** 'owner' or 'proposal'. */
  origin: string;
  /** Where the work started, and the nearest place's name then (owner's language). */
  lat: number | null;
  lon: number | null;
  place: string | null;
  /** JSON [{latitude, longitude}, …]: the drawn field. */
  boundary: string | null;
  field_m2: number | null;
  note: string | null;
  covered_m2: Generated<number>;
  pto_s: Generated<number>;
  engine_s: Generated<number>;
  quantity: Generated<number>;
  quantity_source: string;
  amount_paise: Generated<number>;
  /** JSON GeoJSON MultiPolygon coordinates of the worked area. */
  worked_area: string | null;
  measured_at: number | null;
  request_hash: string;
  created_at: number;
  updated_at: number;
}

export interface HirePaymentsTable {
  id: string;
  user_id: string;
  customer_id: string;
  job_id: string | null;
  amount_paise: number;
  /** 'cash' or 'upi'. */
  method: string;
  /** IST day, YYYY-MM-DD. */
  paid_on: string;
  note: string | null;
  request_hash: string;
  created_at: number;
}

/** A place a tractor worked in a day (its first visit): proposed as a job unless a job covers it. */
export interface HireProposalsTable {
  id: string;
  user_id: string;
  tractor_id: string;
  day_start: number;
  start_ms: number;
  last_work_ms: number;
  /** End of the first visit. */
  end_ms: number;
  lat: number;
  lon: number;
  work_s: number;
  covered_m2: number;
  pto_s: number;
  /** 'open', 'accepted', 'dismissed' or 'covered' (a job's window covers it). */
  status: string;
  job_id: string | null;
  created_at: number;
  updated_at: number;
}

/** The newest record time a tractor's places were last worked out from. */
export interface HireScansTable {
  tractor_id: string;
  last_time: number;
  scanned_at: number;
}

/** A shared link: 'bill' (a customer's or one job's bill) or 'live' (a tractor's position). */
export interface HireLinksTable {
  id: string;
  user_id: string;
  kind: string;
  /** SHA-256 (base64url) of the token; the token itself is shown once. */
  token_hash: string;
  customer_id: string | null;
  job_id: string | null;
  tractor_id: string | null;
  include_track: Generated<number>;
  language: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

/** Issue 20: where each simulated device stands (the day, its carry as JSON, the newest record acknowledged). */
export interface SimProgressTable {
  imei: string;
  day: string;
  carry: string;
  last_sent: number;
  updated_at: number;
}

/** A named lease: the instance holding it does the job (the demo fleet) until it expires unrenewed. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** A doorstep service booking (issue 15): what the owner confirmed and where it stands. */
export interface ServiceBookingsTable {
  id: string;
  reference_id: string;
  user_id: string;
  request_id: string;
  tractor_id: string;
  type: string;
  status: string;
  /** 'YYYY-MM-DD' (IST) and 'HH:MM'. */
  date: string;
  slot: string;
  duration_min: number;
  address_line: string;
  city: string;
  pincode: string;
  state: string;
  lat: number;
  lng: number;
  district: string | null;
  dealer_id: string;
  dealer_name: string;
  dealer_phone: string;
  technician_name: string | null;
  technician_phone: string | null;
  note: string | null;
  photo_id: string | null;
  payment: string;
  /** 1: counted against the tractor's free periodic services (until cancelled). */
  free: number;
  basic_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  done_at_engine_h: number | null;
  created_at: number;
  updated_at: number;
}

/** A booking's timeline; `notified_at` is set by the instance that claims the owner's notification. */
export interface BookingEventsTable {
  booking_id: string;
  seq: number;
  status: string;
  at: number;
  /** 'owner' or 'dealer'. */
  actor: string;
  reason: string | null;
  notified_at: number | null;
}

/** A booking's online payment (one per booking): pending until a verified payment (paid) or a reported failure. */
export interface BookingPaymentsTable {
  /** 'bpay_' + 96 random bits: the checkout page's capability. */
  id: string;
  booking_id: string;
  user_id: string;
  /** pending | paid | failed (a later payment still wins). */
  status: string;
  /** The booking's total when the payment was asked for: the amount the gateway order carries. */
  amount_paise: number;
  gateway: string;
  gateway_order_id: string;
  gateway_payment_id: string | null;
  failure: string | null;
  created_at: number;
  paid_at: number | null;
  /** Last time the gateway was asked about this payment (reconciliation). */
  checked_at: number | null;
}

export interface BookingPhotosTable {
  id: string;
  user_id: string;
  content_type: string;
  data: Buffer;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  user_devices: UserDevicesTable;
  otp_challenges: OtpChallengesTable;
  otp_sends: OtpSendsTable;
  used_tickets: UsedTicketsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  profile_images: ProfileImagesTable;
  app_settings: AppSettingsTable;
  tractors: TractorsTable;
  telemetry: TelemetryTable;
  tractor_state: TractorStateTable;
  usage_hourly: UsageHourlyTable;
  usage_dirty_days: UsageDirtyDaysTable;
  refuels: RefuelsTable;
  geocode_cache: GeocodeCacheTable;
  alerts: AlertsTable;
  alert_outbox: AlertOutboxTable;
  alert_configs: AlertConfigsTable;
  service_records: ServiceRecordsTable;
  device_commands: DeviceCommandsTable;
  alert_receivers: AlertReceiversTable;
  push_subscriptions: PushSubscriptionsTable;
  alert_sms_daily: AlertSmsDailyTable;
  sms_hourly: SmsHourlyTable;
  geofence_boundaries: GeofenceBoundariesTable;
  geofences: GeofencesTable;
  geofence_tractors: GeofenceTractorsTable;
  subscription_orders: SubscriptionOrdersTable;
  subscription_order_items: SubscriptionOrderItemsTable;
  subscription_periods: SubscriptionPeriodsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  subscription_reminders: SubscriptionRemindersTable;
  reminders: RemindersTable;
  sim_progress: SimProgressTable;
  leases: LeasesTable;
  service_bookings: ServiceBookingsTable;
  booking_events: BookingEventsTable;
  booking_photos: BookingPhotosTable;
  booking_payments: BookingPaymentsTable;
  idempotency_keys: IdempotencyKeysTable;
  hire_customers: HireCustomersTable;
  hire_jobs: HireJobsTable;
  hire_payments: HirePaymentsTable;
  hire_proposals: HireProposalsTable;
  hire_scans: HireScansTable;
  hire_links: HireLinksTable;
}

export type Engine = 'sqlite' | 'postgres';
