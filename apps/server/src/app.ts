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
import type { Wakeups } from './db/wakeups';
import { createDb } from './db/database';
import type { Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { startDevicePorts } from './devices/ports';
import type { TeltonikaServer } from './devices/teltonika/server';
import type { TeltonikaUdpServer } from './devices/teltonika/udp-server';
import { AppError } from './errors/app-error';
import { describeBinaryAnswers } from './http/binary-answer';
import { authenticateFirst } from './http/authenticate-first';
import { clientErrorHandler, frameworkErrors, securityHeaderValues } from './http/framework-errors';
import { installErrorHandler } from './http/error-handler';
import { installIdempotency } from './http/idempotency';
import { acceptEmptyJsonBodies } from './http/json-body';
import { loggerOptions } from './http/logger';
import type { LogSink } from './http/logger';
import { SnapshotRateLimitStore } from './http/rate-limit-store';
import { refuseUnstorableText } from './http/storable-text';
import { SERVER_TIMEOUTS } from './http/timeouts';
import { installNotFoundHandler } from './http/not-found';
import { registerSecurityHeaders } from './http/security-headers';
import { validatorCompiler } from './http/validation';
import { registerWebApp } from './http/web-app';
import { startJobs } from './jobs';
import { ensureDemoOwner } from './modules/accounts/demo-owner';
import { accountRoutes } from './modules/accounts/routes';
import { alertRoutes } from './modules/alerts/routes';
import { devRoutes } from './modules/dev/routes';
import { formatPlace } from './modules/geocoding/service';
import { seedDemoBoundaries } from './modules/geofences/boundaries/import';
import { geofenceRoutes } from './modules/geofences/routes';
import { healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/home/routes';
import { liveLinkRoutes } from './modules/hire/live-link-routes';
import { publicHireRoutes } from './modules/hire/public-routes';
import { hireRoutes } from './modules/hire/routes';
import { ingestRoutes } from './modules/ingest/routes';
import { operatorRoutes } from './modules/operator/routes';
import { otpRoutes } from './modules/otp/routes';
import { placesRoutes } from './modules/places/routes';
import { profileRoutes } from './modules/profile/routes';
import { MAX_IMAGE_BYTES } from './modules/profile/service';
import { pushRoutes } from './modules/push/routes';
import { receiverRoutes } from './modules/receivers/routes';
import { reminderRoutes } from './modules/reminders/routes';
import { operatorBookingRoutes } from './modules/service-bookings/operator-routes';
import { bookingPaymentRoutes } from './modules/service-bookings/payment-routes';
import { serviceBookingRoutes } from './modules/service-bookings/routes';
import { paymentRoutes } from './modules/subscription/payment-routes';
import { subscriptionRoutes } from './modules/subscription/routes';
import { ttsRoutes } from './modules/tts/routes';
import { vehicleRoutes } from './modules/vehicles/routes';
import { weatherRoutes } from './modules/weather/routes';
import type { PaymentGateway } from './providers/payments/payment-gateway';
import type { PushSender } from './providers/push/push-sender';
import { LocalSmsProvider } from './providers/sms/local-sms';
import type { TextSink } from './providers/sms/local-sms';
import type { SmsProvider } from './providers/sms/sms-provider';
import { buildServices } from './services';
import type { Services } from './services';
import { APP_VERSION } from './version';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service the routes and jobs use (start-up tasks such as the demo fleet, and tests, drive them here). */
    services: Services;
    /** The Teltonika TCP and UDP servers, when started (startDevices) and not `off`. */
    deviceServer: TeltonikaServer | undefined;
    deviceUdpServer: TeltonikaUdpServer | undefined;
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
  /** Listen for devices on DEVICE_TCP_PORT and DEVICE_UDP_PORT, and nothing more. server.ts does; tests only when they ask. */
  startDevices?: boolean;
  /** Run the background jobs (jobs.ts): late replay, day rebuilds, session purge, payments, reminders, booking notices, alert delivery. server.ts does; tests drive them by hand. */
  startJobs?: boolean;
  /** Run the alert delivery worker (default: with the jobs). Tests drive it with app.services.alerts.delivery.drain(). */
  startAlertDelivery?: boolean;
  /** Web Push sender; by default Web Push with the VAPID keys kept in the database. */
  push?: PushSender;
  /** Payment gateway; by default the one config.payments names. */
  paymentGateway?: PaymentGateway;
  /** Wake-ups between instances; by default LISTEN/NOTIFY on PostgreSQL, in memory on SQLite. */
  wakeups?: Wakeups;
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
    // `alerts/` is the list, not an alert with an empty id (a client joining base and path leaves the slash).
    routerOptions: { ignoreTrailingSlash: true },
    ...SERVER_TIMEOUTS,
    frameworkErrors: frameworkErrors(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  installErrorHandler(app);
  refuseUnstorableText(app);
  app.decorateRequest('principal', null);

  const db = options.db ?? createDb(config);
  // Registered first because Fastify runs onClose hooks last-in first-out: the database closes
  // after everything that may still write to it (pending device records) has finished.
  if (!options.db) app.addHook('onClose', () => db.close());
  try {
    const services = await assemble(app, db, options);
    // Stop taking records, let what was received commit, then stop the jobs (deliveries not made
    // stay in the outbox for the next start) and keep the geocoder's cache.
    let stopJobs = async () => {};
    app.addHook('onClose', async () => {
      await app.deviceServer?.close();
      await app.deviceUdpServer?.close();
      await services.telemetry.ingestor.idle();
      await stopJobs();
      await services.writer?.close();
      await services.subscriptions.invoicePdf.close();
      await services.geocoding.flush();
    });
    await app.ready();
    // Last, so nothing runs behind an app that failed to build.
    if (options.startDevices) {
      const ports = await startDevicePorts(config.devices, { telemetry: services.telemetry, commands: services.commands, log: app.log });
      app.deviceServer = ports.tcp;
      app.deviceUdpServer = ports.udp;
    }
    const periodic = options.startJobs ?? false;
    stopJobs = startJobs(services, app.log, { periodic, alertDelivery: options.startAlertDelivery ?? periodic });
    return app;
  } catch (err) {
    // A half-built app must not keep the database open (tests and a failed start alike).
    if (!options.db) await db.close();
    throw err;
  }
}

/** Migrations, start-up data, services, plugins and routes, in the order Fastify needs them. */
async function assemble(app: FastifyInstance, db: Db, options: BuildAppOptions): Promise<Services> {
  const { config } = options;
  // The writer thread keeps the system's time: a controlled clock would not reach it.
  if (options.clock && config.ingestWriter === 'thread') throw new Error('a controlled clock needs INGEST_WRITER=inline');
  await migrateToLatest(db);
  // Outside production, the approximate demo boundaries stand in until real ones are imported.
  if (config.nodeEnv !== 'production' && (await seedDemoBoundaries(db.kysely))) app.log.info('demo state and district boundaries loaded');
  const services = await buildServices({
    config,
    db,
    clock: options.clock ?? systemClock,
    log: app.log,
    sms: options.sms,
    localSmsOutput: options.localSmsOutput,
    push: options.push,
    paymentGateway: options.paymentGateway,
    wakeups: options.wakeups,
  });
  app.decorate('services', services);
  app.decorate('deviceServer', undefined);
  app.decorate('deviceUdpServer', undefined);

  if (options.seedDemoOwner && (await ensureDemoOwner(services.accounts, config.demo))) {
    app.log.info('demo owner created');
  }

  await registerSecurityHeaders(app, config.mapTileHosts);
  await app.register(rateLimit, {
    global: true,
    max: globalRateLimit(config.authRateLimitPerMinute),
    timeWindow: MINUTE_MS,
    // Counts per address (the library takes an IPv6 /64 as one); see the store for why not its own.
    store: SnapshotRateLimitStore,
    // The API is limited; static files of the web app are cheap and a page load fetches many.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
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
    transform: describeBinaryAnswers(jsonSchemaTransform),
  });

  // Personal data must not sit in any cache (browser, proxy or service worker).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Before the routes: every owner write registered below honours Idempotency-Key (issue 19).
  installIdempotency(app, services.idempotency);

  const authRateLimit = { max: config.authRateLimitPerMinute, timeWindow: MINUTE_MS };
  const { clock, sessions, alerts, serviceBook, paymentGateway, serviceBookings } = services;
  const placeOf = async (lat: number, lon: number, language: string) => {
    const place = await services.geocoding.reverse(lat, lon, language);
    return place ? formatPlace(place) : null;
  };
  // Before the routes: a route that declares the bearer scheme checks the session before its body.
  authenticateFirst(app, sessions);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: db.kysely, version: APP_VERSION });
      await api.register(otpRoutes, { otp: services.otp, authRateLimit });
      await api.register(accountRoutes, { accounts: services.accounts, sessions, cookieSecure: config.cookieSecure, authRateLimit });
      await api.register(profileRoutes, { profile: services.profile, sessions });
      await api.register(homeRoutes, { home: services.home, sessions });
      await api.register(vehicleRoutes, {
        vehicles: services.vehicles,
        live: services.live,
        usage: services.usage,
        sessions,
        claimRateLimit: authRateLimit,
        serviceBook,
      });
      await api.register(alertRoutes, { alerts: alerts.service, config: alerts.config, sessions, placeOf });
      await api.register(receiverRoutes, { receivers: alerts.receivers, sessions });
      await api.register(pushRoutes, { push: alerts.push, sessions });
      await api.register(placesRoutes, { places: services.places, sessions });
      await api.register(geofenceRoutes, { geofences: services.geofences, sessions });
      await api.register(reminderRoutes, { reminders: services.reminders, sessions });
      await api.register(weatherRoutes, { weather: services.weather, sessions });
      await api.register(ttsRoutes, { tts: services.tts, sessions });
      await api.register(hireRoutes, { hire: services.hire, sessions });
      await api.register(liveLinkRoutes, { links: services.hire.links, sessions });
      await api.register(publicHireRoutes, { pages: services.hire.pages });
      await api.register(subscriptionRoutes, { subscriptions: services.subscriptions.service, sessions, invoicePdf: services.subscriptions.invoicePdf.render });
      await api.register(serviceBookingRoutes, { bookings: serviceBookings.service, payments: serviceBookings.payments, sessions });
      await api.register(operatorBookingRoutes, { desk: serviceBookings.desk, operatorKey: config.operatorKey });
      await api.register(paymentRoutes, { subscriptions: services.subscriptions.service, gateway: paymentGateway, webhook: services.paymentWebhook });
      await api.register(bookingPaymentRoutes, { payments: serviceBookings.payments, gateway: paymentGateway });
      await api.register(operatorRoutes, { operator: services.operator, operatorKey: config.operatorKey, serviceBook, commands: services.commands });
      await api.register(ingestRoutes, { ingest: services.ingest, operatorKey: config.operatorKey, now: () => clock.now() });
      if (services.smsProvider instanceof LocalSmsProvider && config.nodeEnv !== 'production') await api.register(devRoutes, { sms: services.smsProvider });
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
    },
    { prefix: '/api/v1' },
  );
  await registerWebApp(app, config.webDist);
  return services;
}
