// The app as the benchmark runs it: a production server of its own on 127.0.0.1, started from the
// real entry point, and the accounts and product it needs.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { bulkBookingFile } from '../../tests/helpers/bulk-file.ts';
import { parcelBatch } from '../../tests/helpers/parcel-batch.ts';
import { onInterrupt } from './interrupt.mjs';

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'benchAdmin1234' };

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB, from Linux's /proc; undefined elsewhere. */
export function rssMegabytes(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
    return line ? Math.round(Number(line[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** The pid of the server (its entry file `entryFile`) npm ran in the process group `leader` leads (Linux's /proc). */
function serverPid(leader, entryFile) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const processGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      // The server itself, not the shell npm runs the start script in (whose command line names it too).
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (processGroup === leader && command.includes(entryFile)) return Number(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}

/**
 * Runs `npm start` with NODE_ENV=production, as a shop would (or another npm script with its entry file,
 * such as `start:prod` and dist/server/main.js), on `port` or a free one, with `env` added; resolves once
 * /api/health answers 200.
 */
export async function startShop({
  dataDir,
  databaseUrl,
  script = 'start',
  entry = 'src/server/main.ts',
  port: asked,
  env: extra = {},
}) {
  const port = asked ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // The benchmark signs up a customer per connection, and each places a few hundred orders and pays
    // none: the limits for shoppers (R-HOLD, R-FLOOD) would refuse it.
    MAX_UNPAID_ORDERS: '1000',
    SIGN_UPS_PER_ADDRESS: '1000',
    // Every customer signs in once after signing up, all from 127.0.0.1.
    SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000',
    ORDERS_PER_CUSTOMER: '100000',
    // The scan benchmark books a thousand parcels (issue 29).
    BOOKINGS_PER_CUSTOMER: '100000',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'METRICS_TOKEN', 'STRIPE_SECRET_KEY']) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  Object.assign(env, extra);
  // Production logs every request as a JSON line; they go where a collector would read them, here nowhere.
  const child = spawn('npm', ['run', script, '--silent'], { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    // A server that died (a heap out of memory) has taken npm with it: nothing is left to stop.
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  exited.then(onInterrupt(stop));
  for (const started = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error(`the shop did not start:\n${errors}`);
    if (Date.now() - started > 120_000) throw new Error('the shop took over two minutes to start');
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = serverPid(child.pid, entry);
  return {
    url,
    pid,
    /** Whether the server process is still running (a heap out of memory ends it). */
    alive: () => rssMegabytes(pid) !== undefined,
    /** What it wrote to stderr: why it ended, when it did. */
    errors: () => errors,
    stop,
  };
}

async function json(response, what) {
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A signed-in account's bearer token, the way the web app gets one: a session cookie, then PUT /api/user/{email}. */
async function tokenFor(shop, email, signInAnswer) {
  const cookie = signInAnswer.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const issued = await fetch(`${shop.url}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { origin: shop.url, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return (await json(issued, `token for ${email}`)).token;
}

async function post(shop, path, body, headers = {}) {
  return fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { origin: shop.url, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A signed-in account's bearer token from its email and password. */
export async function signedInToken(shop, account) {
  return (await signedInSession(shop, account)).token;
}

/** A signed-in account's session cookie (what a browser holds) and bearer token. */
export async function signedInSession(shop, { email, password }) {
  const signIn = await post(shop, '/api/auth/sign-in/email', { email, password });
  await json(signIn.clone(), `sign-in of ${email}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, token: await tokenFor(shop, email, signIn) };
}

/** A parcel as a recipient follows it (issue 29): booked from Gulshan to Sylhet. */
const TRACKED_PARCEL = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
};

/** Books `count` parcels as the customer behind `token`, a few at a time; their tracking codes. */
export async function bookParcels(shop, token, count) {
  const codes = [];
  let next = 0;
  const bookNext = async () => {
    while (next < count) {
      const index = next++;
      const booking = await json(
        await post(shop, '/api/consignments', TRACKED_PARCEL, { authorization: `Bearer ${token}` }),
        'book a parcel',
      );
      codes[index] = booking.trackingCode;
    }
  };
  await Promise.all(Array.from({ length: 4 }, bookNext));
  return codes;
}

/** Moves parcels to a status at a hub as an operator would (POST /api/ops/scans); the results. */
export async function scanParcels(shop, token, codes, status, hub) {
  const answer = await json(
    await post(shop, '/api/ops/scans', { codes, status, hub }, { authorization: `Bearer ${token}` }),
    `scan ${codes.length} parcels`,
  );
  return answer.results;
}

/** One parcel booked by a new merchant and scanned to its delivery hub: what the tracking page and its benchmark show. */
export async function trackedParcel(shop, admin, customerToken) {
  const adminToken = await signedInToken(shop, admin);
  await approvedMerchant(shop, adminToken, customerToken);
  const [code] = await bookParcels(shop, customerToken, 1);
  await scanParcels(shop, adminToken, [code], 'picked_up');
  await scanParcels(shop, adminToken, [code], 'at_hub', 'dhaka');
  await scanParcels(shop, adminToken, [code], 'in_transit', 'dhaka');
  await scanParcels(shop, adminToken, [code], 'at_delivery_hub', 'sylhet');
  return code;
}

/** A new customer, signed up and signed in: their user id, email, session cookie and bearer token. */
export async function newCustomer(shop, index = 0) {
  const email = `bench-customer-${Date.now()}-${index}@example.com`;
  const password = 'benchCustomer1234';
  const { user } = await json(
    await post(shop, '/api/auth/sign-up/email', { name: 'Bench Customer', email, password }),
    'customer sign-up',
  );
  // Sign-up never signs in (decision 44): the customer signs in next, as the web app does.
  return { userId: user.id, email, ...(await signedInSession(shop, { email, password })) };
}

/**
 * A rider with `count` parcels out for delivery (issue 43): booked by a new merchant, scanned to Sylhet's
 * hub and out with the rider. The rider's session cookie, to open their run as a browser would.
 */
export async function riderWithRun(shop, admin, count) {
  const adminToken = await signedInToken(shop, admin);
  const merchant = await newCustomer(shop, 1);
  await approvedMerchant(shop, adminToken, merchant.token);
  const rider = await newCustomer(shop, 2);
  await json(
    await fetch(`${shop.url}/api/admin/users/${encodeURIComponent(rider.email)}/role`, {
      method: 'PUT',
      headers: { origin: shop.url, 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ role: 'rider' }),
    }),
    'make a rider',
  );
  const codes = await bookParcels(shop, merchant.token, count);
  if (codes.length === 0) return rider;
  // Every step must move every parcel: a refused one would leave the rider a shorter run than measured.
  const moved = (results, step) => {
    const refused = results.filter((result) => !result.moved);
    if (refused.length > 0) throw new Error(`${step}: ${refused.length} parcels refused (${refused[0].problem})`);
  };
  moved(await scanParcels(shop, adminToken, codes, 'picked_up'), 'picked up');
  moved(await scanParcels(shop, adminToken, codes, 'at_hub', 'dhaka'), 'at the Dhaka hub');
  moved(await scanParcels(shop, adminToken, codes, 'at_delivery_hub', 'sylhet'), 'at the Sylhet hub');
  const out = await json(
    await post(
      shop,
      '/api/ops/scans',
      { codes, status: 'out_for_delivery', rider: rider.email },
      { authorization: `Bearer ${adminToken}` },
    ),
    'send the parcels out with the rider',
  );
  moved(out.results, 'out for delivery');
  return rider;
}

/** The admin adds a product with all the stock an order benchmark can take; `customerCount` new customers will buy it. */
export async function prepareShop(shop, customerCount) {
  const adminToken = await signedInToken(shop, BENCH_ADMIN);
  const product = await json(
    await post(
      shop,
      '/api/addProduct',
      {
        name: 'Benchmark Pallet Tracker',
        price: '19.99',
        description: 'Bought over and over by the benchmark.',
        minQuantity: 1,
        // A customer may hold up to the maximum of one product unpaid (R-HOLD); the rounds place hundreds each.
        maxQuantity: 1_000_000,
        availableQuantity: 1_000_000,
        picture: 'https://example.com/tracker.png',
      },
      { authorization: `Bearer ${adminToken}` },
    ),
    'add the benchmark product',
  );
  const customers = [];
  for (let index = 0; index < customerCount; index++) customers.push(await newCustomer(shop, index));
  return { productId: product._id, customers, adminToken };
}

/**
 * The customer applies as a merchant and the admin approves: parcels with cash to collect are for
 * approved merchants only (decision 104).
 */
export async function approvedMerchant(shop, adminToken, customerToken) {
  const merchant = await json(
    await post(
      shop,
      '/api/merchant/application',
      {
        businessName: 'Benchmark Gadgets',
        pickupAddresses: [{ name: 'Bench Sender', phone: '01711000000', address: 'House 1, Road 1', areaId: 'dhaka-gulshan' }],
        payoutMethod: { kind: 'wallet', wallet: 'bkash', number: '01711000000' },
      },
      { authorization: `Bearer ${customerToken}` },
    ),
    'apply as a merchant',
  );
  await json(
    await post(shop, `/api/admin/merchants/${merchant.id}/approve`, {}, { authorization: `Bearer ${adminToken}` }),
    'approve the merchant',
  );
}

/**
 * A merchant's spreadsheet of `parcels` booked at once (issue 30, R-BULK-BOOKING): the customer becomes
 * a merchant, and the file is uploaded as the merchant page does; the answer's time.
 */
export async function bulkBook(shop, adminToken, customer, parcels) {
  await approvedMerchant(shop, adminToken, customer.token);
  const form = new FormData();
  form.set('service', 'standard');
  form.set('pickup', '0');
  form.set('file', new Blob([bulkBookingFile(parcels)], { type: 'text/csv' }), 'parcels.csv');
  const started = performance.now();
  const response = await fetch(`${shop.url}/api/merchant/bulk-bookings`, {
    method: 'POST',
    headers: { origin: shop.url, authorization: `Bearer ${customer.token}` },
    body: form,
  });
  const booked = await json(response, `book ${parcels} parcels from a file`);
  if (booked.parcels !== parcels) throw new Error(`the file booked ${booked.parcels} of ${parcels} parcels`);
  return performance.now() - started;
}

/**
 * A batch of `parcels` booked in one call of the merchant API (issue 41) with a key of the customer, made
 * a merchant first: the answer's time.
 */
export async function batchBook(shop, adminToken, customer, parcels) {
  await approvedMerchant(shop, adminToken, customer.token);
  const { key } = await json(
    await post(shop, '/api/merchant/api-keys', { name: 'Benchmark' }, { authorization: `Bearer ${customer.token}` }),
    'make an API key',
  );
  const body = { parcels: parcelBatch(parcels, 'BENCH-') };
  const started = performance.now();
  const response = await post(shop, '/api/v1/consignments/batch', body, { authorization: `Bearer ${key}` });
  const booked = await json(response, `book a batch of ${parcels} parcels`);
  if (booked.parcels.length !== parcels) throw new Error(`the batch booked ${booked.parcels.length} of ${parcels} parcels`);
  return performance.now() - started;
}
