import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import { deriveKeys, randomToken } from './crypto/secrets';
import { getOrCreateSetting } from './db/app-settings';
import type { Db } from './db/database';
import { findUserByMobile, isDeviceBoundToNumber } from './modules/accounts/repo';
import { AccountService, deviceHash } from './modules/accounts/service';
import { localWakeups, postgresWakeups, type Wakeups } from './db/wakeups';
import { IdempotencyStore } from './http/idempotency';
import { createAlertsModule, type AlertsModule } from './modules/alerts/module';
import { DeviceCommands } from './modules/commands/service';
import { GeocodingService } from './modules/geocoding/service';
import { GeofenceService } from './modules/geofences/service';
import { GeofenceWatch } from './modules/geofences/watch';
import { HomeService } from './modules/home/service';
import { createHireModule, type HireModule } from './modules/hire/module';
import { IngestService } from './modules/ingest/service';
import { OperatorService } from './modules/operator/service';
import { OtpTickets } from './modules/otp/otp-ticket';
import { OtpService } from './modules/otp/service';
import { PaymentWebhook } from './modules/payments/webhook';
import { ProfileService } from './modules/profile/service';
import { ReminderService } from './modules/reminders/service';
import { DealerDesk } from './modules/service-bookings/dealer-desk';
import { BookingNotifier } from './modules/service-bookings/notifier';
import { BookingPayments } from './modules/service-bookings/payments';
import { ServiceBookingService } from './modules/service-bookings/service';
import { SessionService } from './modules/sessions/service';
import { ExpiryReminders } from './modules/subscription/reminders';
import { InvoicePdfThread } from './modules/subscription/invoice-pdf-thread';
import { SubscriptionService } from './modules/subscription/service';
import { createTelemetryPipeline, type TelemetryPipeline } from './modules/telemetry/pipeline';
import { DeviceModels } from './modules/tractors/device-models';
import { TractorRegistry } from './modules/tractors/registry';
import { TtsService } from './modules/tts/service';
import { LiveService } from './modules/vehicles/live-service';
import { ServiceBook } from './modules/vehicles/service-book';
import { ownedOrNotFound, VehicleService } from './modules/vehicles/service';
import { UsageService } from './modules/vehicles/usage-service';
import { WeatherService } from './modules/weather/service';
import { WriterThread } from './writer/client';
import { mainWriteCounter } from './db/write-turns';
import { createGeocoder } from './providers/geocoder/create-geocoder';
import { createPaymentGateway } from './providers/payments/create-payment-gateway';
import type { PaymentGateway } from './providers/payments/payment-gateway';
import { createPlaces } from './providers/places/create-places';
import type { PlacesProvider } from './providers/places/places-provider';
import type { PushSender } from './providers/push/push-sender';
import { createSmsProvider } from './providers/sms/create-sms-provider';
import { HourlyCappedSms } from './providers/sms/hourly-cap';
import type { TextSink } from './providers/sms/local-sms';
import type { SmsProvider } from './providers/sms/sms-provider';
import { createTtsProvider } from './providers/tts/create-tts';
import { createWeatherProvider } from './providers/weather/create-weather';

interface ServiceDeps {
  config: Config;
  /** An open, migrated database. */
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** SMS provider; by default the one config.sms names. */
  sms?: SmsProvider | undefined;
  /** Where the local SMS provider prints its messages (default: process.stdout). */
  localSmsOutput?: TextSink | undefined;
  /** Web Push sender; by default Web Push with the VAPID keys kept in the database. */
  push?: PushSender | undefined;
  /** Payment gateway; by default the one config.payments names. */
  paymentGateway?: PaymentGateway | undefined;
  /** Wake-ups between instances; by default LISTEN/NOTIFY on PostgreSQL, in memory on SQLite. */
  wakeups?: Wakeups | undefined;
}

