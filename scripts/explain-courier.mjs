// npm run explain:courier -- --database-url postgres://postgres@127.0.0.1:5432/courier_1m_<you> [options]
//
// The index review of issue 40: every courier query of the app, as the app itself sends it, with its plan,
// time and buffers. It starts the shop on that database with PostgreSQL's auto_explain loaded into the
// shop's own sessions (PGOPTIONS: log_analyze, log_buffers, JSON plans into the server's log), calls each
// courier route once, in turn, and reads the plans each call wrote to the log. Per route it prints the
// queries, their time, their shared buffers, and every sequential scan that read more than --big rows.
//
// Needs: a superuser connection (session_preload_libraries is superuser-only) and the server's log file
// readable here (--log, default the Debian cluster's). Never point it at a database others rely on: the
// booking and pickup calls write.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    log: { type: 'string', default: '/var/log/postgresql/postgresql-15-main.log' },
    port: { type: 'string', default: '4161' },
    password: { type: 'string', default: 'courier40volume' },
    admin: { type: 'string', default: 'admin@courier.test' },
    merchant: { type: 'string', default: 'merchant@courier.test' },
    rider: { type: 'string', default: 'rider@courier.test' },
    big: { type: 'string', default: '10000' },
    verbose: { type: 'boolean', default: false },
    // A regular expression over route names to leave out (e.g. "statement" on a slow machine).
    skip: { type: 'string' },
  },
});
const databaseUrl = options['database-url'];
if (!databaseUrl) throw new Error('--database-url (or DATABASE_URL) names the PostgreSQL database to review');
const databaseName = new URL(databaseUrl).pathname.slice(1);
const bigRows = Number(options.big);
const origin = `http://127.0.0.1:${options.port}`;

// --- the shop, with auto_explain in each of its sessions -------------------------------------------------
const PGOPTIONS = [
  'session_preload_libraries=auto_explain',
  'auto_explain.log_min_duration=0',
  'auto_explain.log_analyze=on',
  'auto_explain.log_buffers=on',
  'auto_explain.log_timing=on',
  'auto_explain.log_nested_statements=on',
  'auto_explain.log_format=json',
  'auto_explain.log_verbose=off',
]
  .map((setting) => `-c ${setting}`)
  .join(' ');

const shop = spawn('npm', ['start'], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PGOPTIONS,
    PORT: options.port,
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'explain-courier-')),
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'explain-courier-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const stopShop = () => {
  if (shop.exitCode === null) process.kill(-shop.pid, 'SIGTERM');
};
process.on('exit', stopShop);

