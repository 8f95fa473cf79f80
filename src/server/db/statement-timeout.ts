import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';

/**
 * Reads for one kind of request under a statement timeout of their own (decision 124): one connection,
 * one read-only snapshot, and PostgreSQL cancels any statement running longer than `timeoutMs`, so a slow
 * report gives its connection back instead of holding it while everyone else waits for the pool. The
 * cancellation reaches the client as a 503 with Retry-After (isStatementTimeout, http/errors.ts).
 */
export function readWithin<T>(db: Database, timeoutMs: number, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      // set_config(…, true) is SET LOCAL with a bound value: it ends with the transaction.
      await tx.execute(sql`select set_config('statement_timeout', ${`${timeoutMs}ms`}, true)`);
      return read(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** SQLSTATE 57014, query_canceled: a statement timeout ended the statement. Drizzle wraps it, so causes are searched. */
export function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '57014') return true;
    current = cause;
  }
  return false;
}
