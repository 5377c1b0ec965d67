import { bool, ConfigError, duration, Env, int, oneOf, str, url } from './env';
import { loadScaleConfig } from './scale.config';
import {
  assertDevDefaultsStayLocal,
  assertProductionSecrets,
  DEV_ADMIN_PASSWORD,
  DEV_ADMIN_SECRET,
  DEV_USER_SECRET,
  isShipped,
} from './secrets';

/** Everything the API reads from the environment, validated once at start-up. */
export function loadConfig(env: Env = process.env) {
  const nodeEnv = oneOf(env, 'NODE_ENV', 'development', ['development', 'production', 'test'] as const);
  const scale = loadScaleConfig(env);
  // A worker beside `npm start` on the same box must not fight it for port 3000.
  const port = int(env, 'PORT', scale.role === 'worker' ? 3001 : 3000, 0, 65535);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`);

  const app = {
    nodeEnv,
    port,
    host: str(env, 'HOST', '127.0.0.1'),
    publicUrl,
    logLevel: oneOf(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info', [
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'trace',
      'silent',
    ] as const),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    /** Folder with the built storefront and back office (dist/apps). */
    webDir: str(env, 'WEB_DIR'),
    /** Seconds a server-rendered storefront page is answered from memory (0: never); a catalogue change drops them sooner. */
    pageCacheTtl: duration(env, 'PAGE_CACHE_TTL', '10s'),
    /** Seconds page 1 of a popular search is answered from the cache (0: never); a catalogue change drops it sooner. */
    searchCacheTtl: duration(env, 'SEARCH_CACHE_TTL', '5s'),
    /** A sold listing's page answers 200 (schema.org SoldOut) this long after it sold, then 410 Gone (seo.service.ts). */
    soldPageGoneAfter: duration(env, 'SOLD_PAGE_GONE_AFTER', '30d'),
    /** OTLP/HTTP base address traces are exported to (telemetry.ts reads it before anything loads; checked here). */
    otlpEndpoint: url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT'),
    serviceName: str(env, 'OTEL_SERVICE_NAME', 'kasuwa-api'),
    /** Whether the Nest logger's lines carry the request id (request-context.ts: tagsLogsWithRequestId). */
    logRequestId: oneOf(env, 'LOG_REQUEST_ID', 'auto', ['auto', 'on', 'off'] as const),
  };

  const db = {
    url: url(env, 'DATABASE_URL'),
    seedDemo: bool(env, 'SEED_DEMO', nodeEnv !== 'test'),
  };

  const userSecret = str(env, 'JWT_USER_SECRET');
  const adminSecret = str(env, 'JWT_ADMIN_SECRET');
  if (nodeEnv === 'production' && (!userSecret || !adminSecret)) {
    throw new ConfigError(userSecret ? 'JWT_ADMIN_SECRET' : 'JWT_USER_SECRET', 'must be set when NODE_ENV=production');
  }
  const jwt = {
    userSecret: userSecret ?? DEV_USER_SECRET,
    adminSecret: adminSecret ?? DEV_ADMIN_SECRET,
    userTtl: duration(env, 'JWT_USER_TTL', '12h'),
    userRememberTtl: duration(env, 'JWT_USER_REMEMBER_TTL', '30d'),
    adminTtl: duration(env, 'JWT_ADMIN_TTL', '8h'),
    userAudience: 'kasuwa-user',
    adminAudience: 'kasuwa-admin',
    issuer: 'kasuwa',
  };
  if (jwt.userSecret === jwt.adminSecret) throw new ConfigError('JWT_ADMIN_SECRET', 'must differ from JWT_USER_SECRET');

  const googleId = str(env, 'GOOGLE_CLIENT_ID');
  const googleSecret = str(env, 'GOOGLE_CLIENT_SECRET');
  const google = {
    enabled: Boolean(googleId && googleSecret),
    clientId: googleId ?? '',
    clientSecret: googleSecret ?? '',
    callbackUrl: url(env, 'GOOGLE_CALLBACK_URL', `${publicUrl}/api/auth/google/callback`),
    authUrl: url(env, 'GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
    tokenUrl: url(env, 'GOOGLE_TOKEN_URL', 'https://www.googleapis.com/oauth2/v4/token'),
    userInfoUrl: url(env, 'GOOGLE_USERINFO_URL', 'https://www.googleapis.com/oauth2/v3/userinfo'),
  };

  const adminPassword = str(env, 'ADMIN_PASSWORD');
  // The default is published in the README: a production server must not create its first admin with it silently.
  if (nodeEnv === 'production' && !adminPassword) throw new ConfigError('ADMIN_PASSWORD', 'must be set when NODE_ENV=production');
  const admin = {
    email: str(env, 'ADMIN_EMAIL', 'admin@kasuwa.test').toLowerCase(),
    password: adminPassword ?? DEV_ADMIN_PASSWORD,
  };
  if (nodeEnv === 'production') {
    assertProductionSecrets({ userSecret: jwt.userSecret, adminSecret: jwt.adminSecret, adminPassword: admin.password });
  } else {
    assertDevDefaultsStayLocal(app.host, [
      { name: 'JWT_USER_SECRET', isDefault: !userSecret || isShipped(userSecret) },
      { name: 'JWT_ADMIN_SECRET', isDefault: !adminSecret || isShipped(adminSecret) },
      { name: 'ADMIN_PASSWORD', isDefault: !adminPassword || isShipped(adminPassword) },
    ]);
  }

  const mail = {
    smtpUrl: url(env, 'SMTP_URL'),
    from: str(env, 'MAIL_FROM', 'Kasuwa <no-reply@kasuwa.test>'),
  };

  const limits = {
    /** Attempts per minute per client on login, signup, forgot and reset calls. */
    authPerMinute: int(env, 'AUTH_RATE_LIMIT', 10, 1, 100000),
    /** Contact messages per minute per client (the contact route's `@RateLimit('contactPerMinute')`). */
    contactPerMinute: int(env, 'CONTACT_RATE_LIMIT', 5, 1, 100000),
    /** Chat messages per minute per sender, across processes (counted in the database). */
    chatPerMinute: int(env, 'CHAT_RATE_LIMIT', 30, 1, 100000),
  };

  const storage = {
    uploadDir: str(env, 'UPLOAD_DIR', '.data/uploads'),
    /** Photos with more pixels are refused before decoding (a 0.4 MB PNG can unpack to 430 MB); 40 Mpx fits a camera photo. */
    imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', 40_000_000, 1, 268_402_689),
    /** Images decoded at once; the rest wait, so an upload burst cannot starve other requests of CPU and memory. */
    imageConcurrency: int(env, 'IMAGE_CONCURRENCY', 2, 1, 64),
    s3: {
      bucket: str(env, 'S3_BUCKET'),
      region: str(env, 'S3_REGION', 'us-east-1'),
      endpoint: url(env, 'S3_ENDPOINT'),
      accessKeyId: str(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY'),
      publicUrl: url(env, 'S3_PUBLIC_URL'),
    },
  };

  const paystack = {
    /** Without a key, payments go through the built-in test checkout page (docs/money.md: the flow runs on a fresh machine). */
    secretKey: str(env, 'PAYSTACK_SECRET_KEY'),
    baseUrl: url(env, 'PAYSTACK_BASE_URL', 'https://api.paystack.co'),
    /** Minutes an unpaid checkout holds its stock. */
    checkoutTtlMinutes: int(env, 'CHECKOUT_TTL_MINUTES', 30, 1, 1440),
    /** How long one call to Paystack may take before Kasuwa stops waiting (its outcome is then unknown, never assumed). */
    timeoutMs: int(env, 'PAYSTACK_TIMEOUT_MS', 15_000, 100, 120_000),
  };
  // The test checkout lets any buyer mark their own order paid: a real shop must not run it by accident.
  if (nodeEnv === 'production' && !paystack.secretKey && !bool(env, 'ALLOW_TEST_CHECKOUT', false)) {
    throw new ConfigError('PAYSTACK_SECRET_KEY', 'must be set when NODE_ENV=production (or set ALLOW_TEST_CHECKOUT=true for a demo)');
  }

  const money = {
    /**
     * The escrow rule, one setting: a delivered order's money goes to the seller this long after delivery (releaseAt),
     * and the buyer may open a dispute until then, never after. AUTO_RELEASE_DAYS (days) is read only as a deprecated alias.
     */
    releaseAfterSeconds: duration(env, 'RELEASE_AFTER', env.AUTO_RELEASE_DAYS ? `${int(env, 'AUTO_RELEASE_DAYS', 7, 0, 60)}d` : '7d'),
    /** The buyer is reminded this long before releaseAt (once). */
    releaseReminderSeconds: duration(env, 'RELEASE_REMINDER_BEFORE', '24h'),
    /** Ship-by rule: a paid order not shipped this long after payment is cancelled and refunded; the seller is reminded at half. */
    shipBySeconds: duration(env, 'SHIP_BY', '3d'),
    /** How often the money job looks for due work (releases, ship-by cancellations, reminders): at most every 15 s. */
    jobIntervalSeconds: duration(env, 'MONEY_JOB_INTERVAL', '15s'),
    /** Test mode (no PAYSTACK_SECRET_KEY): transfers and refunds settle this long after they are sent. */
    testSettleDelayMs: int(env, 'TEST_SETTLE_DELAY_MS', 3000, 0, 600_000),
    /**
     * A refund or transfer whose call got no answer (timeout, dropped connection, the process died) is looked up at
     * Paystack only this long after the call started, so a call still in flight is never taken for a lost one.
     * Kept above PAYSTACK_TIMEOUT_MS.
     */
    sendGraceMs: 0,
    /**
     * Account-name lookups (resolve, and saving bank details, which resolves again): each uncached one is a paid Paystack
     * call that answers a holder's name, so they are counted per hour per user and per client address, cached or not.
     */
    accountLookup: {
      perUserPerHour: int(env, 'ACCOUNT_LOOKUP_LIMIT_PER_USER', 10, 1, 100_000),
      perClientPerHour: int(env, 'ACCOUNT_LOOKUP_LIMIT_PER_CLIENT', 30, 1, 100_000),
      /** How long a resolved name is kept per bank code + account number (a repeat calls Paystack again after it). */
      cacheTtlSeconds: duration(env, 'ACCOUNT_LOOKUP_CACHE_TTL', '24h'),
    },
  };
  if (money.jobIntervalSeconds < 1 || money.jobIntervalSeconds > 15)
    throw new ConfigError('MONEY_JOB_INTERVAL', 'must be between 1s and 15s: due money work is checked at least every 15 seconds');
  if (money.shipBySeconds < 2) throw new ConfigError('SHIP_BY', 'must be at least 2s');
  money.sendGraceMs = Math.max(int(env, 'MONEY_SEND_GRACE_MS', 60_000, 0, 3_600_000), paystack.timeoutMs + 1_000);

  const staff = {
    /**
     * Admin two-factor sign-in: `required` makes an admin without it enrol before anything else (production's default:
     * an admin account can block listings and decide refunds); `optional` lets each admin choose.
     */
    twoFactor: oneOf(env, 'ADMIN_2FA', nodeEnv === 'production' ? 'required' : 'optional', ['required', 'optional'] as const),
    /** Encrypts the admins' TOTP secrets at rest; without it a key is derived from JWT_ADMIN_SECRET. */
    twoFactorKey: str(env, 'ADMIN_2FA_KEY') ?? `admin-2fa:${jwt.adminSecret}`,
    /** Wrong two-factor codes per admin per 15 minutes before sign-in with a code is refused for the rest of them. */
    twoFactorMaxFailures: int(env, 'ADMIN_2FA_MAX_FAILURES', 5, 1, 100),
  };
  if (staff.twoFactorKey.length < 16) throw new ConfigError('ADMIN_2FA_KEY', 'must be at least 16 characters');

  /**
   * Rule "verified people": e-mail verified before checkout, posting or withdrawing; phone verified (SMS code) before
   * posting or withdrawing. `off` is for scripted demos and test suites only: production refuses it.
   */
  const verification = {
    required: oneOf(env, 'ACCOUNT_VERIFICATION', 'required', ['required', 'off'] as const) === 'required',
    /** Seconds an e-mail verification link works. */
    emailLinkTtl: duration(env, 'EMAIL_VERIFICATION_TTL', '48h'),
    /** Links sent per hour per user and per client address (`POST /api/auth/email/verification`). */
    emailResendPerUser: int(env, 'EMAIL_VERIFICATION_LIMIT_PER_USER', 5, 1, 100_000),
    emailResendPerClient: int(env, 'EMAIL_VERIFICATION_LIMIT_PER_CLIENT', 20, 1, 100_000),
    /** Seconds an SMS code works; each code allows `phoneCodeTries` wrong tries. */
    phoneCodeTtl: duration(env, 'PHONE_CODE_TTL', '10m'),
    phoneCodeTries: 5,
    /** Codes sent per hour per number and per client address (`POST /api/auth/phone/start`). */
    phoneCodesPerNumber: int(env, 'PHONE_CODE_LIMIT_PER_NUMBER', 5, 1, 100_000),
    phoneCodesPerClient: int(env, 'PHONE_CODE_LIMIT_PER_CLIENT', 20, 1, 100_000),
    /**
     * Termii (SMS); without TERMII_API_KEY every SMS is written to `sms_outbox`, and logged with its text outside
     * production only (a code in a production log is a code anyone reading logs can use).
     */
    termii: {
      apiKey: str(env, 'TERMII_API_KEY'),
      senderId: str(env, 'TERMII_SENDER_ID', 'Kasuwa'),
      baseUrl: url(env, 'TERMII_BASE_URL', 'https://api.ng.termii.com'),
      /** `dnd` reaches numbers on the do-not-disturb list (transactional codes); `generic` does not. */
      channel: oneOf(env, 'TERMII_CHANNEL', 'dnd', ['dnd', 'generic'] as const),
    },
    /** The outbox's log line (the number; never the text, a code) is for development; production never writes it. */
    smsLogLine: nodeEnv !== 'production',
  };
  if (nodeEnv === 'production' && !verification.required)
    throw new ConfigError('ACCOUNT_VERIFICATION', 'must not be off when NODE_ENV=production');
  // Production sends real codes: without a provider nobody could verify a phone (and `off` is refused above). A demo
  // in production mode opts in to the outbox table alone, like the test checkout (never the log line).
  const smsOutbox = bool(env, 'ALLOW_SMS_OUTBOX', false);
  if (nodeEnv === 'production' && !verification.termii.apiKey && !smsOutbox) {
    throw new ConfigError(
      'TERMII_API_KEY',
      'must be set when NODE_ENV=production (or set ALLOW_SMS_OUTBOX=true for a demo: codes then go to the sms_outbox table only)',
    );
  }

  const delivery = {
    /**
     * Pay on delivery (seller opt-in per listing): the largest order (goods + delivery, naira in the setting, kobo
     * here) a buyer may pay in cash at the door; 0 turns pay on delivery off. Cash is not in escrow, so the cap bounds
     * what a seller risks on a stranger and what the commission owed from the seller's balance can reach.
     */
    podMaxKobo: int(env, 'POD_MAX', 200_000, 0, 10_000_000) * 100,
    /** Open pay-on-delivery orders one buyer may have at once, and refused deliveries after which it is closed to them. */
    podMaxOpen: 2,
    podMaxRefused: 2,
  };

  return { app, db, jwt, google, admin, mail, limits, storage, paystack, money, scale, staff, verification, delivery };
}

export type AppConfig = ReturnType<typeof loadConfig>;
export const APP_CONFIG = Symbol('APP_CONFIG');
