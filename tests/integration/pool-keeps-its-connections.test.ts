import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, withoutPostgres } from '../helpers/test-database.ts';

/**
 * R-OUTAGE, decision 175: a transaction whose `begin` fails gives its connection back. drizzle-orm runs
 * `begin` outside the `try` that releases it; after an outage every such failure kept a place of the pool
 * for good, until no request could get a connection and a SIGTERM's `pool.end()` waited forever. A `begin`
 * that fails on a dead connection cannot be timed from a test; one the server refuses takes the same path.
 */
describe.skipIf(withoutPostgres())('the pool keeps its connections when a transaction cannot begin (needs PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('gives the connection back, so every later transaction still gets one and the pool closes', async () => {
    const { db, poolUse } = database.handle;
    for (let attempt = 0; attempt < 12; attempt++) {
      // The pool holds ten connections: twelve lost ones would leave the next transaction waiting for good.
      const refused = db.transaction(async () => {}, { isolationLevel: 'no such level' as never });
      await expect(refused).rejects.toThrow(/Failed query: begin/);
    }
    const use = poolUse();
    expect(use && use.open - use.idle).toBe(0);
    const answer = await db.transaction(async (tx) => tx.execute(sql`select 7 as seven`));
    expect((answer as { rows: unknown[] }).rows).toEqual([{ seven: 7 }]);
  });

  it('a connection given back by its caller after a failed first statement is not given back twice', async () => {
    const { db } = database.handle;
    // A failed statement inside a transaction that began: drizzle's own `finally` releases it, once.
    const failed = db.transaction(async (tx) => tx.execute(sql`select no_such_column`));
    await expect(failed).rejects.toThrow(/no_such_column/);
    const answer = await db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
    expect((answer as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });
});
