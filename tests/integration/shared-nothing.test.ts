import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/product.ts';
import { addProductWithUpload, NEW_PRODUCT, TINY_PNG } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { startTestBucket, type TestBucket } from '../helpers/object-store.ts';
import { payParcelFee, STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const redisUrl = process.env.REDIS_URL || undefined;
if (process.env.CI === 'true' && !redisUrl)
  throw new Error('CI=true but REDIS_URL is not set: the shared-nothing test cannot be skipped.');
if (!redisUrl) console.warn('REDIS_URL is not set: two instances sharing PostgreSQL, Redis and a bucket are not tested.');

const UPLOAD = { content: TINY_PNG, name: 'router.png', type: 'image/png' };
const FIELDS = { ...NEW_PRODUCT, picture: '' };

/** Every file under a directory, however deep: where s3rver keeps objects. */
const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

describe('product pictures in an S3 bucket', () => {
  let bucket: TestBucket;
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    bucket = await startTestBucket();
    server = await startTestServer({ env: bucket.env });
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.stop();
  });

  it('go to the bucket, not to DATA_DIR, and are served at the same /uploads/ addresses', async () => {
    const added = await addProductWithUpload(server, admin, FIELDS, UPLOAD);
    expect(added.status).toBe(201);
    expect(added.body.picture).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const name = added.body.picture.slice('/uploads/'.length);
    for (const size of [name, name.replace(/\.webp$/, '-400w.webp')]) {
      expect(filesUnder(bucket.directory).some((file) => file.includes(join('uploads', size)))).toBe(true);
    }
    const onDisk = join(server.config.dataDir, 'uploads');
    expect(existsSync(onDisk) ? readdirSync(onDisk) : []).toEqual([]);

    const image = await fetch(`${server.url}${added.body.picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(8, 12)
        .toString('latin1'),
    ).toBe('WEBP');
  });

  it('answer 404 for a picture that is not there, or a name the shop never gives', async () => {
    for (const path of ['/uploads/00000000-0000-4000-8000-000000000000.png', '/uploads/..%2Fsecrets.png', '/uploads/x.svg']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(404);
    }
  });

  it('refuse what is not a picture before anything reaches the bucket', async () => {
    const before = filesUnder(bucket.directory).length;
    const refused = await addProductWithUpload(server, admin, FIELDS, { ...UPLOAD, content: Buffer.from('GIF89a\x01\x00') });
    expect(refused.status).toBe(400);
    expect(filesUnder(bucket.directory)).toHaveLength(before);
  });

  it('keep photos of handovers in the bucket too, apart from the pictures, shown only through the parcel', async () => {
    const rider = await signUpCustomer(server, { name: 'Rider One' });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
    const booked = await call(server, 'POST', '/api/consignments', { token: admin.token, body: STANDARD_PARCEL });
    const codes = [booked.body.trackingCode];
    await payParcelFee(server, admin, booked.body.trackingCode);
    for (const move of [
      { status: 'picked_up' },
      { status: 'at_hub', hub: 'chattogram' },
      { status: 'out_for_delivery', rider: rider.email },
    ])
      await call(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes, ...move } });
    const form = new FormData();
    for (const [name, value] of Object.entries({ outcome: 'delivered', codCollected: '0', receivedBy: 'Karim Mia' }))
      form.append(name, value);
    form.append('handoverPhoto', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'door.png');
    const delivered = await fetch(`${server.url}/api/rider/deliveries/${codes[0]}`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${rider.token}` },
      body: form,
    });
    expect(delivered.status).toBe(200);
    expect(filesUnder(bucket.directory).some((file) => /handovers[/\\][0-9a-f-]{36}\.webp/.test(file))).toBe(true);
    expect(existsSync(join(server.config.dataDir, 'handovers'))).toBe(false);
    const photo = await fetch(`${server.url}/api/consignments/${codes[0]}/handover-photo`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });
});

describe.skipIf(withoutPostgres() || !redisUrl)('two instances sharing only PostgreSQL, Redis and a bucket', () => {
  let bucket: TestBucket;
  let a: TestServer;
  let b: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    bucket = await startTestBucket();
    const env = { ...bucket.env, REDIS_URL: redisUrl ?? '' };
    a = await startTestServer({ kind: 'postgres', env });
    b = await startTestServer({ kind: 'postgres', env, sharedDatabase: a.database });
    admin = await signInAdmin(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await bucket?.stop();
  });

  it('a picture uploaded on A is served by B, whose catalogue shows the product within a second', async () => {
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    await call(b, 'GET', '/api/home');
    await call(b, 'GET', '/api/home');
    const added = await addProductWithUpload(a, admin, FIELDS, UPLOAD);
    expect(added.status).toBe(201);

    const [onA, onB] = await Promise.all(
      [a, b].map(async (server) => Buffer.from(await (await fetch(`${server.url}${added.body.picture}`)).arrayBuffer())),
    );
    expect(onB?.length).toBeGreaterThan(0);
    expect(onB?.equals(onA as Buffer)).toBe(true);

    const shown = await holdsWithin(1_000, async () =>
      (await call<Product[]>(b, 'GET', '/api/home')).body.some(({ _id }) => _id === added.body._id),
    );
    expect(shown).toBe(true);
  });
});