/** Every service and repository the routes and the background jobs use, built once per app. */
export interface Services {
  config: Config;
  clock: Clock;
  db: Db;
  /** The SMS provider itself (the development inbox reads the local one). */
  smsProvider: SmsProvider;
  /** What everything sends SMS through: the provider behind the global hourly cap. */
  sms: SmsProvider;
  sessions: SessionService;
  otp: OtpService;
  accounts: AccountService;
  profile: ProfileService;
  home: HomeService;
  /** Device ingestion: the pipeline every protocol feeds. */
  telemetry: TelemetryPipeline;
  /** The ingestion writer thread, when INGEST_WRITER=thread (closed with the app). */
  writer: WriterThread | undefined;
  /** Wake-ups between instances (LISTEN/NOTIFY on PostgreSQL, in memory on SQLite). */
  wakeups: Wakeups;
  ingest: IngestService;
  commands: DeviceCommands;
  /** Rules hook, alert services and the delivery worker (not started). */
  alerts: AlertsModule;
  geofences: GeofenceService;
  /** Provisioning (the demo provisions its fleet here). */
  registry: TractorRegistry;
  operator: OperatorService;
  geocoding: GeocodingService;
  places: PlacesProvider;
  vehicles: VehicleService;
  live: LiveService;
  usage: UsageService;
  /** Services done (the demo fleet's workshop writes its history here). */
  serviceBook: ServiceBook;
  paymentGateway: PaymentGateway;
  /** Renewals and payments, and the reminders before a subscription ends. */
  subscriptions: { service: SubscriptionService; reminders: ExpiryReminders; invoicePdf: InvoicePdfThread };
  /** The gateway's webhook, for packs and bookings alike. */
  paymentWebhook: PaymentWebhook;
  /** Doorstep service bookings: the owner's side, the dealer's desk, the owner's notifications, online payment. */
  serviceBookings: { service: ServiceBookingService; desk: DealerDesk; notifier: BookingNotifier; payments: BookingPayments };
  /** Owners' reminders. */
  reminders: ReminderService;
  weather: WeatherService;
  tts: TtsService;
  /** The hire ledger: customers, jobs measured by the track, proposals, payments, bill and live links (issue 17). */
  hire: HireModule;
  /** Owners' Idempotency-Keys: a write sent twice is applied once (http/idempotency.ts). */
  idempotency: IdempotencyStore;
}

