import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults with no environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      currency: 'usd',
      shopName: 'SwiftCargo',
      timeZone: 'Asia/Dhaka',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(config.admin).toEqual({ ...DEMO_ADMIN, demo: true });
    expect(config.stripe).toBeUndefined();
    expect(config.google).toBeUndefined();
  });

  it('binds every interface in production and reads the real settings', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      ADMIN_EMAIL: 'Owner@Shop.com',
      ADMIN_PASSWORD: 'secret123',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      CURRENCY: 'EUR',
      TIME_ZONE: 'Europe/Berlin',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(8080);
    expect(config.admin).toEqual({ email: 'owner@shop.com', password: 'secret123', demo: false });
    expect(config.google?.issuer).toBe('https://accounts.google.com');
    expect(config.stripe?.publishableKey).toBe('pk_test_123');
    expect(config.currency).toBe('eur');
    expect(config.timeZone).toBe('Europe/Berlin');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).trustedOrigins).toEqual(['https://shop.example.com']);
  });

  it('chooses the payment processor by PAYMENT_PROVIDER, else by the keys set (R-SSLCOMMERZ)', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' };
    const sslcommerz = { SSLCOMMERZ_STORE_ID: 'store', SSLCOMMERZ_STORE_PASSWORD: 'store@ssl' };
    expect(loadConfig({}).paymentProvider).toBe('test');
    expect(loadConfig(stripe).paymentProvider).toBe('stripe');
    expect(loadConfig(sslcommerz)).toMatchObject({
      paymentProvider: 'sslcommerz',
      sslcommerz: { storeId: 'store', storePassword: 'store@ssl', apiUrl: 'https://sandbox.sslcommerz.com' },
    });
    expect(loadConfig({ ...stripe, ...sslcommerz }).paymentProvider).toBe('sslcommerz');
    expect(loadConfig({ ...stripe, ...sslcommerz, PAYMENT_PROVIDER: 'stripe' }).paymentProvider).toBe('stripe');
    expect(loadConfig({ ...stripe, PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    expect(loadConfig({ ...sslcommerz, SSLCOMMERZ_API_URL: 'https://securepay.sslcommerz.com/' }).sslcommerz?.apiUrl).toBe(
      'https://securepay.sslcommerz.com',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sslcommerz' })).toThrow(/SSLCOMMERZ_STORE_ID/);
    expect(() => loadConfig({ SSLCOMMERZ_STORE_ID: 'store' })).toThrow(/SSLCOMMERZ_STORE_PASSWORD/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'bkash' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('keeps pictures on disk and metrics off unless asked, and reads S3 settings together', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'pictures' }).s3).toEqual({ bucket: 'pictures', region: 'us-east-1' });
    expect(
      loadConfig({
        S3_BUCKET: 'shop-pictures',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        METRICS_TOKEN: 'scrape-me-0123456789',
      }),
    ).toMatchObject({
      s3: {
        bucket: 'shop-pictures',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      },
      metricsToken: 'scrape-me-0123456789',
    });
  });

  it('keeps mail in the outbox without SMTP_URL, and sends as the shop from no-reply at the public host', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: '"SwiftCargo" <no-reply@localhost>' });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
        PUBLIC_URL: 'https://shop.example.com',
        SHOP_NAME: 'Acme',
      }).mail,
    ).toEqual({ smtpUrl: 'smtps://mailer:pw@smtp.example.com:465', from: '"Acme" <no-reply@shop.example.com>' });
    expect(loadConfig({ MAIL_FROM: 'Shop <orders@example.com>' }).mail.from).toBe('Shop <orders@example.com>');
  });

  it('keeps texts in the outbox without SMS_PROVIDER, and reads each provider’s settings together', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig({ SMS_PROVIDER: 'http', SMS_URL: 'https://sms.example.com/send', SMS_TOKEN: 't' }).sms).toEqual({
      provider: 'http',
      url: 'https://sms.example.com/send',
      token: 't',
    });
    const twilio = { TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+15005550006' };
    expect(loadConfig({ SMS_PROVIDER: 'twilio', ...twilio }).sms).toEqual({
      provider: 'twilio',
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: 'secret',
      from: '+15005550006',
      apiUrl: undefined,
    });
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_FROM: '+15005550006' })).toThrow(
      'TWILIO_ACCOUNT_SID is required when SMS_PROVIDER is twilio',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', ...twilio, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(
      'TWILIO_ACCOUNT_SID must be a Twilio Account SID',
    );
  });

  it('gives no demo admin when a real database is configured without one', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/shop' }).admin).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL$/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL must be a http\(s\):\/\/ URL$/],
    [{ AUTH_SECRET: 'short' }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters$/],
    [{ ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'abc12345' }, /^Invalid configuration: ADMIN_EMAIL must be an email address$/],
    [{ ADMIN_EMAIL: 'a@b.co' }, /^Invalid configuration: ADMIN_PASSWORD ADMIN_EMAIL and ADMIN_PASSWORD go together$/],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, /^Invalid configuration: ADMIN_PASSWORD Minimum six characters/],
    [{ STRIPE_SECRET_KEY: 'pk_wrong' }, /^Invalid configuration: STRIPE_SECRET_KEY must start with sk_ or rk_$/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /^Invalid configuration: STRIPE_PUBLISHABLE_KEY is required/],
    [{ CURRENCY: 'dollars' }, /^Invalid configuration: CURRENCY must be a three-letter ISO currency code$/],
    [{ TIME_ZONE: 'Dhaka' }, /^Invalid configuration: TIME_ZONE must be an IANA time zone, like Asia\/Dhaka$/],
    [{ REDIS_URL: 'http://localhost' }, /^Invalid configuration: REDIS_URL must be a redis:\/\/ URL$/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ S3_BUCKET: 'Shop Pictures' }, /^Invalid configuration: S3_BUCKET must be an S3 bucket name/],
    [{ S3_BUCKET: 'pictures', S3_ENDPOINT: 'ftp://files' }, /^Invalid configuration: S3_ENDPOINT must be a http\(s\):\/\/ URL$/],
    [{ S3_BUCKET: 'pictures', S3_ACCESS_KEY_ID: 'key' }, /^Invalid configuration: S3_SECRET_ACCESS_KEY S3_ACCESS_KEY_ID and /],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^Invalid configuration: S3_BUCKET is required when S3_ENDPOINT/],
    [{ MAIL_FROM: 'The Shop' }, /^Invalid configuration: MAIL_FROM must be an address, alone or as "Name" <address>$/],
    [{ SMTP_URL: 'http://mail.example.com' }, /^Invalid configuration: SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL$/],
    [{ METRICS_TOKEN: 'short' }, /^Invalid configuration: METRICS_TOKEN must be at least 16 characters$/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('\n');
    }
  });

  it('trusts no proxy unless TRUST_PROXY names them: a hop count or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'Invalid configuration: TRUST_PROXY must be a number of proxy hops or a comma-separated list of addresses',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/40' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the throttle and flood limits, with a real shop’s defaults', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      signInFreeAttempts: 5,
      signInAttemptsPerAddress: 30,
      signInAttemptsPerAccount: 10,
      signUpsPerAddress: 5,
      passwordResetsPerAddress: 5,
      phoneCodesPerAddress: 10,
      phoneCodesPerNumber: 5,
      reviewsPerCustomer: 5,
      ordersPerCustomer: 20,
      cardAttemptsPerOrder: 10,
      bookingsPerCustomer: 100,
      trackingLookupsPerAddress: 60,
      parcelsPerSenderPerDay: 20_000,
      bookingTextsPerNumberPerDay: 10,
      apiRequestsPerMerchant: 120,
      recipientRecordsPerMerchant: 300,
    });
    expect(loadConfig({ ORDERS_PER_CUSTOMER: '50' }).rateLimits.ordersPerCustomer).toBe(50);
    expect(() => loadConfig({ ORDERS_PER_CUSTOMER: '0' })).toThrow(/ORDERS_PER_CUSTOMER/);
    expect(() => loadConfig({ API_REQUESTS_PER_KEY: '120' })).toThrow(
      'Invalid configuration: API_REQUESTS_PER_KEY is now API_REQUESTS_PER_MERCHANT, one limit over all of a merchant’s keys',
    );
    expect(loadConfig({}).codFeeBasisPoints).toBe(150);
    expect(loadConfig({ COD_FEE_PERCENT: '2' }).codFeeBasisPoints).toBe(200);
    expect(() => loadConfig({ COD_FEE_PERCENT: '1.555' })).toThrow(/COD_FEE_PERCENT/);
  });
});
