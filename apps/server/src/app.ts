import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { systemClock } from './clock';
import type { Clock } from './clock';
import type { Config } from './config';
import { deriveKeys, randomToken } from './crypto/secrets';
import { getOrCreateSetting } from './db/app-settings';
import { createDb } from './db/database';
import type { Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { AppError } from './errors/app-error';
import { installErrorHandler } from './http/error-handler';
import { acceptEmptyJsonBodies } from './http/json-body';
import { loggerOptions } from './http/logger';
import type { LogSink } from './http/logger';
import { installNotFoundHandler } from './http/not-found';
import { registerSecurityHeaders } from './http/security-headers';
import { validatorCompiler } from './http/validation';
import { registerWebApp } from './http/web-app';
import { ensureDemoOwner } from './modules/accounts/demo-owner';
import { findUserByMobile, isDeviceBoundToNumber } from './modules/accounts/repo';
import { accountRoutes } from './modules/accounts/routes';
import { AccountService, deviceHash } from './modules/accounts/service';
import { devRoutes } from './modules/dev/routes';
import { healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/home/routes';
import { ingestRoutes } from './modules/ingest/routes';
import { IngestService } from './modules/ingest/service';
import { HomeService } from './modules/home/service';
import { OtpTickets } from './modules/otp/otp-ticket';
import { otpRoutes } from './modules/otp/routes';
import { OtpService } from './modules/otp/service';
import { profileRoutes } from './modules/profile/routes';
import { MAX_IMAGE_BYTES, ProfileService } from './modules/profile/service';
import { SessionService } from './modules/sessions/service';
import { createSmsProvider } from './providers/sms/create-sms-provider';
import { HourlyCappedSms } from './providers/sms/hourly-cap';
import { LocalSmsProvider } from './providers/sms/local-sms';
import type { TextSink } from './providers/sms/local-sms';
import type { SmsProvider } from './providers/sms/sms-provider';
import { APP_VERSION } from './version';
import { clientErrorHandler, frameworkErrors, securityHeaderValues } from './http/framework-errors';
import { startTeltonikaServer, type TeltonikaServer } from './devices/teltonika/server';
import { startTeltonikaUdpServer, type TeltonikaUdpServer } from './devices/teltonika/udp-server';
import { createTelemetryPipeline, type TelemetryPipeline } from './modules/telemetry/pipeline';
import { rebuildDirtyDays } from './modules/telemetry/rebuild-days';
import { DeviceModels } from './modules/tractors/device-models';
import { TractorRegistry } from './modules/tractors/registry';
import { operatorRoutes } from './modules/operator/routes';
import { OperatorService } from './modules/operator/service';
import { formatPlace, GeocodingService } from './modules/geocoding/service';
import { createGeocoder } from './providers/geocoder/create-geocoder';
import { LiveService } from './modules/vehicles/live-service';
import { vehicleRoutes } from './modules/vehicles/routes';
import { ServiceBook } from './modules/vehicles/service-book';
import { DeviceCommands } from './modules/commands/service';
import { placesRoutes } from './modules/places/routes';
import { createPlaces } from './providers/places/create-places';
import { VehicleService } from './modules/vehicles/service';
import { UsageService } from './modules/vehicles/usage-service';
import { createAlertsModule } from './modules/alerts/module';
import type { AlertService } from './modules/alerts/service';
import type { AlertDelivery } from './modules/alerts/delivery/worker';
import { alertRoutes } from './modules/alerts/routes';
import { receiverRoutes } from './modules/receivers/routes';
import { pushRoutes } from './modules/push/routes';
import type { PushSender } from './providers/push/push-sender';
import { seedDemoBoundaries } from './modules/geofences/boundaries/import';
import { geofenceRoutes } from './modules/geofences/routes';
import { GeofenceService } from './modules/geofences/service';
import { GeofenceWatch } from './modules/geofences/watch';
import { createPaymentGateway } from './providers/payments/create-payment-gateway';
import type { PaymentGateway } from './providers/payments/payment-gateway';
import { SubscriptionService } from './modules/subscription/service';
import { ExpiryReminders } from './modules/subscription/reminders';
import { subscriptionRoutes } from './modules/subscription/routes';
import { paymentRoutes } from './modules/subscription/payment-routes';
import { invoicePdf } from './modules/subscription/invoice-document';
import { ReminderService } from './modules/reminders/service';
import { reminderRoutes } from './modules/reminders/routes';
import { WeatherService } from './modules/weather/service';
import { weatherRoutes } from './modules/weather/routes';
import { createWeatherProvider } from './providers/weather/create-weather';
import { TtsService } from './modules/tts/service';
import { ttsRoutes } from './modules/tts/routes';
import { createTtsProvider } from './providers/tts/create-tts';
import { ownedOrNotFound } from './modules/vehicles/service';
import { ServiceBookingService } from './modules/service-bookings/service';
import { DealerDesk } from './modules/service-bookings/dealer-desk';
import { BookingNotifier } from './modules/service-bookings/notifier';
import { serviceBookingRoutes } from './modules/service-bookings/routes';
import { operatorBookingRoutes } from './modules/service-bookings/operator-routes';
import { BookingPayments } from './modules/service-bookings/payments';
import { bookingPaymentRoutes } from './modules/service-bookings/payment-routes';
import { PaymentWebhook } from './modules/payments/webhook';

declare module 'fastify' {
  interface FastifyInstance {
    /** Device ingestion: the pipeline every protocol feeds, and the Teltonika TCP server when started. */
    telemetry: TelemetryPipeline;
    deviceServer: TeltonikaServer | undefined;
    deviceUdpServer: TeltonikaUdpServer | undefined;
    /** The open database (for start-up tasks such as the demo fleet). */
    db: Db;
    /** Alerts: raiseAlert for alerts from outside the telemetry rules, and the delivery worker. */
    alerts: { service: AlertService; delivery: AlertDelivery };
    /** Provisioning (the demo provisions its fleet here). */
    registry: TractorRegistry;
    /** Services done (the demo fleet's workshop writes its history here). */
    serviceBook: ServiceBook;
    /** Renewals and payments (the demo seeds its paid history here; tests drive reconciliation). */
    subscriptions: { service: SubscriptionService; gateway: PaymentGateway; reminders: ExpiryReminders };
    /** Owners' reminders (tests drive the push job with pushDue()). */
    reminders: ReminderService;
    /** Doorstep service bookings: the owner's side, the dealer's desk, the owner's notifications (tests drive deliverDue()). */
    serviceBookings: { service: ServiceBookingService; desk: DealerDesk; notifier: BookingNotifier; payments: BookingPayments };
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Time source for tokens, OTPs, PIN locks and sessions (tests pass a controllable one). */
  clock?: Clock;
  /** Log destination; every log line is written here (default: stdout). */
  logStream?: LogSink;
  /** An open database to use and leave open; by default one is opened from config and closed with the app. */
  db?: Db;
  /** SMS provider; by default the one config.sms names. */
  sms?: SmsProvider;
  /** Where the local SMS provider prints its messages (default: process.stdout). */
  localSmsOutput?: TextSink;
  /** Create the demo owner (config.demo) if missing. server.ts does; tests only when they ask. */
  seedDemoOwner?: boolean;
  /** Listen for devices on DEVICE_TCP_PORT. server.ts does; tests only when they ask. */
  startDevices?: boolean;
  /** Run the alert delivery worker (default: with the devices). Tests drive it with app.alerts.delivery.drain(). */
  startAlertDelivery?: boolean;
  /** Web Push sender; by default Web Push with the VAPID keys kept in the database. */
  push?: PushSender;
  /** Payment gateway; by default the one config.payments names. */
  paymentGateway?: PaymentGateway;
}

const JSON_BODY_LIMIT = 16 * 1024;
/** Every API route, per IP: generous (carrier NAT puts many phones behind one address), never below 1000/min. */
const globalRateLimit = (authLimit: number) => Math.max(1000, authLimit * 10);
const MINUTE_MS = 60_000;

/** Builds the whole app: plugins, services, routes, error and 404 handlers, the web app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const securityHeaders = securityHeaderValues(config.mapTileHosts);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: frameworkErrors(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  installErrorHandler(app);
  app.decorateRequest('principal', null);

  const db = options.db ?? createDb(config);
  // Registered first because Fastify runs onClose hooks last-in first-out: the database closes
  // after everything that may still write to it (pending device records) has finished.
  if (!options.db) app.addHook('onClose', () => db.close());
  try {
    await assemble(app, db, options);
    await app.ready();
    return app;
  } catch (err) {
    // A half-built app must not keep the database open (tests and a failed start alike).
    if (!options.db) await db.close();
    throw err;
  }
}

/** Migrations, secrets, services, plugins and routes, in the order Fastify needs them. */
async function assemble(app: FastifyInstance, db: Db, options: BuildAppOptions): Promise<void> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  await migrateToLatest(db);
  const masterSecret = config.jwtSecret ?? (await getOrCreateSetting(db.kysely, 'jwt_secret', () => randomToken(32)));
  const keys = deriveKeys(masterSecret);
  const gateway = options.sms ?? createSmsProvider(config, { clock, log: app.log, localOutput: options.localSmsOutput });
  // Every SMS (OTP and alerts) passes the global hourly cap.
  const sms = new HourlyCappedSms(gateway, { db: db.kysely, clock, log: app.log, cap: config.smsHourlyCap });

  const sessions = new SessionService({ db: db.kysely, clock, accessKey: keys.access });
  const tickets = new OtpTickets(db.kysely, keys.ticket, clock);
  const otp = new OtpService({
    db: db.kysely,
    engine: db.engine,
    clock,
    sms,
    tickets,
    otpKey: keys.otp,
    log: app.log,
    addressSendsPerHour: config.otpAddressSendsPerHour,
    accountLanguage: async (mobileNo) => (await findUserByMobile(db.kysely, mobileNo))?.language,
    isBoundBrowser: (mobileNo, deviceId) => isDeviceBoundToNumber(db.kysely, mobileNo, deviceHash(deviceId)),
  });
  const accounts = new AccountService({ db: db.kysely, clock, otp, tickets, sessions });
  const profile = new ProfileService({ db: db.kysely, clock });
  const home = new HomeService({ db: db.kysely, tollFreeNumber: config.tollFreeNumber });

  // Outside production, the approximate demo boundaries stand in until real ones are imported.
  if (config.nodeEnv !== 'production' && (await seedDemoBoundaries(db.kysely))) app.log.info('demo state and district boundaries loaded');
  const geofenceWatch = new GeofenceWatch({ db: db.kysely, clock });
  const alerts = await createAlertsModule({ db, clock, log: app.log, sms, config: config.alerts, push: options.push, geofences: geofenceWatch });
  app.decorate('alerts', { service: alerts.alerts, delivery: alerts.delivery });

  const deviceModels = DeviceModels.load(config.devices.modelsFile);
  const telemetry = createTelemetryPipeline(db, clock, deviceModels, { alerts: alerts.hook, log: app.log, recordsPerMinute: config.devices.maxRecordsPerMinute });
  app.decorate('telemetry', telemetry);
  app.decorate('db', db);
  const commands = new DeviceCommands({ db: db.kysely, clock, engine: db.engine });
  app.decorate('deviceServer', undefined);
  if (options.startDevices && config.devices.tcpPort !== 'off') {
    app.deviceServer = await startTeltonikaServer({
      host: config.devices.tcpHost,
      port: config.devices.tcpPort,
      lookup: telemetry.lookup,
      ingestor: telemetry.ingestor,
      log: app.log,
      idleTimeoutMs: config.devices.idleTimeoutMs,
      handshakeTimeoutMs: config.devices.handshakeTimeoutMs,
      firstFrameTimeoutMs: config.devices.firstFrameTimeoutMs,
      maxConnections: config.devices.maxConnections,
      maxConnectionsPerIp: config.devices.maxConnectionsPerIp,
      rate: telemetry.rate,
      commands,
      ...(config.devices.proxyProtocol ? { proxyProtocol: config.devices.proxyProtocol } : {}),
    });
    app.log.info({ port: app.deviceServer.port }, 'listening for Teltonika devices');
  }
  app.decorate('deviceUdpServer', undefined);
  if (options.startDevices && config.devices.udpPort !== 'off') {
    app.deviceUdpServer = await startTeltonikaUdpServer({
      host: config.devices.tcpHost,
      port: config.devices.udpPort,
      lookup: telemetry.lookup,
      ingestor: telemetry.ingestor,
      log: app.log,
      rate: telemetry.rate,
    });
    app.log.info({ port: app.deviceUdpServer.port }, 'listening for Teltonika devices over UDP');
  }
  // Background jobs of the running server: late records are replayed in device-time order once they
  // stop coming (late-replay.ts); days that received late records beyond a replay are rebuilt from
  // their raw records; sessions that ended over a day ago are removed.
  let rebuilding: NodeJS.Timeout | undefined;
  let replaying: NodeJS.Timeout | undefined;
  let purging: NodeJS.Timeout | undefined;
  if (options.startDevices) {
    rebuilding = setInterval(() => {
      rebuildDirtyDays(db.kysely).catch((err: unknown) => app.log.error({ err }, 'rebuilding late days failed'));
    }, 60_000);
    rebuilding.unref();
    replaying = setInterval(() => {
      telemetry.ingestor.replayDue().catch((err: unknown) => app.log.error({ err }, 'replaying late records failed'));
    }, 5_000);
    replaying.unref();
    purging = setInterval(() => {
      sessions
        .purgeEnded()
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'ended sessions removed');
        })
        .catch((err: unknown) => app.log.error({ err }, 'removing ended sessions failed'));
    }, 3600_000);
    purging.unref();
  }
  if (options.startAlertDelivery ?? options.startDevices) alerts.delivery.start();
  // Stop taking records, then let what was received commit before the database closes; deliveries
  // not made stay in the outbox for the next start.
  app.addHook('onClose', async () => {
    clearInterval(rebuilding);
    clearInterval(replaying);
    clearInterval(purging);
    await app.deviceServer?.close();
    await app.deviceUdpServer?.close();
    await telemetry.ingestor.idle();
    await alerts.delivery.stop();
  });

  const registry = new TractorRegistry({ db: db.kysely, clock, models: deviceModels, onProvisioned: (imei) => telemetry.invalidate(imei) });
  app.decorate('registry', registry);
  const operator = new OperatorService({ db: db.kysely, registry });
  const geocoding = new GeocodingService({ db: db.kysely, geocoder: createGeocoder(config, app.log), clock, log: app.log });
  app.addHook('onClose', () => geocoding.flush());
  const { offlineAfterMs } = config.devices;
  const vehicles = new VehicleService({ db: db.kysely, clock, freeDays: config.payments.freeDays });
  const live = new LiveService({ db: db.kysely, clock, geocoding, models: deviceModels, offlineAfterMs, serviceIntervalDays: config.serviceBookings.intervalDays });
  const serviceBook = new ServiceBook({ db: db.kysely, clock, engineHours: (id) => live.engineHoursOf(id), onRecorded: alerts.invalidate });
  app.decorate('serviceBook', serviceBook);
  const usage = new UsageService({ db: db.kysely, clock, offlineAfterMs });
  const paymentGateway = options.paymentGateway ?? createPaymentGateway(config.payments);
  const subscriptions = new SubscriptionService({ db: db.kysely, engine: db.engine, clock, gateway: paymentGateway, settings: config.payments, log: app.log });
  const reminders = new ExpiryReminders({ db: db.kysely, clock, sms, push: alerts.pushSender, log: app.log, days: config.payments.reminderDays });
  app.decorate('subscriptions', { service: subscriptions, gateway: paymentGateway, reminders });
  const moveDeps = { db: db.kysely, clock, engineHours: (id: string) => live.engineHoursOf(id), serviceBook };
  const bookings = new ServiceBookingService({ ...moveDeps, engine: db.engine, catalogue: config.serviceBookings.catalogue, supplierState: config.payments.supplier.state });
  const bookingDesk = new DealerDesk(moveDeps);
  const bookingNotifier = new BookingNotifier({ db: db.kysely, clock, sms, push: alerts.pushSender, log: app.log });
  const bookingPayments = new BookingPayments({ db: db.kysely, clock, gateway: paymentGateway, log: app.log });
  const paymentWebhook = new PaymentWebhook({ db: db.kysely, clock, gateway: paymentGateway, handlers: [subscriptions, bookingPayments] });
  app.decorate('serviceBookings', { service: bookings, desk: bookingDesk, notifier: bookingNotifier, payments: bookingPayments });
  const ownerReminders = new ReminderService({ db: db.kysely, engine: db.engine, clock, push: alerts.pushSender, log: app.log });
  app.decorate('reminders', ownerReminders);
  // The weather where the tractor last was (its last fix), in the owner's language.
  const weather = new WeatherService({
    provider: createWeatherProvider(config.weather, { clock }),
    clock,
    log: app.log,
    positionOf: async (userId, vin) => {
      const { state } = await ownedOrNotFound(db.kysely, userId, vin);
      const fix = state?.lastFix ? (JSON.parse(state.lastFix) as { lat?: unknown; lon?: unknown }) : null;
      return typeof fix?.lat === 'number' && typeof fix.lon === 'number' ? { lat: fix.lat, lon: fix.lon } : null;
    },
  });
  const tts = new TtsService({ provider: createTtsProvider(config.tts, { log: app.log }), cacheDir: path.join(config.dataDir, 'tts-cache'), log: app.log });
  if (options.startDevices) {
    // Payments whose callback never came are settled from the gateway; reminders go out before ends.
    // Both are safe with several instances: settling is exactly-once, reminders are claimed rows.
    const subscriptionJobs = setInterval(() => {
      subscriptions.reconcileDue().catch((err: unknown) => app.log.error({ err }, 'reconciling payments failed'));
      bookingPayments.reconcileDue().catch((err: unknown) => app.log.error({ err }, 'reconciling booking payments failed'));
      reminders.runDue().catch((err: unknown) => app.log.error({ err }, 'sending expiry reminders failed'));
    }, 60_000);
    subscriptionJobs.unref();
    // Owners' reminders ring by push while the app is closed: looked at every 15 s, so a push leaves
    // within a quarter of a minute of its time (each occurrence claimed, so several instances are safe).
    const reminderJob = setInterval(() => {
      ownerReminders.pushDue().catch((err: unknown) => app.log.error({ err }, 'pushing reminders failed'));
    }, 15_000);
    reminderJob.unref();
    // Booking steps are written by any process (the API, npm run admin, the demo dealer): the owner
    // hears of each within a few seconds; each is claimed first, so several instances are safe.
    const bookingJob = setInterval(() => {
      bookingNotifier.deliverDue().catch((err: unknown) => app.log.error({ err }, 'sending booking notifications failed'));
    }, 5_000);
    bookingJob.unref();
    app.addHook('onClose', () => {
      clearInterval(subscriptionJobs);
      clearInterval(reminderJob);
      clearInterval(bookingJob);
    });
  }

  if (options.seedDemoOwner && (await ensureDemoOwner(accounts, config.demo))) {
    app.log.info('demo owner created');
  }

  await registerSecurityHeaders(app, config.mapTileHosts);
  await app.register(rateLimit, {
    global: true,
    max: globalRateLimit(config.authRateLimitPerMinute),
    timeWindow: MINUTE_MS,
    // The API is limited; static files of the web app are cheap and a page load fetches many.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  installNotFoundHandler(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'TractorLink API', version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          operatorKey: { type: 'apiKey', in: 'header', name: 'X-Operator-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Personal data must not sit in any cache (browser, proxy or service worker).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  const authRateLimit = { max: config.authRateLimitPerMinute, timeWindow: MINUTE_MS };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: db.kysely, version: APP_VERSION });
      await api.register(otpRoutes, { otp, authRateLimit });
      await api.register(accountRoutes, { accounts, sessions, cookieSecure: config.cookieSecure, authRateLimit });
      await api.register(profileRoutes, { profile, sessions });
      await api.register(homeRoutes, { home, sessions });
      await api.register(vehicleRoutes, { vehicles, live, usage, sessions, claimRateLimit: authRateLimit, serviceBook });
      const placeOf = async (lat: number, lon: number, language: string) => {
        const place = await geocoding.reverse(lat, lon, language);
        return place ? formatPlace(place) : null;
      };
      await api.register(alertRoutes, { alerts: alerts.alerts, config: alerts.config, sessions, placeOf });
      await api.register(receiverRoutes, { receivers: alerts.receivers, sessions });
      await api.register(pushRoutes, { push: alerts.push, sessions });
      await api.register(placesRoutes, { places: createPlaces(config), sessions });
      await api.register(geofenceRoutes, { geofences: new GeofenceService({ db: db.kysely, clock, watch: geofenceWatch }), sessions });
      await api.register(reminderRoutes, { reminders: ownerReminders, sessions });
      await api.register(weatherRoutes, { weather, sessions });
      await api.register(ttsRoutes, { tts, sessions });
      await api.register(subscriptionRoutes, { subscriptions, sessions, invoicePdf });
      await api.register(serviceBookingRoutes, { bookings, payments: bookingPayments, sessions });
      await api.register(operatorBookingRoutes, { desk: bookingDesk, operatorKey: config.operatorKey });
      await api.register(paymentRoutes, { subscriptions, gateway: paymentGateway, webhook: paymentWebhook });
      await api.register(bookingPaymentRoutes, { payments: bookingPayments, gateway: paymentGateway });
      await api.register(operatorRoutes, { operator, operatorKey: config.operatorKey, serviceBook, commands });
      await api.register(ingestRoutes, { ingest: new IngestService(telemetry), operatorKey: config.operatorKey, now: () => clock.now() });
      if (gateway instanceof LocalSmsProvider && config.nodeEnv !== 'production') await api.register(devRoutes, { sms: gateway });
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api/v1' },
  );
  await registerWebApp(app, config.webDist);
}
