import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '#shared/product.ts';
import { addProduct } from '../helpers/catalog.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const redisUrl = process.env.REDIS_URL || undefined;
if (process.env.CI === 'true' && !redisUrl)
  throw new Error('CI=true but REDIS_URL is not set: the change bus test cannot be skipped.');
if (!redisUrl) console.warn('REDIS_URL is not set: the Redis change bus is not tested.');

const UNHEARD = /cannot hear other instances/;

const shows = async (server: TestServer, productId: string) =>
  (await call<Product[]>(server, 'GET', '/api/home')).body.some(({ _id }) => _id === productId);

describe.skipIf(withoutPostgres() || !redisUrl)('changes told through Redis (needs PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;
  let otherShop: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await startTestServer({ kind: 'postgres', env });
    b = await startTestServer({ kind: 'postgres', env, sharedDatabase: a.database, logLevel: 'info' });
    // Another shop on the same Redis, here reading the same database so that only the prefix keeps it apart.
    otherShop = await startTestServer({
      kind: 'postgres',
      env: { ...env, REDIS_KEY_PREFIX: `other-${a.config.redisKeyPrefix}` },
      sharedDatabase: a.database,
    });
    admin = await signInAdmin(a);
  });
  afterAll(async () => {
    await otherShop?.stop();
    await b?.stop();
    await a?.stop();
  });

  it('reach the instances with the same REDIS_KEY_PREFIX, and not another shop with its own', async () => {
    for (const server of [b, otherShop]) {
      await call(server, 'GET', '/api/home');
      await call(server, 'GET', '/api/home');
    }
    const added = await addProduct(a, admin, { name: 'Prefixed Pallet Jack' });
    expect(await holdsWithin(1_000, () => shows(b, added._id))).toBe(true);
    // B has heard it, so a subscriber of the same channel would have too: the other shop still shows what it kept.
    expect(await shows(otherShop, added._id)).toBe(false);
  });

  it('a dropped Redis connection is warned of; the instance hears again once it is back', async () => {
    const redis = new Redis(redisUrl ?? '');
    try {
      // A's and B's: the instances of one shop name their listening connections alike.
      const listeners = String(await redis.client('LIST'))
        .split('\n')
        .filter((client) => client.includes(` name=${b.config.redisKeyPrefix}public_reads `))
        .map((client) => client.match(/^id=(\d+) /)?.[1] ?? '');
      expect(listeners, 'A and B listen on connections named after their channel').toHaveLength(2);
      for (const id of listeners) await redis.client('KILL', 'ID', id);
    } finally {
      redis.disconnect();
    }
    const heardAgain = () => b.log.filter((line) => line.msg === "hearing other instances' changes through redis").length === 2;
    expect(await holdsWithin(5_000, async () => heardAgain())).toBe(true);
    expect(b.log.filter((line) => UNHEARD.test(line.msg ?? ''))).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining('public reads go to the database') }),
    ]);
  });

  it('a graceful stop warns of nothing', async () => {
    const before = b.log.length;
    await b.stop();
    // A connection's end is told a moment after the close that ended it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.log.slice(before).filter((line) => UNHEARD.test(line.msg ?? ''))).toEqual([]);
  });
});
