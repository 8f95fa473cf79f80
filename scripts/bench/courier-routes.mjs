// The courier's pages and APIs as its users reach them (issue 40), each made ready against one running
// server: the accounts signed in, and the codes, invoices and pages each request names, read from the
// database the server runs on (the bench's own copy).
import pg from 'pg';
import { CROCKFORD, checkCharacter } from '../../src/shared/tracking-code.ts';
import { signedInToken } from './shop.mjs';

/** The generator's known accounts (scripts/courier-volume/accounts.ts). */
const ACCOUNTS = {
  admin: 'admin@courier.test',
  merchant: 'merchant@courier.test',
  rider: 'rider@courier.test',
  operator: 'operator@courier.test',
};
const PASSWORD = 'courier40volume';

/** A parcel the merchant books again and again: no invoice, so no booking is refused as a duplicate. */
const BOOKED_PARCEL = {
  service: 'standard',
  pickup: { name: 'Bench Merchant', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 800,
  codAmount: 150_000,
};

/**
 * How many parcels' tracking pages are asked for once each, as the public reaches a national courier's
 * pages: enough that no code is asked twice in a run at 500 a second (issue 40), where the database has them.
 */
const DISTINCT_CODES = 50_000;

/** What a phone's browser says it takes: a page it is sent is compressed (decision 167). */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * A request that asks for the next code's page each time it is sent, as a browser does: every answer a
 * miss of the kept pages, compressed.
 */
function everyCodeOnce(codes) {
  let next = 0;
  const pathOf = () => `/track/${codes[next++ % codes.length]}`;
  return {
    method: 'GET',
    path: pathOf(),
    headers: BROWSER_ENCODINGS,
    setupRequest: (request) => ({ ...request, path: pathOf() }),
  };
}

/** A code that is well formed (its check character is right) and names no parcel: a miss, not a 400. */
function missingCode() {
  const body = 'ZZZZZZZZZZ'
    .split('')
    .map((_, index) => CROCKFORD[(index * 7 + 3) % CROCKFORD.length])
    .join('');
  return `SC${body}${checkCharacter(body)}`;
}

const shopDay = (date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(date);

async function readJson(url, token) {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/**
 * Where a list's next older page is, from its answer: My Parcels' and the admin lists' `next` cursor
 * (`?cursor=`, decision 126) or the ledger's `older` line (`?before=`, decision 120); undefined on the last page.
 */
function olderOf(body) {
  if (typeof body?.next === 'string') return `cursor=${encodeURIComponent(body.next)}`;
  if (body?.older !== undefined && body.older !== null) return `before=${encodeURIComponent(String(body.older))}`;
  return undefined;
}

/** An older page of a list: `pages` pages back, by following the list's own links; undefined when it has fewer. */
async function olderPage(shop, path, token, pages) {
  const first = await readJson(`${shop.url}${path}`, token);
  if (first.status !== 200) return undefined;
  let older = olderOf(first.body);
  let url;
  for (let page = 1; older && page < pages; page++) {
    url = `${path}${path.includes('?') ? '&' : '?'}${older}`;
    const next = await readJson(`${shop.url}${url}`, token);
    older = next.status === 200 ? olderOf(next.body) : undefined;
    if (page + 1 === pages) return url;
  }
  return undefined;
}

/**
 * Every route the bench times, ready against `shop` on `databaseUrl`: a name, and autocannon's request
 * (method, path, headers, body) or `missing` when the route cannot be timed there, saying why.
 */
export async function courierRoutes(shop, databaseUrl) {
  const tokens = {};
  for (const [role, email] of Object.entries(ACCOUNTS)) tokens[role] = await signedInToken(shop, { email, password: PASSWORD });
  const bearer = (role) => ({ authorization: `Bearer ${tokens[role]}` });
  const json = { 'content-type': 'application/json', origin: shop.url };

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let facts;
  try {
    const { rows } = await client.query(
      `
      SELECT
        (SELECT tracking_code FROM consignments c JOIN "user" u ON u.id = c.user_id WHERE u.email = $1 ORDER BY c.created_at DESC LIMIT 1) AS tracked,
        (SELECT json_build_object('invoice', merchant_invoice, 'phone', recipient_phone) FROM consignments c
          WHERE merchant_invoice IS NOT NULL AND status <> 'cancelled'
            AND NOT EXISTS (SELECT 1 FROM consignments o WHERE o.merchant_invoice = c.merchant_invoice AND o.recipient_phone = c.recipient_phone AND o.id <> c.id)
          ORDER BY created_at DESC LIMIT 1) AS invoice,
        (SELECT array_agg(tracking_code) FROM (SELECT tracking_code FROM consignments WHERE status = 'at_hub' AND hub = 'dhaka' LIMIT 10) AS ten) AS at_hub,
        (SELECT array_agg(tracking_code) FROM (SELECT tracking_code FROM consignments ORDER BY random() LIMIT $2) AS sample) AS sampled,
        (SELECT recipient_phone FROM consignments GROUP BY recipient_phone ORDER BY count(*) DESC LIMIT 1) AS busiest_phone`,
      [ACCOUNTS.merchant, DISTINCT_CODES],
    );
    facts = rows[0];
  } finally {
    await client.end();
  }
  const key = await fetch(`${shop.url}/api/merchant/api-keys`, {
    method: 'POST',
    headers: { ...json, ...bearer('merchant') },
    body: JSON.stringify({ name: `Bench ${Date.now()}` }),
  }).then((response) => response.json());

  const today = new Date();
  const monthAgo = shopDay(new Date(today.getTime() - 30 * 86_400_000));
  const range = `from=${monthAgo}&to=${shopDay(today)}`;
  const myParcelsOlder = await olderPage(shop, '/api/consignments', tokens.merchant, 10);
  const ledgerDeep = await olderPage(shop, '/api/merchant/ledger', tokens.merchant, 500);
  const ledgerRangeNext = await olderPage(shop, `/api/merchant/ledger?${range}`, tokens.merchant, 2);
  const get = (name, path, role, extra = {}) => ({
    name,
    request: { method: 'GET', path, headers: role ? bearer(role) : {} },
    ...extra,
  });
  const post = (name, path, headers, body) => ({
    name,
    request: { method: 'POST', path, headers: { ...json, ...headers }, body: JSON.stringify(body) },
  });
  const missing = (name, why) => ({ name, missing: why });
  return [
    get('track: hit (API)', `/api/track/${facts.tracked}`),
    get('track: miss (API)', `/api/track/${missingCode()}`, undefined, { expect: 404 }),
    get('track: hit (page)', `/track/${facts.tracked}`),
    get('track: miss (page)', `/track/${missingCode()}`, undefined, { expect: 404 }),
    { name: 'track: a new code each time (page)', request: everyCodeOnce(facts.sampled) },
    post('track: invoice + phone', '/api/track/lookup', {}, facts.invoice),
    post('booking (web)', '/api/consignments', bearer('merchant'), BOOKED_PARCEL),
    key?.key
      ? post('booking (API key)', '/api/v1/consignments', { authorization: `Bearer ${key.key}` }, BOOKED_PARCEL)
      : missing('booking (API key)', 'no API key was made'),
    facts.at_hub?.length
      ? post('scan 10 (already at the hub)', '/api/ops/scans', bearer('operator'), {
          codes: facts.at_hub,
          status: 'at_hub',
          hub: 'dhaka',
        })
      : missing('scan 10 (already at the hub)', 'no parcel at the Dhaka hub'),
    // The number with the most parcels: the record's worst case (issue 44, R-RECIPIENT-RECORD).
    post("recipient's record: the busiest number", '/api/merchant/recipient-record', bearer('merchant'), {
      phone: facts.busiest_phone,
    }),
    get('My Parcels: first page', '/api/consignments', 'merchant'),
    myParcelsOlder ? get('My Parcels: 10th page', myParcelsOlder, 'merchant') : missing('My Parcels: 10th page', 'fewer pages'),
    get("rider's run", '/api/rider/run', 'rider'),
    get('merchant dashboard', '/api/merchant', 'merchant'),
    get('merchant: weekly outcomes', '/api/consignments/outcomes', 'merchant'),
    get('ledger: first page', '/api/merchant/ledger', 'merchant'),
    ledgerDeep ? get('ledger: page 500', ledgerDeep, 'merchant') : missing('ledger: page 500', 'fewer pages'),
    ledgerRangeNext
      ? get('ledger: 30 days, page 2', ledgerRangeNext, 'merchant')
      : missing('ledger: 30 days, page 2', 'one page only'),
    get('statement CSV: 30 days', `/api/merchant/ledger.csv?${range}`, 'merchant', { heavy: true }),
    get('statement PDF: 30 days', `/api/merchant/ledger.pdf?${range}`, 'merchant', { heavy: true }),
    get('statement CSV: no range', '/api/merchant/ledger.csv', 'merchant', { heavy: true, retried: true }),
    get('statement PDF: no range', '/api/merchant/ledger.pdf', 'merchant', { heavy: true, retried: true }),
    get('admin Merchants', '/api/admin/merchants', 'admin', { retried: true }),
    get('admin Operations', '/api/admin/operations', 'admin'),
    get('admin: weekly outcomes', '/api/admin/parcel-outcomes', 'admin'),
    get('admin payouts', '/api/admin/payouts', 'admin'),
    get("admin: the day's pickups", '/api/admin/pickups', 'admin'),
    get('admin: all parcels', '/api/admin/parcels', 'admin'),
    get('admin: stuck parcels', '/api/admin/parcels?stuck=yes', 'admin'),
    get('admin: a hub inbound', '/api/admin/parcels?hub=dhaka&hubList=inbound', 'admin'),
  ];
}