async function ready() {
  for (let waited = 0; waited < 600_000; waited += 500) {
    if (shop.exitCode !== null) throw new Error(`the shop ended (${shop.exitCode}) before it answered`);
    const answer = await fetch(`${origin}/api/health/ready`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the shop did not become ready in ten minutes');
}

// --- calls -------------------------------------------------------------------------------------------------
async function call(method, path, { token, cookie, body } = {}) {
  const headers = { origin };
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  let json;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: response.status, json, bytes: bytes.length, ms };
}

async function signIn(email) {
  const answer = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: options.password }),
  });
  if (!answer.ok) throw new Error(`sign-in ${email}: ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const issued = await call('PUT', `/api/user/${encodeURIComponent(email)}`, { cookie, body: { email } });
  if (issued.status !== 200) throw new Error(`token for ${email}: ${issued.status}`);
  return issued.json.token;
}

// --- the server log: what each call added, for this database only ------------------------------------------
let logOffset = 0;
function logSince() {
  const size = statSync(options.log).size;
  const length = size - logOffset;
  if (length <= 0) return '';
  const buffer = Buffer.alloc(length);
  const fd = openSync(options.log, 'r');
  readSync(fd, buffer, 0, length, logOffset);
  closeSync(fd);
  logOffset = size;
  return buffer.toString('utf8');
}

/** auto_explain's entries: "<time> [pid] user@db LOG:  duration: N ms  plan:\n{json}" up to the next log line. */
function plansIn(text) {
  const plans = [];
  const entries = text.split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/);
  for (const entry of entries) {
    const head = entry.match(/^\S+ \S+ \S+ \[\d+\] \S*@(\S+) LOG:\s+duration: ([\d.]+) ms\s+plan:\s*/);
    if (!head || head[1] !== databaseName) continue;
    try {
      plans.push({ ms: Number(head[2]), ...JSON.parse(entry.slice(head[0].length).replace(/\n\t/g, '\n')) });
    } catch {
      // a plan cut by another process's line: counted as unreadable rather than guessed at
      plans.push({ ms: Number(head[2]), unreadable: true });
    }
  }
  return plans;
}

/** The shop's own timers poll their outboxes on the same pool meanwhile: not the call's, so left out. */
const BACKGROUND = /^\s*update "(mail_outbox|sms_outbox|webhook_deliveries)" set /i;

function walk(node, visit) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

function summarise(plan) {
  if (plan.unreadable) return { query: '(unreadable plan)', ms: plan.ms, hit: 0, read: 0, seqScans: [] };
  const root = plan.Plan;
  const seqScans = [];
  walk(root, (node) => {
    if (node['Node Type'] !== 'Seq Scan') return;
    const rowsRead = (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
    if (rowsRead >= bigRows) seqScans.push(`${node['Relation Name']} (${rowsRead.toLocaleString('en')} rows)`);
  });
  return {
    query: String(plan['Query Text'] ?? '')
      .replace(/\s+/g, ' ')
      .slice(0, 140),
    // auto_explain's duration: the statement's whole time in the server, planning included.
    ms: plan.ms,
    hit: root['Shared Hit Blocks'] ?? 0,
    read: root['Shared Read Blocks'] ?? 0,
    seqScans,
  };
}

// --- the routes ----------------------------------------------------------------------------------------------
function days(from, to) {
  const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(from)}&to=${day(to)}`;
}

