import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL_NAME_PATTERN } from '@tractorlink/domain/validation';
import { DEFAULT_INVOICE_SERVICE, gstStateCode } from '@tractorlink/domain/subscription';
import { z } from 'zod';
import { defaultDeviceConnectionCap } from './devices/shared/connection-guard';
import type { WeatherConfig } from './providers/weather/create-weather';
import type { TtsConfig } from './providers/tts/create-tts';
import { type Catalogue, CatalogueError, loadCatalogue } from './modules/service-bookings/catalogue';

/**
 * The only place that reads the environment (STYLE: create-t3-turbo, nodebestpractices).
 * Every variable is optional; `CONFIG_VARIABLES` describes them for CONFIG.md and the README.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/** `<repo>/apps/web/dist`, found from this file so it works whatever the working directory. */
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '8080', description: 'HTTP port.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  { name: 'NODE_ENV', default: 'development', description: '`development`, `test` or `production`. In production the dev SMS inbox route does not exist.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.' },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Directory for the SQLite database, relative to the working directory (the repo root under `npm start`).',
  },
  {
    name: 'DATABASE_URL',
    default: '(empty)',
    description: 'Empty: SQLite file `DATA_DIR/tractorlink.db` (WAL). `postgres://user:pass@host:5432/db`: PostgreSQL with the same migrations.',
  },
  { name: 'WEB_DIST', default: '`<repo>/apps/web/dist`', description: 'Built web app served at `/`. If missing, `/` answers 503 "run npm run build".' },
  {
    name: 'SMS_PROVIDER',
    default: 'local (must be set in production)',
    description:
      '`local` prints each SMS to the console and keeps an inbox (`GET /api/v1/dev/sms-inbox` outside production, to callers on this machine only); `twilio` sends real SMS. With `NODE_ENV=production` it must be set explicitly.',
  },
  { name: 'TWILIO_ACCOUNT_SID', default: '(empty)', description: 'Twilio account SID; required when `SMS_PROVIDER=twilio`.' },
  { name: 'TWILIO_AUTH_TOKEN', default: '(empty)', description: 'Twilio auth token; required when `SMS_PROVIDER=twilio`.' },
  { name: 'TWILIO_FROM', default: '(empty)', description: 'Sender number or messaging id; required when `SMS_PROVIDER=twilio`.' },
  { name: 'TWILIO_BASE_URL', default: 'https://api.twilio.com', description: 'Twilio API base URL (tests point it at a local fake).' },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description:
      'Master secret (at least 32 characters) from which the access-token, OTP-ticket and OTP-hash keys are derived. If absent, a random one is generated on first start and stored in the database (so every instance on that database shares it).',
  },
  {
    name: 'COOKIE_SECURE',
    default: 'auto',
    description:
      '`auto`: the refresh cookie is `Secure` only when the request came over HTTPS (or `X-Forwarded-Proto: https` with `TRUST_PROXY`); `true`; `false`.',
  },
  { name: 'TRUST_PROXY', default: 'false', description: '`true` when behind a reverse proxy: client IP and protocol are read from `X-Forwarded-*`.' },
  {
    name: 'AUTH_RATE_LIMIT_PER_MINUTE',
    default: '30',
    description:
      'Requests per minute per IP on each auth route (otp/send, otp/verify, register, login, createpin, changepin, refreshtoken). Every other API route shares a per-IP limit of ten times this, at least 1000.',
  },
  {
    name: 'OTP_ADDRESS_SENDS_PER_HOUR',
    default: '20',
    description:
      "OTP codes sent per hour at the request of one client address, all numbers together (with `TRUST_PROXY` the address from `X-Forwarded-For`). Codes asked from a browser already bound to the account are not counted. Carrier NAT puts many phones behind one address: keep it well above one household's needs.",
  },
  {
    name: 'SMS_HOURLY_CAP',
    default: '500',
    description:
      "SMS sent per clock hour across all numbers (OTP and alert SMS together, counted in the database so every instance shares it). Past it nothing is sent (`SMS_CAP_REACHED`; alert SMS are retried later). Codes asked from browsers not yet bound to the account may use only nine tenths of it, so a flood of them leaves room for owners' own phones and for alerts.",
  },
  {
    name: 'DEMO_OWNER',
    default: 'true (must be set in production)',
    description:
      'Create the demo owner on start if its number has no account. With `NODE_ENV=production` it must be set explicitly (`true` or `false`): the server refuses to start otherwise, as the demo PIN is published.',
  },
  { name: 'DEMO_MOBILE', default: '9876543210', description: 'Demo owner mobile number.' },
  { name: 'DEMO_PIN', default: '1234', description: 'Demo owner PIN.' },
  { name: 'DEMO_NAME', default: 'Ramesh Patil', description: 'Demo owner name.' },
  { name: 'TOLL_FREE_NUMBER', default: '18002003000', description: 'Provider call number shown in the side menu.' },
  { name: 'DEVICE_TCP_PORT', default: '5027', description: 'TCP port for Teltonika devices (Codec 8/8E/16); `0` picks a free port; `off` disables it.' },
  {
    name: 'DEVICE_UDP_PORT',
    default: '(DEVICE_TCP_PORT)',
    description:
      "UDP port for Teltonika devices sending over UDP (the same codecs; each packet acknowledged once committed); the TCP port's number by default (`0` there picks a free one here too, `off` turns both off); `off` disables UDP alone.",
  },
  { name: 'DEVICE_TCP_HOST', default: '(HOST)', description: 'Interface for the device port.' },
  {
    name: 'DEVICE_IDLE_TIMEOUT_SECONDS',
    default: '600',
    description: 'A device connection that sent no whole frame for this long is closed (stray bytes do not count).',
  },
  { name: 'DEVICE_HANDSHAKE_TIMEOUT_SECONDS', default: '10', description: 'A device must send its IMEI within this long of connecting.' },
  {
    name: 'DEVICE_FIRST_FRAME_TIMEOUT_SECONDS',
    default: '60',
    description: 'A device must send its first record frame within this long of its IMEI being accepted.',
  },
  {
    name: 'DEVICE_MAX_CONNECTIONS',
    default: '(60 % of the open-file limit)',
    description: 'Open device connections at most; more are refused at once, so file handles stay free for HTTP, the database and files.',
  },
  {
    name: 'DEVICE_MAX_RECORDS_PER_MINUTE',
    default: '6000',
    description:
      'Records one device may send a minute on any protocol (a real one sends at most 60, a backlog a few thousand); over it TCP reads wait, HTTP answers 429 and UDP packets go unacknowledged, so nothing is lost.',
  },
  {
    name: 'DEVICE_PROXY_PROTOCOL',
    default: 'false',
    description:
      "`true` behind a TCP balancer that sends the PROXY protocol (HAProxy `send-proxy` or `send-proxy-v2`): each device connection must start with it, only from `DEVICE_PROXY_TRUSTED`, and the device's own address in it is the one the per-address cap and the logs use.",
  },
  {
    name: 'DEVICE_PROXY_TRUSTED',
    default: '127.0.0.1,::1',
    description:
      'Comma-separated addresses of the TCP balancers allowed to send the PROXY protocol; connections from anywhere else are refused while `DEVICE_PROXY_PROTOCOL` is on.',
  },
  {
    name: 'DEVICE_MAX_CONNECTIONS_PER_IP',
    default: '100',
    description: 'Open device connections from one address at most (devices behind one carrier NAT share an address: raise it for large fleets).',
  },
  {
    name: 'DEVICE_MODELS_FILE',
    default: '(built-in FMB table)',
    description: 'JSON file of IO-id mappings per device model, added to the built-in Teltonika FMB mapping (see README "Devices").',
  },
  { name: 'OFFLINE_AFTER_MINUTES', default: '30', description: 'A tractor silent this long is shown offline.' },
  {
    name: 'TELEMETRY_RETENTION_MONTHS',
    default: '0',
    description:
      'Raw telemetry kept: the current month and this many whole months before it (`0` keeps it forever). Checked on start and daily; on PostgreSQL whole monthly partitions are dropped, on SQLite old records are deleted in batches. Hourly usage, refuels and alerts are kept.',
  },
  {
    name: 'INGEST_WRITER',
    default: 'thread',
    description:
      '`thread`: device records are decoded, derived and committed on a worker thread with its own database connection, so HTTP answers do not wait behind ingestion; `inline`: all on the main thread (the tests with a controlled clock use it).',
  },
  {
    name: 'INGEST_WRITER_NICE',
    default: '10',
    description:
      "The writer thread's scheduling niceness on Linux (0-19; the thread that serves HTTP and the device sockets stays at the process's own): when the two want the same core, owners' screens answer first and the devices' acknowledgements wait. `0` treats them alike.",
  },
  {
    name: 'OPERATOR_KEY',
    default: '(empty)',
    description: 'Key for the operator API (`X-Operator-Key` header: provisioning, batch ingest). Empty: the operator API is off.',
  },
  {
    name: 'SIMULATE_FLEET',
    default: '`true` (not in production)',
    description: 'Run the simulated demo fleet: three tractors of the demo owner, history back-filled, then live, over the real device protocol.',
  },
  {
    name: 'MAP_TILE_HOSTS',
    default: '`https://tile.openstreetmap.org https://server.arcgisonline.com`',
    description:
      'Space-separated origins the web app may load map tiles from (added to the CSP `img-src`); must match the tile URLs the web app was built with (`VITE_TILE_URL_*`).',
  },
  { name: 'SIMULATE_FLEET_DAYS', default: '90', description: 'Days of history the simulated fleet back-fills on its first start.' },
  {
    name: 'GEOCODER_PROVIDER',
    default: 'local',
    description:
      '`local`: the nearest town from a bundled list of Indian towns and villages, named in the owner\'s language ("near X" within 15 km, else the district); `google`: Google Geocoding API in the owner\'s language. Answers are cached per ~110 m in the database.',
  },
  { name: 'GOOGLE_MAPS_KEY', default: '(empty)', description: 'Google Maps Platform key with the Geocoding API; required when `GEOCODER_PROVIDER=google`.' },
  {
    name: 'PLACES_PROVIDER',
    default: 'local',
    description:
      '`local`: diesel stations near the demo area and place search over a bundled list of Indian towns; `google`: Google Places (needs `GOOGLE_MAPS_KEY` with the Places API).',
  },
  { name: 'GOOGLE_MAPS_BASE_URL', default: 'https://maps.googleapis.com', description: 'Google Maps API base URL (tests point it at a local fake).' },
  {
    name: 'ALERT_SMS_DAILY_CAP',
    default: '20',
    description:
      "Alert SMS sent to an owner's SMS receivers per IST day, all receivers together (cost control); SMS past it are not sent and the refusal is logged.",
  },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto:alerts@tractorlink.invalid',
    description:
      'Contact in the Web Push VAPID signature (`mailto:` or `https:`); push services use it if our pushes misbehave. Set a real one in production. The VAPID key pair itself is generated on first start and kept in the database.',
  },
  {
    name: 'PUSH_SERVICE_HOSTS',
    default: 'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,notify.windows.com,push.apple.com',
    description:
      "Comma-separated push-service hosts (a host and its subdomains) a browser's push subscription may point to; the server posts alerts only there.",
  },
  {
    name: 'PAYMENT_GATEWAY',
    default: 'local (must be set in production)',
    description:
      '`local`: a test gateway inside the server (its checkout page has a success and a failure button; no money moves); `razorpay`: Razorpay Orders API and Standard Checkout. With `NODE_ENV=production` it must be set explicitly.',
  },
  { name: 'RAZORPAY_KEY_ID', default: '(empty)', description: 'Razorpay key id (`rzp_test_…` or `rzp_live_…`); required when `PAYMENT_GATEWAY=razorpay`.' },
  {
    name: 'RAZORPAY_KEY_SECRET',
    default: '(empty)',
    description: 'Razorpay key secret (signs the checkout callback); required when `PAYMENT_GATEWAY=razorpay`. Never sent to the browser.',
  },
  {
    name: 'RAZORPAY_WEBHOOK_SECRET',
    default: '(empty)',
    description:
      "Secret of the webhook set in Razorpay's dashboard to `https://<host>/api/v1/subscription/payments/webhook` (events payment.captured, order.paid, payment.failed); required when `PAYMENT_GATEWAY=razorpay`.",
  },
  { name: 'RAZORPAY_BASE_URL', default: 'https://api.razorpay.com', description: 'Razorpay API base URL (tests point it at a local fake).' },
  { name: 'PACK_MONTH_PRICE_INR', default: '199', description: 'Month pack (30 days) price per tractor in rupees, before GST.' },
  { name: 'PACK_YEAR_PRICE_INR', default: '1999', description: 'Year pack (365 days) price per tractor in rupees, before GST.' },
  { name: 'FREE_SUBSCRIPTION_DAYS', default: '30', description: 'Days of free subscription a new tractor gets when its owner adds it (0: none).' },
  {
    name: 'SUBSCRIPTION_REMINDER_DAYS',
    default: '7,1',
    description: 'Days before a pack ends on which the owner gets a push and an SMS reminder (each once), comma-separated.',
  },
  { name: 'SUPPLIER_NAME', default: 'TractorLink Telematics Pvt Ltd', description: 'Supplier name on tax invoices and the checkout.' },
  { name: 'SUPPLIER_ADDRESS', default: 'Plot 12, MIDC Ambad, Nashik 422010', description: 'Supplier address on tax invoices.' },
  {
    name: 'SUPPLIER_GSTIN',
    default: '27AAFCT1234K1Z5',
    description: 'Supplier GSTIN on tax invoices; its first two digits must be the state code of `SUPPLIER_STATE`.',
  },
  { name: 'SUPPLIER_STATE', default: 'Maharashtra', description: 'Supplier state: owners registered in this state pay CGST 9 % + SGST 9 %, others IGST 18 %.' },
  {
    name: 'INVOICE_PREFIX',
    default: 'TL',
    description: 'Invoice numbers are `<prefix>/<financial year>/<6-digit sequence>` (at most 16 characters, so at most 5 letters or digits).',
  },
  { name: 'INVOICE_SAC', default: '998319', description: 'Services Accounting Code printed on tax invoices.' },
  { name: 'INVOICE_SERVICE', default: DEFAULT_INVOICE_SERVICE, description: 'Description of the service on tax invoices.' },

  {
    name: 'WEATHER_PROVIDER',
    default: 'local',
    description:
      "`local`: seasonal Indian weather made up on the server (no key; for the demo and tests); `accuweather`: AccuWeather location search, 1-hour and 5-day forecasts in the owner's language.",
  },
  { name: 'ACCUWEATHER_KEY', default: '(empty)', description: 'AccuWeather API key; required when `WEATHER_PROVIDER=accuweather`. Never logged.' },
  { name: 'ACCUWEATHER_BASE_URL', default: 'https://dataservice.accuweather.com', description: 'AccuWeather API base URL (tests point it at a local fake).' },
  {
    name: 'TTS_PROVIDER',
    default: 'local',
    description:
      '`local`: espeak-ng on this server (Debian package `espeak-ng`; all seven languages, robotic; without it Listen says there is no voice); `google`: Google Cloud Text-to-Speech. Audio is cached on disk under `DATA_DIR/tts-cache` (200 MB).',
  },
  {
    name: 'GOOGLE_TTS_KEY',
    default: '(empty)',
    description: 'Google Cloud API key limited to Text-to-Speech; required when `TTS_PROVIDER=google`. Never logged.',
  },
  {
    name: 'GOOGLE_TTS_BASE_URL',
    default: 'https://texttospeech.googleapis.com',
    description: 'Google Text-to-Speech base URL (tests point it at a local fake).',
  },
  {
    name: 'SERVICE_CATALOGUE_FILE',
    default: '(built-in catalogue)',
    description:
      'JSON file of doorstep services: `freeAllowance` (free periodic services per tractor, 3), `types` (`[{ id, durationMin, pricePaise }]`, ids from periodic, repair, washing, tyre, electrical, hydraulic; those listed are offered) and `dealers` (`[{ id, name, phone, districts, slots, capacity, closedWeekdays }]`; districts by name, `*` for any; slots `HH:MM`; closed days `sun`…`sat`). Each part given replaces the built-in one (a Nashik dealer and a fallback serving every district). Checked at start.',
  },
  {
    name: 'SERVICE_INTERVAL_DAYS',
    default: '180',
    description: 'A service falls due this many days after the last one (or the first day of data) if the engine hours have not come first.',
  },
];

