import { isIP } from 'node:net';
import { z } from 'zod';
import { passwordSchema } from '#shared/auth.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '#shared/locale-format.ts';

type SmsProvider =
  | { provider: 'http'; url: string; token: string | undefined }
  /** `apiUrl`: Twilio's API at another address (a proxy, or a test's stand-in); unset, Twilio's own. */
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string | undefined };

function smsProviderOf(env: {
  SMS_PROVIDER?: 'http' | 'twilio';
  SMS_URL?: string;
  SMS_TOKEN?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
}): SmsProvider | undefined {
  if (env.SMS_PROVIDER === 'http' && env.SMS_URL) return { provider: 'http', url: env.SMS_URL, token: env.SMS_TOKEN };
  if (env.SMS_PROVIDER === 'twilio' && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM)
    return {
      provider: 'twilio',
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiUrl: env.SMS_URL,
    };
  return undefined;
}

function paymentProviderOf(env: {
  PAYMENT_PROVIDER?: 'test' | 'stripe' | 'sslcommerz';
  SSLCOMMERZ_STORE_ID?: string;
  STRIPE_SECRET_KEY?: string;
}): 'test' | 'stripe' | 'sslcommerz' {
  if (env.PAYMENT_PROVIDER) return env.PAYMENT_PROVIDER;
  if (env.SSLCOMMERZ_STORE_ID) return 'sslcommerz';
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'test';
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlWith = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.test(new URL(value).protocol)), {
      message: `must be a ${hint} URL`,
    });

/** A limit of how many times something may be done in its window (docs/decisions/0011). */
const limitSetting = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(1_000_000).default(fallback);

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * Which proxies' `X-Forwarded-For` is believed: none (unset), the nearest N hops (a number), or the listed
 * addresses and ranges. A number stays a number: Fastify reads the text "1" as an address (R-PROXY).
 */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: 'must be a number of proxy hops or a comma-separated list of addresses' });
    return z.NEVER;
  });

/** Demo admin for the embedded default; printed at start and listed in the README. */
export const DEMO_ADMIN = { email: 'admin@swiftcargo.test', password: 'admin1234' } as const;

export class ConfigError extends Error {}

