import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

/** SSLCommerz mode's environment for a test server; SSLCOMMERZ_API_URL is the fake's. */
export const SSLCOMMERZ_TEST_STORE = { storeId: 'swiftcargo0test', storePassword: 'swiftcargo0test@ssl' } as const;

/** A session as SSLCommerz's session API keeps it: what the shop asked for, and where to report. */
export interface FakeSession {
  sessionKey: string;
  fields: Record<string, string>;
}

/** A payment taken on the hosted page: SSLCommerz's record behind a val_id. */
export interface FakeTakenPayment {
  valId: string;
  tranId: string;
  bankTranId: string;
  /** As the customer paid it: the session's amount unless a test says otherwise. */
  amount: string;
  currency: string;
  /** VALID until validated once, VALIDATED after. */
  status: 'VALID' | 'VALIDATED';
  sessionKey: string;
}

export interface FakeRefund {
  refundRefId: string;
  bankTranId: string;
  refeId: string;
  amount: string;
}

export interface FakeSslcommerz {
  /** SSLCOMMERZ_API_URL for the shop. */
  url: string;
  sessions: Map<string, FakeSession>;
  payments: Map<string, FakeTakenPayment>;
  /** Refunds by refund_ref_id. */
  refunds: Map<string, FakeRefund>;
  /** Every call the shop made, as method and path. */
  calls: string[];
  /**
   * What the hosted page's "Pay" button does: takes the payment (in `amount` if given: a tampered session),
   * sends the IPN to the shop, and answers the fields it POSTs to the success return.
   */
  pay(sessionKey: string, options?: { amount?: string }): Promise<{ fields: Record<string, string>; ipn: Response }>;
  /** The same payment taken, with its IPN never sent: the fields it would have POSTed. */
  take(sessionKey: string, options?: { amount?: string }): Record<string, string>;
  /** The fields SSLCommerz signs for a report, signed with a password (the store's unless a forger's). */
  signed(fields: Record<string, string>, storePassword?: string): Record<string, string>;
  /** The session the shop opened last. */
  lastSession(): FakeSession;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** SSLCommerz's verify_sign, as its PHP library checks it: md5 over the verify_key fields and md5(password), sorted. */
function sign(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const names = Object.keys(fields).filter((name) => name !== 'verify_sign' && name !== 'verify_key');
  const hashed: [string, string][] = [
    ...names.map((name): [string, string] => [name, fields[name] ?? '']),
    ['store_passwd', md5(storePassword)],
  ];
  hashed.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return {
    ...fields,
    verify_key: names.join(','),
    verify_sign: md5(hashed.map(([name, value]) => `${name}=${value}`).join('&')),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A form that POSTs fields to an address, sent by a button (and at once when scripts run). */
function postingPage(title: string, action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><form id="back" method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">Return to the shop</button></form></main></body></html>`;
}

/**
 * A local HTTP server with SSLCommerz's endpoints as the official client calls them (session API, hosted
 * page, validation API, transaction query and refund API), and a hosted page whose buttons pay, fail or
 * cancel: paying sends the IPN to the shop and returns the customer's browser to the shop's success return.
 */
export async function startFakeSslcommerz(store = SSLCOMMERZ_TEST_STORE): Promise<FakeSslcommerz> {
  const sessions = new Map<string, FakeSession>();
  const payments = new Map<string, FakeTakenPayment>();
  const refunds = new Map<string, FakeRefund>();
  const calls: string[] = [];
  let base = '';

  const storeKnown = (query: URLSearchParams) =>
    query.get('store_id') === store.storeId && query.get('store_passwd') === store.storePassword;

  const reportOf = (payment: FakeTakenPayment, session: FakeSession) =>
    sign(
      {
        status: 'VALID',
        tran_id: payment.tranId,
        val_id: payment.valId,
        amount: payment.amount,
        currency: 'BDT',
        currency_type: session.fields.currency ?? 'BDT',
        currency_amount: payment.amount,
        bank_tran_id: payment.bankTranId,
        card_type: 'BKASH-BKash',
        value_b: session.fields.value_b ?? '',
      },
      store.storePassword,
    );

  function take(sessionKey: string, options: { amount?: string } = {}) {
    const session = sessions.get(sessionKey);
    if (!session) throw new Error(`fake SSLCommerz has no session ${sessionKey}`);
    const payment: FakeTakenPayment = {
      valId: `val${randomBytes(8).toString('hex')}`,
      tranId: session.fields.tran_id ?? '',
      bankTranId: `bank${randomBytes(6).toString('hex')}`,
      amount: options.amount ?? session.fields.total_amount ?? '0',
      currency: session.fields.currency ?? 'BDT',
      status: 'VALID',
      sessionKey,
    };
    payments.set(payment.valId, payment);
    return reportOf(payment, session);
  }

  async function pay(sessionKey: string, options: { amount?: string } = {}) {
    const fields = take(sessionKey, options);
    const session = sessions.get(sessionKey) as FakeSession;
    const ipn = await fetch(session.fields.ipn_url ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    return { fields, ipn };
  }

  const json = (body: unknown) => ({ status: 200, type: 'application/json', body: JSON.stringify(body) });
  const html = (body: string) => ({ status: 200, type: 'text/html; charset=utf-8', body });

  const answer = async (method: string, url: URL, body: Buffer, contentType: string) => {
    const query = url.searchParams;
    if (method === 'POST' && url.pathname === '/gwprocess/v4/api.php') {
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
      const fields = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
      if (fields.store_id !== store.storeId || fields.store_passwd !== store.storePassword)
        return json({ status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' });
      for (const required of ['tran_id', 'total_amount', 'currency', 'success_url', 'fail_url', 'cancel_url'])
        if (!fields[required]) return json({ status: 'FAILED', failedreason: `Invalid Information! '${required}' is missing.` });
      const sessionKey = randomBytes(16).toString('hex').toUpperCase();
      sessions.set(sessionKey, { sessionKey, fields });
      return json({
        status: 'SUCCESS',
        sessionkey: sessionKey,
        GatewayPageURL: `${base}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${sessionKey}`,
      });
    }
    if (url.pathname === '/gwprocess/v4/gw.php') {
      const session = sessions.get(query.get('SESSIONKEY') ?? '');
      if (!session) return { status: 404, type: 'text/plain', body: 'Session expired or not found' };
      if (method === 'GET') {
        const action = (what: string) => `${base}/gwprocess/v4/gw.php?SESSIONKEY=${session.sessionKey}&action=${what}`;
        return html(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SSLCommerz (fake)</title></head><body><main><h1>SSLCommerz (fake)</h1><p>Pay ${escapeHtml(session.fields.total_amount ?? '')} ${escapeHtml(session.fields.currency ?? '')} to the shop with cards, bKash, Nagad or Rocket.</p>` +
            ['pay', 'fail', 'cancel']
              .map(
                (what) =>
                  `<form method="post" action="${escapeHtml(action(what))}"><button type="submit">${what}</button></form>`,
              )
              .join('') +
            '</main></body></html>',
        );
      }
      const what = query.get('action');
      if (what === 'pay') {
        const { fields } = await pay(session.sessionKey);
        return html(postingPage('Payment successful', session.fields.success_url ?? '', fields));
      }
      const status = what === 'cancel' ? 'CANCELLED' : 'FAILED';
      const fields = { status, tran_id: session.fields.tran_id ?? '', value_b: session.fields.value_b ?? '' };
      return html(
        postingPage(
          `Payment ${status.toLowerCase()}`,
          session.fields[what === 'cancel' ? 'cancel_url' : 'fail_url'] ?? '',
          fields,
        ),
      );
    }
    // The official client sends these as POSTs with the fields in the query (its fetch.js always POSTs); both are answered.
    if (url.pathname === '/validator/api/validationserverAPI.php') {
      if (!storeKnown(query)) return json({ status: 'INVALID_TRANSACTION', error: 'Store credential error' });
      const payment = payments.get(query.get('val_id') ?? '');
      if (!payment) return json({ status: 'INVALID_TRANSACTION' });
      const session = sessions.get(payment.sessionKey) as FakeSession;
      const report = { ...reportOf(payment, session), status: payment.status };
      payment.status = 'VALIDATED';
      return json(report);
    }
    if (url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
      if (!storeKnown(query)) return json({ APIConnect: 'INVALID_REQUEST' });
      if (query.has('tran_id')) {
        const element = [...payments.values()]
          .filter((payment) => payment.tranId === query.get('tran_id'))
          .map((payment) => ({
            val_id: payment.valId,
            tran_id: payment.tranId,
            bank_tran_id: payment.bankTranId,
            status: payment.status,
            amount: payment.amount,
            currency: 'BDT',
            currency_type: payment.currency,
            currency_amount: payment.amount,
          }));
        return json({ APIConnect: 'DONE', no_of_trans_found: element.length, element });
      }
      if (query.has('refund_amount')) {
        const bankTranId = query.get('bank_tran_id') ?? '';
        const refeId = query.get('refe_id') ?? '';
        const earlier = [...refunds.values()].find((refund) => refund.refeId === refeId && refund.bankTranId === bankTranId);
        if (earlier)
          return json({
            APIConnect: 'DONE',
            bank_tran_id: bankTranId,
            refund_ref_id: earlier.refundRefId,
            status: 'success',
            errorReason: '',
          });
        if (![...payments.values()].some((payment) => payment.bankTranId === bankTranId))
          return json({ APIConnect: 'DONE', bank_tran_id: bankTranId, status: 'failed', errorReason: 'Invalid bank_tran_id' });
        const refund: FakeRefund = {
          refundRefId: `ref${randomBytes(8).toString('hex')}`,
          bankTranId,
          refeId,
          amount: query.get('refund_amount') ?? '',
        };
        refunds.set(refund.refundRefId, refund);
        return json({
          APIConnect: 'DONE',
          bank_tran_id: bankTranId,
          refund_ref_id: refund.refundRefId,
          status: 'success',
          errorReason: '',
        });
      }
      if (query.has('refund_ref_id')) {
        const refund = refunds.get(query.get('refund_ref_id') ?? '');
        return json(
          refund
            ? { APIConnect: 'DONE', refund_ref_id: refund.refundRefId, status: 'refunded' }
            : { APIConnect: 'DONE', status: 'failed' },
        );
      }
    }
    return { status: 404, type: 'text/plain', body: `Not found: ${method} ${url.pathname}` };
  };

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', base);
      calls.push(`${incoming.method} ${url.pathname}`);
      answer(incoming.method ?? 'GET', url, Buffer.concat(chunks), String(incoming.headers['content-type'] ?? '')).then(
        ({ status, type, body }) => {
          outgoing.writeHead(status, { 'content-type': type });
          outgoing.end(body);
        },
        (error: unknown) => {
          outgoing.writeHead(500, { 'content-type': 'text/plain' });
          outgoing.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    sessions,
    payments,
    refunds,
    calls,
    pay,
    take,
    signed: (fields, storePassword = store.storePassword) => sign(fields, storePassword),
    lastSession() {
      const last = [...sessions.values()].at(-1);
      if (!last) throw new Error('fake SSLCommerz has no session');
      return last;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** SSLCommerz mode's environment for a shop whose SSLCommerz is the fake at `url`. */
export const sslcommerzEnv = (url: string) => ({
  SSLCOMMERZ_STORE_ID: SSLCOMMERZ_TEST_STORE.storeId,
  SSLCOMMERZ_STORE_PASSWORD: SSLCOMMERZ_TEST_STORE.storePassword,
  SSLCOMMERZ_API_URL: url,
});

export interface SslcommerzTestServer extends TestServer {
  /** The stand-in for SSLCommerz this server talks to; `stop()` closes it too. */
  fake: FakeSslcommerz;
}

/** A test server in SSLCommerz mode whose SSLCommerz is a fake of its own. */
export async function startSslcommerzTestServer(options: TestServerOptions = {}): Promise<SslcommerzTestServer> {
  const fake = await startFakeSslcommerz();
  try {
    const server = await startTestServer({ ...options, env: { ...sslcommerzEnv(fake.url), ...options.env } });
    return {
      ...server,
      fake,
      async stop() {
        await server.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}