/** Builds every service once, wired to each other as the routes and the jobs need them. Starts nothing. */
export async function buildServices(deps: ServiceDeps): Promise<Services> {
  const { config, db, clock, log } = deps;
  const kysely = db.kysely;
  const masterSecret = config.jwtSecret ?? (await getOrCreateSetting(kysely, 'jwt_secret', () => randomToken(32)));
  const keys = deriveKeys(masterSecret);
  const smsProvider = deps.sms ?? createSmsProvider(config, { clock, log, localOutput: deps.localSmsOutput });
  // Every SMS (OTP and alerts) passes the global hourly cap.
  const sms = new HourlyCappedSms(smsProvider, { db: kysely, clock, log, cap: config.smsHourlyCap });

  const sessions = new SessionService({ db: kysely, clock, accessKey: keys.access });
  const tickets = new OtpTickets(kysely, keys.ticket, clock);
  const otp = new OtpService({
    db: kysely,
    engine: db.engine,
    clock,
    sms,
    tickets,
    otpKey: keys.otp,
    log,
    addressSendsPerHour: config.otpAddressSendsPerHour,
    accountLanguage: async (mobileNo) => (await findUserByMobile(kysely, mobileNo))?.language,
    isBoundBrowser: (mobileNo, deviceId) => isDeviceBoundToNumber(kysely, mobileNo, deviceHash(deviceId)),
  });

  // Ingestion on a thread of its own, with its own connection; it is told of every settings change.
  const writer =
    config.ingestWriter === 'thread'
      ? new WriterThread({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, mainWrites: mainWriteCounter(), nice: config.ingestWriterNice }, log)
      : undefined;
  const geofenceWatch = new GeofenceWatch({ db: kysely, clock, ...(writer ? { onInvalidate: (ids: readonly string[]) => writer.geofencesChanged(ids) } : {}) });
  const wakeups =
    deps.wakeups ?? (db.engine === 'postgres' && config.databaseUrl ? postgresWakeups({ databaseUrl: config.databaseUrl, db: kysely, log }) : localWakeups());
  const alerts = await createAlertsModule({
    db,
    clock,
    log,
    sms,
    config: config.alerts,
    push: deps.push,
    geofences: geofenceWatch,
    wakeups,
    ...(writer ? { onSettingsChanged: (id: string) => writer.settingsChanged(id) } : {}),
  });
  writer?.onAlerts(() => alerts.hook.committed([]));
  const deviceModels = DeviceModels.load(config.devices.modelsFile);
  const telemetry = createTelemetryPipeline(db, clock, deviceModels, {
    alerts: alerts.hook,
    log,
    recordsPerMinute: config.devices.maxRecordsPerMinute,
    ...(writer ? { sink: writer } : {}),
  });
  const registry = new TractorRegistry({ db: kysely, clock, models: deviceModels, onProvisioned: (imei) => telemetry.invalidate(imei) });

  const geocoding = new GeocodingService({ db: kysely, geocoder: createGeocoder(config, log), clock, log });
  const { offlineAfterMs } = config.devices;
  const live = new LiveService({
    db: kysely,
    clock,
    geocoding,
    models: deviceModels,
    offlineAfterMs,
    serviceIntervalDays: config.serviceBookings.intervalDays,
  });
  const serviceBook = new ServiceBook({ db: kysely, clock, engineHours: (id) => live.engineHoursOf(id), onRecorded: alerts.invalidate });

  const paymentGateway = deps.paymentGateway ?? createPaymentGateway(config.payments);
  const subscriptions = new SubscriptionService({ db: kysely, engine: db.engine, clock, gateway: paymentGateway, settings: config.payments, log });
  const moveDeps = { db: kysely, clock, engineHours: (id: string) => live.engineHoursOf(id), serviceBook };
  const bookingPayments = new BookingPayments({ db: kysely, clock, gateway: paymentGateway, log });

  return {
    config,
    clock,
    db,
    smsProvider,
    sms,
    sessions,
    otp,
    accounts: new AccountService({ db: kysely, clock, otp, tickets, sessions }),
    profile: new ProfileService({ db: kysely, clock }),
    home: new HomeService({ db: kysely, tollFreeNumber: config.tollFreeNumber }),
    telemetry,
    writer,
    wakeups,
    ingest: new IngestService(telemetry),
    commands: new DeviceCommands({ db: kysely, clock, engine: db.engine, wakeups }),
    alerts,
    geofences: new GeofenceService({ db: kysely, clock, watch: geofenceWatch }),
    registry,
    operator: new OperatorService({ db: kysely, registry }),
    geocoding,
    places: createPlaces(config),
    vehicles: new VehicleService({ db: kysely, clock, freeDays: config.payments.freeDays }),
    live,
    usage: new UsageService({ db: kysely, clock, offlineAfterMs }),
    serviceBook,
    paymentGateway,
    subscriptions: {
      service: subscriptions,
      reminders: new ExpiryReminders({ db: kysely, clock, sms, push: alerts.pushSender, log, days: config.payments.reminderDays }),
      invoicePdf: new InvoicePdfThread(),
    },
    paymentWebhook: new PaymentWebhook({ db: kysely, clock, gateway: paymentGateway, handlers: [subscriptions, bookingPayments] }),
    serviceBookings: {
      service: new ServiceBookingService({
        ...moveDeps,
        engine: db.engine,
        catalogue: config.serviceBookings.catalogue,
        supplierState: config.payments.supplier.state,
      }),
      desk: new DealerDesk(moveDeps),
      notifier: new BookingNotifier({ db: kysely, clock, sms, push: alerts.pushSender, log }),
      payments: bookingPayments,
    },
    reminders: new ReminderService({ db: kysely, engine: db.engine, clock, push: alerts.pushSender, log }),
    // The weather where the tractor last was (its last fix), in the owner's language.
    weather: new WeatherService({
      provider: createWeatherProvider(config.weather, { clock }),
      clock,
      log,
      positionOf: async (userId, vin) => {
        const { state } = await ownedOrNotFound(kysely, userId, vin);
        const fix = state?.lastFix ? (JSON.parse(state.lastFix) as { lat?: unknown; lon?: unknown }) : null;
        return typeof fix?.lat === 'number' && typeof fix.lon === 'number' ? { lat: fix.lat, lon: fix.lon } : null;
      },
    }),
    tts: new TtsService({ provider: createTtsProvider(config.tts, { log }), cacheDir: path.join(config.dataDir, 'tts-cache'), log }),
    hire: createHireModule({
      db: kysely,
      engine: db.engine,
      clock,
      offlineAfterMs,
      placeName: async (lat, lon, language) => {
        const place = await geocoding.reverse(lat, lon, language);
        // Without a village or town near, the district names the place.
        return place ? { name: place.name ?? place.district, district: place.name ? place.district : null } : null;
      },
    }),
    idempotency: new IdempotencyStore({ db: kysely, clock }),
  };
}
