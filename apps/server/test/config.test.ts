import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configMarkdownTable, DEFAULT_WEB_DIST, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults for every variable', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      webDist: DEFAULT_WEB_DIST,
      sms: { provider: 'local' },
      jwtSecret: undefined,
      cookieSecure: 'auto',
      trustProxy: false,
      authRateLimitPerMinute: 30,
      otpAddressSendsPerHour: 20,
      smsHourlyCap: 500,
      demo: { enabled: true, mobile: '9876543210', pin: '1234', name: 'Ramesh Patil' },
      tollFreeNumber: '18002003000',
    });
    expect(DEFAULT_WEB_DIST).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('fails fast naming every bad variable, without echoing values', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://secret@host/db', JWT_SECRET: 'short-secret', SMS_PROVIDER: 'twilio', DEMO_OWNER: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'DEMO_OWNER']) {
      expect(message).toContain(`${name}:`);
    }
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('mysql://secret');
  });

  it('reads the per-address OTP limit and the hourly SMS cap, whole and at least 1', () => {
    const c = loadConfig({ OTP_ADDRESS_SENDS_PER_HOUR: '200', SMS_HOURLY_CAP: '2000' });
    expect([c.otpAddressSendsPerHour, c.smsHourlyCap]).toEqual([200, 2000]);
    for (const name of ['OTP_ADDRESS_SENDS_PER_HOUR', 'SMS_HOURLY_CAP']) {
      for (const bad of ['0', '1.5', 'many']) expect(() => loadConfig({ [name]: bad })).toThrow(`${name}:`);
    }
  });

  it('reads PostgreSQL, Twilio and booleans', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/tl',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_FROM: '+15005550006',
      TWILIO_BASE_URL: 'http://127.0.0.1:9999/',
      TRUST_PROXY: 'true',
      DEMO_OWNER: 'false',
      DATABASE_URL_IGNORED: 'x',
    });
    expect(c.databaseUrl).toBe('postgres://u:p@db:5432/tl');
    expect(c.sms).toEqual({ provider: 'twilio', accountSid: 'AC1', authToken: 'tok', from: '+15005550006', baseUrl: 'http://127.0.0.1:9999' });
    expect(c.trustProxy).toBe(true);
    expect(c.demo.enabled).toBe(false);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses to start in production unless the demo owner is asked for or off in so many words', () => {
    const providers = { SMS_PROVIDER: 'local', PAYMENT_GATEWAY: 'local' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...providers })).toThrow('DEMO_OWNER: must be set explicitly in production');
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_OWNER: '', ...providers })).toThrow('DEMO_OWNER:');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_OWNER: 'false', ...providers }).demo.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_OWNER: 'true', ...providers }).demo.enabled).toBe(true);
    expect(loadConfig({}).demo.enabled).toBe(true);
  });

  it('refuses to start in production on the local SMS provider or payment gateway unless asked for by name', () => {
    // Else every OTP would be printed to the console and packs renewed at a button's press.
    const base = { NODE_ENV: 'production', DEMO_OWNER: 'false' };
    expect(() => loadConfig({ ...base, PAYMENT_GATEWAY: 'local' })).toThrow('SMS_PROVIDER: must be set explicitly in production');
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'local' })).toThrow('PAYMENT_GATEWAY: must be set explicitly in production');
    expect(loadConfig({ ...base, SMS_PROVIDER: 'local', PAYMENT_GATEWAY: 'local' }).sms.provider).toBe('local');
    expect(loadConfig({}).sms.provider).toBe('local');
  });

  it("takes a demo owner name in any of the seven languages' scripts, not digits or symbols", () => {
    for (const name of ['Ramesh Patil', 'रमेश पाटील', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'રમેશ પટેલ', 'முருகன் செல்வம்', 'రమేష్ రెడ్డి'])
      expect(loadConfig({ DEMO_NAME: name }).demo.name).toBe(name);
    for (const bad of ['Ramesh 2', 'R@mesh', '<b>x</b>']) expect(() => loadConfig({ DEMO_NAME: bad })).toThrow('DEMO_NAME:');
  });

  it('listens for UDP devices on the TCP port number unless told otherwise', () => {
    expect(loadConfig({}).devices).toMatchObject({ tcpPort: 5027, udpPort: 5027 });
    expect(loadConfig({ DEVICE_TCP_PORT: '0' }).devices).toMatchObject({ tcpPort: 0, udpPort: 0 });
    expect(loadConfig({ DEVICE_TCP_PORT: 'off' }).devices).toMatchObject({ tcpPort: 'off', udpPort: 'off' });
    expect(loadConfig({ DEVICE_UDP_PORT: 'off' }).devices).toMatchObject({ tcpPort: 5027, udpPort: 'off' });
    expect(loadConfig({ DEVICE_UDP_PORT: '' }).devices).toMatchObject({ udpPort: 5027 });
    expect(() => loadConfig({ DEVICE_UDP_PORT: '70000' })).toThrow(ConfigError);
  });

  it('describes every variable it reads', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name)).toEqual([
      'PORT',
      'HOST',
      'NODE_ENV',
      'LOG_LEVEL',
      'DATA_DIR',
      'DATABASE_URL',
      'WEB_DIST',
      'SMS_PROVIDER',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
      'TWILIO_BASE_URL',
      'JWT_SECRET',
      'COOKIE_SECURE',
      'TRUST_PROXY',
      'AUTH_RATE_LIMIT_PER_MINUTE',
      'OTP_ADDRESS_SENDS_PER_HOUR',
      'SMS_HOURLY_CAP',
      'DEMO_OWNER',
      'DEMO_MOBILE',
      'DEMO_PIN',
      'DEMO_NAME',
      'TOLL_FREE_NUMBER',
      'DEVICE_TCP_PORT',
      'DEVICE_UDP_PORT',
      'DEVICE_TCP_HOST',
      'DEVICE_IDLE_TIMEOUT_SECONDS',
      'DEVICE_HANDSHAKE_TIMEOUT_SECONDS',
      'DEVICE_FIRST_FRAME_TIMEOUT_SECONDS',
      'DEVICE_MAX_CONNECTIONS',
      'DEVICE_MAX_RECORDS_PER_MINUTE',
      'DEVICE_PROXY_PROTOCOL',
      'DEVICE_PROXY_TRUSTED',
      'DEVICE_MAX_CONNECTIONS_PER_IP',
      'DEVICE_MODELS_FILE',
      'OFFLINE_AFTER_MINUTES',
      'TELEMETRY_RETENTION_MONTHS',
      'INGEST_WRITER',
      'INGEST_WRITER_NICE',
      'OPERATOR_KEY',
      'SIMULATE_FLEET',
      'MAP_TILE_HOSTS',
      'SIMULATE_FLEET_DAYS',
      'GEOCODER_PROVIDER',
      'GOOGLE_MAPS_KEY',
      'PLACES_PROVIDER',
      'GOOGLE_MAPS_BASE_URL',
      'ALERT_SMS_DAILY_CAP',
      'VAPID_SUBJECT',
      'PUSH_SERVICE_HOSTS',
      'PAYMENT_GATEWAY',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_BASE_URL',
      'PACK_MONTH_PRICE_INR',
      'PACK_YEAR_PRICE_INR',
      'FREE_SUBSCRIPTION_DAYS',
      'SUBSCRIPTION_REMINDER_DAYS',
      'SUPPLIER_NAME',
      'SUPPLIER_ADDRESS',
      'SUPPLIER_GSTIN',
      'SUPPLIER_STATE',
      'INVOICE_PREFIX',
      'INVOICE_SAC',
      'INVOICE_SERVICE',
      'WEATHER_PROVIDER',
      'ACCUWEATHER_KEY',
      'ACCUWEATHER_BASE_URL',
      'TTS_PROVIDER',
      'GOOGLE_TTS_KEY',
      'GOOGLE_TTS_BASE_URL',
      'SERVICE_CATALOGUE_FILE',
      'SERVICE_INTERVAL_DAYS',
    ]);
  });
});

describe('CONFIG.md', () => {
  it('holds the table generated from CONFIG_VARIABLES', () => {
    const file = readFileSync(new URL('../CONFIG.md', import.meta.url), 'utf8');
    expect(file).toContain(configMarkdownTable());
  });
});