/** The variables as a markdown table (CONFIG.md and the README's configuration section). */
export function configMarkdownTable(): string {
  const rows = CONFIG_VARIABLES.map(
    (v) => `| \`${v.name}\` | ${v.default.startsWith('(') || v.default.startsWith('`') ? v.default : `\`${v.default}\``} | ${v.description} |`,
  );
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

/** Empty strings count as unset, so `FOO=` in a shell or .env behaves like no FOO at all. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'expected a port number 0-65535' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'expected empty (SQLite) or a postgres:// URL' })
      .optional(),
  ),
  WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
  SMS_PROVIDER: z.enum(['local', 'twilio']).default('local'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  JWT_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: bool(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'expected a whole number 1-1000000' }).int().min(1).max(1_000_000).default(30),
  OTP_ADDRESS_SENDS_PER_HOUR: z.coerce.number({ error: 'expected a whole number 1-1000000' }).int().min(1).max(1_000_000).default(20),
  SMS_HOURLY_CAP: z.coerce.number({ error: 'expected a whole number 1-10000000' }).int().min(1).max(10_000_000).default(500),
  DEMO_OWNER: bool(true),
  DEMO_MOBILE: z
    .string()
    .regex(/^[6-9]\d{9}$/, { error: 'expected a 10-digit Indian mobile number' })
    .default('9876543210'),
  DEMO_PIN: z
    .string()
    .regex(/^\d{4}$/, { error: 'expected 4 digits' })
    .default('1234'),
  DEMO_NAME: z
    .string()
    .max(60)
    .regex(FULL_NAME_PATTERN, { error: "letters (English or the other six languages' scripts) and single spaces" })
    .default('Ramesh Patil'),
  TOLL_FREE_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/, { error: 'expected 8 to 15 digits' })
    .default('18002003000'),
  DEVICE_TCP_PORT: z.union([z.literal('off'), z.coerce.number({ error: 'expected a port number 0-65535 or off' }).int().min(0).max(65535)]).default(5027),
  DEVICE_UDP_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.literal('off'), z.coerce.number({ error: 'expected a port number 0-65535 or off' }).int().min(0).max(65535)]).optional(),
  ),
  DEVICE_TCP_HOST: optionalText,
  DEVICE_IDLE_TIMEOUT_SECONDS: z.coerce.number({ error: 'expected seconds 1-86400' }).int().min(1).max(86_400).default(600),
  DEVICE_HANDSHAKE_TIMEOUT_SECONDS: z.coerce.number({ error: 'expected seconds 1-600' }).int().min(1).max(600).default(10),
  DEVICE_FIRST_FRAME_TIMEOUT_SECONDS: z.coerce.number({ error: 'expected seconds 1-3600' }).int().min(1).max(3600).default(60),
  DEVICE_MAX_CONNECTIONS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'expected a whole number 1-1000000' }).int().min(1).max(1_000_000).optional(),
  ),
  DEVICE_MAX_RECORDS_PER_MINUTE: z.coerce.number({ error: 'expected a whole number 60-1000000' }).int().min(60).max(1_000_000).default(6000),
  DEVICE_PROXY_PROTOCOL: bool(false),
  DEVICE_PROXY_TRUSTED: z.string().default('127.0.0.1,::1'),
  DEVICE_MAX_CONNECTIONS_PER_IP: z.coerce.number({ error: 'expected a whole number 1-1000000' }).int().min(1).max(1_000_000).default(100),
  DEVICE_MODELS_FILE: optionalText,
  OFFLINE_AFTER_MINUTES: z.coerce.number({ error: 'expected minutes' }).int().min(1).max(10_080).default(30),
  TELEMETRY_RETENTION_MONTHS: z.coerce.number({ error: 'expected whole months 0-1200' }).int().min(0).max(1200).default(0),
  INGEST_WRITER: z.enum(['thread', 'inline'], { error: 'expected thread or inline' }).default('thread'),
  INGEST_WRITER_NICE: z.coerce.number({ error: 'expected a niceness 0-19' }).int().min(0).max(19).default(10),
  OPERATOR_KEY: optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  SIMULATE_FLEET: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' }).optional(),
  MAP_TILE_HOSTS: z
    .string()
    .default('https://tile.openstreetmap.org https://server.arcgisonline.com')
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'expected space-separated http(s) origins' })).max(10)),
  SIMULATE_FLEET_DAYS: z.coerce.number({ error: 'expected days 0-365 (records over a year old are refused)' }).int().min(0).max(365).default(90),
  GEOCODER_PROVIDER: z.enum(['local', 'google']).default('local'),
  GOOGLE_MAPS_KEY: optionalText,
  GOOGLE_MAPS_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://maps.googleapis.com'),
  PLACES_PROVIDER: z.enum(['local', 'google']).default('local'),
  ALERT_SMS_DAILY_CAP: z.coerce.number({ error: 'expected a whole number 0-10000' }).int().min(0).max(10_000).default(20),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { error: 'expected a mailto: address or an https: URL' })
    .default('mailto:alerts@tractorlink.invalid'),
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, { error: 'expected host names separated by commas' })
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,notify.windows.com,push.apple.com'),
  PAYMENT_GATEWAY: z.enum(['local', 'razorpay']).default('local'),
  RAZORPAY_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^rzp_(test|live)_\w+$/, { error: 'expected rzp_test_… or rzp_live_…' })
      .optional(),
  ),
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  PACK_MONTH_PRICE_INR: z.coerce.number({ error: 'expected rupees 1-100000' }).min(1).max(100_000).default(199),
  PACK_YEAR_PRICE_INR: z.coerce.number({ error: 'expected rupees 1-1000000' }).min(1).max(1_000_000).default(1999),
  FREE_SUBSCRIPTION_DAYS: z.coerce.number({ error: 'expected days 0-3650' }).int().min(0).max(3650).default(30),
  SUBSCRIPTION_REMINDER_DAYS: z
    .string()
    .regex(/^\d{1,2}(,\d{1,2})*$/, { error: 'expected days before the end, comma-separated (e.g. 7,1)' })
    .default('7,1'),
  SUPPLIER_NAME: z.string().min(1).max(100).default('TractorLink Telematics Pvt Ltd'),
  SUPPLIER_ADDRESS: z.string().min(1).max(200).default('Plot 12, MIDC Ambad, Nashik 422010'),
  SUPPLIER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, { error: 'expected a 15-character GSTIN' })
    .default('27AAFCT1234K1Z5'),
  SUPPLIER_STATE: z
    .string()
    .refine((v) => gstStateCode(v) !== undefined, { error: 'expected an Indian state or union territory name' })
    .default('Maharashtra'),
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,5}$/, { error: 'expected 1 to 5 capital letters or digits' })
    .default('TL'),
  INVOICE_SAC: z
    .string()
    .regex(/^\d{6}$/, { error: 'expected a 6-digit SAC' })
    .default('998319'),
  INVOICE_SERVICE: z.string().min(1).max(100).default(DEFAULT_INVOICE_SERVICE),
  WEATHER_PROVIDER: z.enum(['local', 'accuweather']).default('local'),
  ACCUWEATHER_KEY: optionalText,
  ACCUWEATHER_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://dataservice.accuweather.com'),
  TTS_PROVIDER: z.enum(['local', 'google']).default('local'),
  GOOGLE_TTS_KEY: optionalText,
  GOOGLE_TTS_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://texttospeech.googleapis.com'),
  SERVICE_CATALOGUE_FILE: optionalText,
  SERVICE_INTERVAL_DAYS: z.coerce.number({ error: 'expected days 1-3650' }).int().min(1).max(3650).default(180),
});

type Env = z.infer<typeof envSchema>;

const TWILIO_REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
const RAZORPAY_REQUIRED = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

export interface Config {
  port: number;
  host: string;
  nodeEnv: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  sms: { provider: 'local' } | { provider: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string };
  jwtSecret: string | undefined;
  cookieSecure: Env['COOKIE_SECURE'];
  trustProxy: boolean;
  authRateLimitPerMinute: number;
  otpAddressSendsPerHour: number;
  smsHourlyCap: number;
  demo: { enabled: boolean; mobile: string; pin: string; name: string };
  tollFreeNumber: string;
  devices: {
    tcpPort: number | 'off';
    udpPort: number | 'off';
    tcpHost: string;
    idleTimeoutMs: number;
    handshakeTimeoutMs: number;
    firstFrameTimeoutMs: number;
    maxConnections: number;
    maxConnectionsPerIp: number;
    /** The balancers' addresses when devices come through one sending the PROXY protocol. */
    proxyProtocol: { trusted: string[] } | undefined;
    maxRecordsPerMinute: number;
    modelsFile: string | undefined;
    offlineAfterMs: number;
  };
  /** Raw telemetry kept this many whole months before the current one; 0 keeps it forever. */
  telemetryRetentionMonths: number;
  /** Where ingestion commits: a worker thread of its own, or the main thread. */
  ingestWriter: 'thread' | 'inline';
  /** The writer thread's niceness (Linux), above the main thread's. */
  ingestWriterNice: number;
  operatorKey: string | undefined;
  simulateFleet: boolean;
  simulateFleetDays: number;
  mapTileHosts: string[];
  geocoder: { provider: 'local' } | { provider: 'google'; key: string; baseUrl: string };
  places: { provider: 'local' } | { provider: 'google'; key: string; baseUrl: string };
  alerts: { smsDailyCap: number; vapidSubject: string; pushServiceHosts: string[] };
  payments: {
    gateway: { provider: 'local' } | { provider: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; baseUrl: string };
    /** Basic charges per tractor, paise. */
    pricePaise: { month: number; year: number };
    freeDays: number;
    reminderDays: number[];
    supplier: { name: string; address: string; gstin: string; state: string };
    invoice: { prefix: string; sac: string; service: string };
  };
  weather: WeatherConfig;
  tts: TtsConfig;
  serviceBookings: { catalogue: Catalogue; intervalDays: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // A variable set to nothing (`PORT=` in a shell, a blank line in an env file) is unset, as the table
  // says: the number schemas would otherwise read it as 0 (a random port, no history, no alert SMS).
  const known = Object.fromEntries(CONFIG_VARIABLES.map((v) => [v.name, env[v.name]?.trim() === '' ? undefined : env[v.name]]));
  const parsed = envSchema.safeParse(known);
  // Never echo a value in a problem: it may be a secret.
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0] ?? 'environment')}: ${i.message}`);
  if (known.SMS_PROVIDER === 'twilio') {
    for (const name of TWILIO_REQUIRED) if (!known[name]) problems.push(`${name}: required when SMS_PROVIDER=twilio`);
  }
  // A demo owner in production is an account with a published PIN: only when asked for in so many words.
  if (known.NODE_ENV === 'production' && !known.DEMO_OWNER)
    problems.push('DEMO_OWNER: must be set explicitly in production (true creates the demo owner, whose mobile number and PIN are published; false does not)');
  // The local SMS provider prints every OTP to the console and the local gateway renews packs at a
  // button's press: in production only when asked for in so many words.
  for (const name of ['SMS_PROVIDER', 'PAYMENT_GATEWAY'])
    if (known.NODE_ENV === 'production' && !known[name]) problems.push(`${name}: must be set explicitly in production (local is for demos and tests)`);
  if (known.GEOCODER_PROVIDER === 'google' && !known.GOOGLE_MAPS_KEY) problems.push('GOOGLE_MAPS_KEY: required when GEOCODER_PROVIDER=google');
  if (known.PLACES_PROVIDER === 'google' && !known.GOOGLE_MAPS_KEY) problems.push('GOOGLE_MAPS_KEY: required when PLACES_PROVIDER=google');
  if (known.WEATHER_PROVIDER === 'accuweather' && !known.ACCUWEATHER_KEY) problems.push('ACCUWEATHER_KEY: required when WEATHER_PROVIDER=accuweather');
  if (known.TTS_PROVIDER === 'google' && !known.GOOGLE_TTS_KEY) problems.push('GOOGLE_TTS_KEY: required when TTS_PROVIDER=google');
  if (known.PAYMENT_GATEWAY === 'razorpay') {
    for (const name of RAZORPAY_REQUIRED) if (!known[name]) problems.push(`${name}: required when PAYMENT_GATEWAY=razorpay`);
  }
  if (parsed.success && gstStateCode(parsed.data.SUPPLIER_STATE) !== parsed.data.SUPPLIER_GSTIN.slice(0, 2))
    problems.push('SUPPLIER_GSTIN: its first two digits must be the GST code of SUPPLIER_STATE');
  let catalogue: Catalogue | undefined;
  try {
    catalogue = loadCatalogue(parsed.success ? parsed.data.SERVICE_CATALOGUE_FILE : undefined);
  } catch (err) {
    if (!(err instanceof CatalogueError)) throw err;
    problems.push(...err.problems.map((p) => `SERVICE_CATALOGUE_FILE: ${p}`));
  }
  if (!parsed.success || problems.length > 0 || !catalogue) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    webDist: path.resolve(e.WEB_DIST),
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            // Presence checked above.
            accountSid: e.TWILIO_ACCOUNT_SID ?? '',
            authToken: e.TWILIO_AUTH_TOKEN ?? '',
            from: e.TWILIO_FROM ?? '',
            baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
          }
        : { provider: 'local' },
    jwtSecret: e.JWT_SECRET,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    otpAddressSendsPerHour: e.OTP_ADDRESS_SENDS_PER_HOUR,
    smsHourlyCap: e.SMS_HOURLY_CAP,
    demo: { enabled: e.DEMO_OWNER, mobile: e.DEMO_MOBILE, pin: e.DEMO_PIN, name: e.DEMO_NAME },
    tollFreeNumber: e.TOLL_FREE_NUMBER,
    devices: {
      tcpPort: e.DEVICE_TCP_PORT,
      udpPort: e.DEVICE_UDP_PORT ?? e.DEVICE_TCP_PORT,
      tcpHost: e.DEVICE_TCP_HOST ?? e.HOST,
      idleTimeoutMs: e.DEVICE_IDLE_TIMEOUT_SECONDS * 1000,
      handshakeTimeoutMs: e.DEVICE_HANDSHAKE_TIMEOUT_SECONDS * 1000,
      firstFrameTimeoutMs: e.DEVICE_FIRST_FRAME_TIMEOUT_SECONDS * 1000,
      maxConnections: e.DEVICE_MAX_CONNECTIONS ?? defaultDeviceConnectionCap(),
      maxConnectionsPerIp: e.DEVICE_MAX_CONNECTIONS_PER_IP,
      proxyProtocol: e.DEVICE_PROXY_PROTOCOL
        ? {
            trusted: e.DEVICE_PROXY_TRUSTED.split(',')
              .map((a) => a.trim())
              .filter(Boolean),
          }
        : undefined,
      maxRecordsPerMinute: e.DEVICE_MAX_RECORDS_PER_MINUTE,
      modelsFile: e.DEVICE_MODELS_FILE,
      offlineAfterMs: e.OFFLINE_AFTER_MINUTES * 60_000,
    },
    telemetryRetentionMonths: e.TELEMETRY_RETENTION_MONTHS,
    ingestWriter: e.INGEST_WRITER,
    ingestWriterNice: e.INGEST_WRITER_NICE,
    operatorKey: e.OPERATOR_KEY,
    simulateFleet: e.SIMULATE_FLEET === undefined ? e.NODE_ENV !== 'production' : ['true', '1', 'yes'].includes(e.SIMULATE_FLEET),
    simulateFleetDays: e.SIMULATE_FLEET_DAYS,
    mapTileHosts: e.MAP_TILE_HOSTS,
    geocoder:
      e.GEOCODER_PROVIDER === 'google'
        ? { provider: 'google', key: e.GOOGLE_MAPS_KEY ?? '', baseUrl: e.GOOGLE_MAPS_BASE_URL.replace(/\/+$/, '') }
        : { provider: 'local' },
    places:
      e.PLACES_PROVIDER === 'google'
        ? { provider: 'google', key: e.GOOGLE_MAPS_KEY ?? '', baseUrl: e.GOOGLE_MAPS_BASE_URL.replace(/\/+$/, '') }
        : { provider: 'local' },
    alerts: { smsDailyCap: e.ALERT_SMS_DAILY_CAP, vapidSubject: e.VAPID_SUBJECT, pushServiceHosts: e.PUSH_SERVICE_HOSTS.toLowerCase().split(',') },
    payments: {
      gateway:
        e.PAYMENT_GATEWAY === 'razorpay'
          ? // Presence checked above.
            {
              provider: 'razorpay',
              keyId: e.RAZORPAY_KEY_ID ?? '',
              keySecret: e.RAZORPAY_KEY_SECRET ?? '',
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? '',
              baseUrl: e.RAZORPAY_BASE_URL.replace(/\/+$/, ''),
            }
          : { provider: 'local' },
      pricePaise: { month: Math.round(e.PACK_MONTH_PRICE_INR * 100), year: Math.round(e.PACK_YEAR_PRICE_INR * 100) },
      freeDays: e.FREE_SUBSCRIPTION_DAYS,
      reminderDays: [...new Set(e.SUBSCRIPTION_REMINDER_DAYS.split(',').map(Number))].filter((d) => d > 0).sort((a, b) => b - a),
      supplier: { name: e.SUPPLIER_NAME, address: e.SUPPLIER_ADDRESS, gstin: e.SUPPLIER_GSTIN, state: e.SUPPLIER_STATE },
      invoice: { prefix: e.INVOICE_PREFIX, sac: e.INVOICE_SAC, service: e.INVOICE_SERVICE },
    },
    weather:
      e.WEATHER_PROVIDER === 'accuweather'
        ? { provider: 'accuweather', key: e.ACCUWEATHER_KEY ?? '', baseUrl: e.ACCUWEATHER_BASE_URL.replace(/\/+$/, '') }
        : { provider: 'local' },
    tts:
      e.TTS_PROVIDER === 'google'
        ? { provider: 'google', key: e.GOOGLE_TTS_KEY ?? '', baseUrl: e.GOOGLE_TTS_BASE_URL.replace(/\/+$/, '') }
        : { provider: 'local' },
    serviceBookings: { catalogue, intervalDays: e.SERVICE_INTERVAL_DAYS },
  };
}