async function main() {
  await ready();
  const admin = await signIn(options.admin);
  const merchant = await signIn(options.merchant);
  const rider = await signIn(options.rider);
  const myParcels = await call('GET', '/api/consignments', { token: merchant });
  const parcel = myParcels.json?.parcels?.[0];
  const trackingCode = parcel?.trackingCode ?? 'SC0000000001X';
  const invoice = { invoice: parcel?.merchantInvoice ?? '1001', phone: parcel?.recipient?.phone ?? '01711000000' };
  const booking = {
    service: 'express',
    pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
    recipient: { name: 'Rahima Khatun', phone: '01812345678', address: 'Station Road 9', areaId: 'sylhet-sylhet-sadar' },
    weightGrams: 800,
    codAmount: 150_000,
  };

  const routes = [
    ['tracking', 'GET', `/api/track/${trackingCode}`, {}],
    ['invoice + phone lookup', 'POST', '/api/track/lookup', { body: invoice }],
    ['My Parcels', 'GET', '/api/consignments', { token: merchant }],
    ['a parcel (sender)', 'GET', `/api/consignments/${trackingCode}`, { token: merchant }],
    ['booking', 'POST', '/api/consignments', { token: merchant, body: booking }],
    ['merchant account', 'GET', '/api/merchant', { token: merchant }],
    ['ledger page 1', 'GET', '/api/merchant/ledger', { token: merchant }],
    ['ledger page 500', 'GET', '/api/merchant/ledger?page=500', { token: merchant }],
    ['ledger 30 days, page 2', 'GET', `/api/merchant/ledger?${days(30, 0)}&page=2`, { token: merchant }],
    ['statement CSV, 30 days', 'GET', `/api/merchant/ledger.csv?${days(30, 0)}`, { token: merchant }],
    ['statement PDF, 30 days', 'GET', `/api/merchant/ledger.pdf?${days(30, 0)}`, { token: merchant }],
    ['merchant payouts', 'GET', '/api/merchant/payouts', { token: merchant }],
    ['my pickups', 'GET', '/api/pickups', { token: merchant }],
    ['rider run', 'GET', '/api/rider/run', { token: rider }],
    ['riders (ops)', 'GET', '/api/ops/riders', { token: admin }],
    ['Operations', 'GET', '/api/admin/operations', { token: admin }],
    ['admin merchants', 'GET', '/api/admin/merchants', { token: admin }],
    ['admin payouts', 'GET', '/api/admin/payouts', { token: admin }],
    ['the day’s pickups', 'GET', '/api/admin/pickups', { token: admin }],
    // Issue 43: Operations' counts opened, a hub's lists, the pickups ahead, the Mailbox's tabs.
    ['stuck parcels', 'GET', '/api/admin/parcels?stuck=yes', { token: admin }],
    ['failed, refused', 'GET', '/api/admin/parcels?failed=refused', { token: admin }],
    ['Dhaka hub inbound', 'GET', '/api/admin/parcels?hub=dhaka&hubList=inbound', { token: admin }],
    ['Dhaka hub on hand', 'GET', '/api/admin/parcels?hub=dhaka&hubList=on_hand', { token: admin }],
    ['pickups ahead', 'GET', '/api/admin/pickups/ahead', { token: admin }],
    ['Mailbox mails', 'POST', '/api/mailbox/mails', { token: admin, body: {} }],
    ['Mailbox texts by phone', 'POST', '/api/mailbox/texts', { token: admin, body: { to: '01812345678' } }],
  ];

  await new Promise((resolve) => setTimeout(resolve, 1000));
  logSince();
  const results = [];
  const skipped = options.skip ? new RegExp(options.skip, 'i') : undefined;
  for (const [name, method, path, request] of routes.filter(([name]) => !skipped?.test(name))) {
    const answer = await call(method, path, request);
    // The server writes a statement's plan when the statement ends, before the answer is sent; a moment's wait
    // lets the log's writer catch up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queries = plansIn(logSince())
      .filter((plan) => !BACKGROUND.test(String(plan['Query Text'] ?? '')))
      .map(summarise);
    results.push({ name, method, path, answer, queries });
  }

  console.log(
    `\nIndex review: ${databaseName}, ${new Date().toISOString()}; every query of each call, EXPLAIN (ANALYZE, BUFFERS) via auto_explain`,
  );
  console.log(
    'route | HTTP | call ms | queries | DB ms (sum) | slowest query ms | shared hit / read | seq scans over big tables',
  );
  console.log('---|---|---|---|---|---|---|---');
  for (const { name, answer, queries } of results) {
    const sum = queries.reduce((total, query) => total + query.ms, 0);
    const slowest = Math.max(0, ...queries.map((query) => query.ms));
    const hit = queries.reduce((total, query) => total + query.hit, 0);
    const read = queries.reduce((total, query) => total + query.read, 0);
    const seq = queries.flatMap((query) => query.seqScans);
    console.log(
      `${name} | ${answer.status} | ${answer.ms.toFixed(1)} | ${queries.length} | ${sum.toFixed(1)} | ${slowest.toFixed(1)} | ${hit} / ${read} | ${seq.length ? `**${seq.join(', ')}**` : '–'}`,
    );
  }
  if (options.verbose) {
    for (const { name, method, path, queries } of results) {
      console.log(`\n## ${name}: ${method} ${path}`);
      for (const query of queries) {
        console.log(
          `  ${query.ms.toFixed(2).padStart(9)} ms  hit ${String(query.hit).padStart(7)} read ${String(query.read).padStart(7)}  ${query.seqScans.length ? `SEQ ${query.seqScans.join(', ')}  ` : ''}${query.query}`,
        );
      }
    }
  }
}

try {
  await main();
} finally {
  stopShop();
}