/** `"{SHOP_NAME}" <no-reply@{host of PUBLIC_URL}>`, quoted so a shop name with commas or dots stays one name. */
function defaultSender(shopName: string, publicUrl: string): string {
  return `"${shopName.replace(/["\\]/g, '')}" <no-reply@${new URL(publicUrl).hostname}>`;
}

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    PAYOUT_FILE_TEMPLATES_DIR: optionalString,
    DATABASE_URL: urlWith(/^postgres(ql)?:$/, 'postgres://'),
    DATABASE_POOL_SIZE: limitSetting(10),
    DATABASE_STATEMENT_TIMEOUT_MS: limitSetting(15_000),
    REPORT_STATEMENT_TIMEOUT_MS: limitSetting(2_000),
    AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    PUBLIC_URL: urlWith(/^https?:$/, 'http(s)://'),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z.string().optional().pipe(passwordSchema.optional()),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: urlWith(/^https?:$/, 'http(s)://').default('https://accounts.google.com'),
    STRIPE_SECRET_KEY: optionalString.refine((value) => value === undefined || /^(sk|rk)_/.test(value), {
      message: 'must start with sk_ or rk_',
    }),
    STRIPE_PUBLISHABLE_KEY: optionalString.refine((value) => value === undefined || value.startsWith('pk_'), {
      message: 'must start with pk_',
    }),
    STRIPE_WEBHOOK_SECRET: optionalString.refine((value) => value === undefined || value.startsWith('whsec_'), {
      message: 'must start with whsec_',
    }),
    PAYMENT_PROVIDER: z
      .enum(['test', 'stripe', 'sslcommerz'], {
        error: 'must be test (the built-in test processor), stripe (STRIPE_* keys) or sslcommerz (SSLCOMMERZ_* keys)',
      })
      .optional(),
    SSLCOMMERZ_STORE_ID: optionalString,
    SSLCOMMERZ_STORE_PASSWORD: optionalString,
    SSLCOMMERZ_API_URL: urlWith(/^https?:$/, 'http(s)://'),
    CURRENCY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, 'must be a three-letter ISO currency code')
      .default('usd'),
    COD_FEE_PERCENT: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage like 1.5 (at most two decimals, below 100)')
      .default('1.5')
      .transform((percent) => Math.round(Number(percent) * 100)),
    RETURN_CHARGE_PERCENT: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, 'must be a whole percentage of the delivery fee, like 100')
      .default('100')
      .transform(Number),
    REDIS_URL: urlWith(/^rediss?:$/, 'redis://'),
    REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('storefront:'),
    TRUST_PROXY: trustProxySetting,
    SIGN_IN_FREE_ATTEMPTS: limitSetting(5),
    SIGN_IN_ATTEMPTS_PER_ADDRESS: limitSetting(30),
    SIGN_IN_ATTEMPTS_PER_ACCOUNT: limitSetting(10),
    SIGN_UPS_PER_ADDRESS: limitSetting(5),
    PASSWORD_RESETS_PER_ADDRESS: limitSetting(5),
    PHONE_CODES_PER_ADDRESS: limitSetting(10),
    PHONE_CODES_PER_NUMBER: limitSetting(5),
    REVIEWS_PER_CUSTOMER: limitSetting(5),
    ORDERS_PER_CUSTOMER: limitSetting(20),
    CARD_ATTEMPTS_PER_ORDER: limitSetting(10),
    BOOKINGS_PER_CUSTOMER: limitSetting(100),
    TRACKING_LOOKUPS_PER_ADDRESS: limitSetting(60),
    PARCELS_PER_SENDER_PER_DAY: limitSetting(20_000),
    BOOKING_TEXTS_PER_NUMBER_PER_DAY: limitSetting(10),
    API_REQUESTS_PER_MERCHANT: limitSetting(120),
    RECIPIENT_RECORDS_PER_MERCHANT: limitSetting(300),
    // Renamed (decision 107): a deployment still setting it is told, not silently given the default.
    API_REQUESTS_PER_KEY: z
      .never({ error: 'is now API_REQUESTS_PER_MERCHANT, one limit over all of a merchant’s keys' })
      .optional(),
    MAX_DELIVERY_ATTEMPTS: limitSetting(3),
    STUCK_AFTER_HOURS: limitSetting(48),
    WAREHOUSE_AREA: z.string().trim().min(1).default('dhaka-tejgaon-industrial-area'),
    WAREHOUSE_ADDRESS: z.string().trim().min(1).max(200).default('Warehouse, Tejgaon Industrial Area'),
    WAREHOUSE_PHONE: z
      .string()
      .trim()
      .regex(/^01[3-9]\d{8}$/, 'must be a Bangladeshi mobile number, like 01711000000')
      .default('01711000000'),
    SHOP_NAME: z.string().trim().min(1).max(60).default('SwiftCargo'),
    TIME_ZONE: z.string().trim().refine(isTimeZone, 'must be an IANA time zone, like Asia/Dhaka').default(DEFAULT_TIME_ZONE),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    S3_BUCKET: optionalString.refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: 'must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens)',
    }),
    S3_ENDPOINT: urlWith(/^https?:$/, 'http(s)://'),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    SMTP_URL: urlWith(/^smtps?:$/, 'smtp:// or smtps://'),
    SMS_PROVIDER: z
      .enum(['http', 'twilio'], {
        error:
          'must be http (a generic HTTP gateway: SMS_URL, SMS_TOKEN) or twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)',
      })
      .optional(),
    SMS_URL: urlWith(/^https?:$/, 'http(s)://'),
    SMS_TOKEN: optionalString,
    TWILIO_ACCOUNT_SID: optionalString.refine((value) => value === undefined || /^AC[0-9a-fA-F]{32}$/.test(value), {
      message: 'must be a Twilio Account SID (AC and 32 hexadecimal digits)',
    }),
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM: optionalString.refine(
      (value) => value === undefined || /^(\+\d{8,15}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$/.test(value),
      {
        message:
          'must be a Twilio number (+…), a Messaging Service SID (MG…) or an alphanumeric sender ID of up to 11 characters',
      },
    ),
    REQUIRE_EMAIL_VERIFICATION: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    MAIL_FROM: optionalString.refine(
      (value) => value === undefined || /^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(value),
      {
        message: 'must be an address, alone or as "Name" <address>',
      },
    ),
    ORDER_HOLD_MINUTES: z.coerce
      .number()
      .positive()
      .max(7 * 24 * 60)
      .default(60),
    MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1000).default(3),
    METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters',
    }),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if ((env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID) && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT or S3 keys are set' });
    }
    if (env.SMS_PROVIDER === 'http' && !env.SMS_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_URL'], message: 'is required when SMS_PROVIDER is http' });
    }
    if (env.SMS_PROVIDER === 'twilio')
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const)
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER is twilio' });
    if (env.SSLCOMMERZ_STORE_ID && !env.SSLCOMMERZ_STORE_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['SSLCOMMERZ_STORE_PASSWORD'],
        message: 'is required when SSLCOMMERZ_STORE_ID is set',
      });
    }
    if (env.PAYMENT_PROVIDER === 'sslcommerz' && !env.SSLCOMMERZ_STORE_ID) {
      ctx.addIssue({ code: 'custom', path: ['SSLCOMMERZ_STORE_ID'], message: 'is required when PAYMENT_PROVIDER is sslcommerz' });
    }
    if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENT_PROVIDER is stripe' });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
  })
  .transform((env) => {
    const port = env.PORT;
    const embedded = !env.DATABASE_URL;
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
    return {
      env: env.NODE_ENV,
      port,
      host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
      dataDir: env.DATA_DIR,
      /**
       * A folder of payout file templates (`bkash.json`, `nagad.json`, `rocket.json`, `beftn.json`,
       * `result.json`) that replace the built-in ones of the same name, so a courier matches its own bank's
       * columns without a release (R-PAYOUT-FILES, decision 180); read and checked at start.
       */
      payoutFileTemplatesDir: env.PAYOUT_FILE_TEMPLATES_DIR,
      databaseUrl: env.DATABASE_URL,
      /**
       * PostgreSQL connections this instance opens, and how long one statement may run on them (decision
       * 124): every statement at most `statementTimeoutMs`, an admin report's at most `reportStatementTimeoutMs`;
       * a statement cancelled so is answered 503 with Retry-After.
       */
      database: {
        poolSize: env.DATABASE_POOL_SIZE,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        reportStatementTimeoutMs: env.REPORT_STATEMENT_TIMEOUT_MS,
      },
      authSecret: env.AUTH_SECRET,
      publicUrl,
      /** Origins allowed to sign in: PUBLIC_URL, or both loopback names of the default address. */
      trustedOrigins: env.PUBLIC_URL ? [publicUrl] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
      /** `demo` is true for the embedded default's built-in admin, whose password may be printed. */
      admin:
        env.ADMIN_EMAIL && env.ADMIN_PASSWORD
          ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD, demo: false }
          : embedded
            ? { ...DEMO_ADMIN, demo: true }
            : undefined,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              issuer: env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
            }
          : undefined,
      /** R-SSLCOMMERZ: PAYMENT_PROVIDER when set, else the processor whose keys are set (SSLCommerz before Stripe). */
      paymentProvider: paymentProviderOf(env),
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            }
          : undefined,
      /** The store's id and password, and where SSLCommerz's API is: its sandbox unless SSLCOMMERZ_API_URL names the live one. */
      sslcommerz:
        env.SSLCOMMERZ_STORE_ID && env.SSLCOMMERZ_STORE_PASSWORD
          ? {
              storeId: env.SSLCOMMERZ_STORE_ID,
              storePassword: env.SSLCOMMERZ_STORE_PASSWORD,
              apiUrl: (env.SSLCOMMERZ_API_URL ?? 'https://sandbox.sslcommerz.com').replace(/\/$/, ''),
            }
          : undefined,
      currency: env.CURRENCY,
      /** The charge for collecting cash on delivery, in hundredths of a percent of the cash (150 is 1.5%, R-QUOTE). */
      codFeeBasisPoints: env.COD_FEE_PERCENT,
      /** What a merchant's returned parcel costs, as a percentage of its delivery fee (issue 30). */
      returnChargePercent: env.RETURN_CHARGE_PERCENT,
      /**
       * Tests only: merchants' webhook endpoints may be plain http and reach loopback and private
       * addresses (R-WEBHOOKS); otherwise such endpoints are refused, at registration and at delivery.
       */
      webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      /** Times a parcel goes out for delivery before it must go back to its sender (R-PARCEL-STATUS). */
      maxDeliveryAttempts: env.MAX_DELIVERY_ATTEMPTS,
      /** A parcel this many hours in one moving status shows as stuck on the operations view (issue 29). */
      stuckAfterHours: env.STUCK_AFTER_HOURS,
      /** Where the shop's own orders are picked up when it ships them through its network (issue 29). */
      warehouse: { areaId: env.WAREHOUSE_AREA, address: env.WAREHOUSE_ADDRESS, phone: env.WAREHOUSE_PHONE },
      redisUrl: env.REDIS_URL,
      /** Starts every key this shop keeps in Redis, so shops (and test runs) can share one Redis. */
      redisKeyPrefix: env.REDIS_KEY_PREFIX,
      /** Fastify's trustProxy: false, a hop count, or proxy addresses; never `true` (anyone could pick their address). */
      trustProxy: env.TRUST_PROXY,
      /** How often a client may try each guarded action; the windows are in src/server/http/rate-limits.ts. */
      rateLimits: {
        /** Sign-in attempts per email and address before each next one waits twice as long. */
        signInFreeAttempts: env.SIGN_IN_FREE_ATTEMPTS,
        /** Sign-in attempts per address in 15 minutes, whatever the emails; a success gives its attempt back. */
        signInAttemptsPerAddress: env.SIGN_IN_ATTEMPTS_PER_ADDRESS,
        /** Sign-in attempts per account in 15 minutes from browsers that never signed in to it, over every address. */
        signInAttemptsPerAccount: env.SIGN_IN_ATTEMPTS_PER_ACCOUNT,
        signUpsPerAddress: env.SIGN_UPS_PER_ADDRESS,
        passwordResetsPerAddress: env.PASSWORD_RESETS_PER_ADDRESS,
        /** Sign-in codes by text asked for per address in an hour, whatever the numbers (R-PHONE-SIGN-IN). */
        phoneCodesPerAddress: env.PHONE_CODES_PER_ADDRESS,
        /** Sign-in codes texted to one number in an hour, whoever asks (R-PHONE-SIGN-IN). */
        phoneCodesPerNumber: env.PHONE_CODES_PER_NUMBER,
        reviewsPerCustomer: env.REVIEWS_PER_CUSTOMER,
        ordersPerCustomer: env.ORDERS_PER_CUSTOMER,
        cardAttemptsPerOrder: env.CARD_ATTEMPTS_PER_ORDER,
        bookingsPerCustomer: env.BOOKINGS_PER_CUSTOMER,
        /** Tracking lookups (a page or an API call) per address in 10 minutes, so codes cannot be guessed in bulk. */
        trackingLookupsPerAddress: env.TRACKING_LOOKUPS_PER_ADDRESS,
        /**
         * Parcels one sender may book in 24 hours, on the site, through `/api/v1` and in bulk files together
         * (issue 39, decision 107): four full 5,000-parcel files a day.
         */
        parcelsPerSenderPerDay: env.PARCELS_PER_SENDER_PER_DAY,
        /** Booking texts one recipient number is sent in 24 hours; delivery codes are always sent (decision 108). */
        bookingTextsPerNumberPerDay: env.BOOKING_TEXTS_PER_NUMBER_PER_DAY,
        /** Calls of the merchant API (`/api/v1`) per merchant in a minute, every key and route together (issue 39). */
        apiRequestsPerMerchant: env.API_REQUESTS_PER_MERCHANT,
        /** Looks at recipients' records per merchant in an hour, on the site and through `/api/v1` together (decision 168). */
        recipientRecordsPerMerchant: env.RECIPIENT_RECORDS_PER_MERCHANT,
      },
      shopName: env.SHOP_NAME,
      /** The time zone dates are shown in, on pages and in mails (R-LOCALE). */
      timeZone: env.TIME_ZONE,
      logLevel: env.LOG_LEVEL,
      /** Where uploaded product pictures go instead of DATA_DIR/uploads; keys unset → the SDK's own credential chain. */
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
      /** Unset: GET /metrics answers 404. */
      metricsToken: env.METRICS_TOKEN,
      /** `smtpUrl` unset: mails stay in the outbox for the admin Mailbox, and their links go to the log. */
      mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? defaultSender(env.SHOP_NAME, publicUrl) },
      /** No SMS_PROVIDER: text messages stay in the SMS outbox, and admins read them in the Mailbox (issue 29). */
      sms: smsProviderOf(env),
      /** How long an unpaid order holds its stock before it expires (R-HOLD); fractions allowed, for tests. */
      orderHoldMinutes: env.ORDER_HOLD_MINUTES,
      /** How many unpaid orders one customer may hold at once (R-HOLD). */
      maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
      /** New accounts get a verification mail and may order only once verified (R-EMAIL-VERIFY). */
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    };
  });

/** The shop's settings, read from the environment once: what `configSchema` makes of it. */
export type Config = z.output<typeof configSchema>;

/** How often a client may try each guarded action; the windows are in src/server/http/rate-limits.ts. */
export type RateLimits = Config['rateLimits'];

/** Reads the environment once. A bad value throws one line naming the variable and the problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}
