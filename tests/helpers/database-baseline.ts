import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

const BASELINE_SCHEMA = 'test_baseline';

export interface DatabaseBaseline {
  /** Puts every application table back to the rows it held when the baseline was taken. */
  restore(): Promise<void>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every table of the public schema into a schema of its own, and a function that puts them
 * back. Starting a server loads a migrated snapshot, which takes seconds here; restoring the copy takes
 * milliseconds, so one server can give each test the database a fresh one would have.
 */
export async function captureBaseline(db: Database): Promise<DatabaseBaseline> {
  // node-postgres and PGlite both answer raw SQL with `rows`.
  const columns = (await db.execute(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      -- A month of a partitioned table (decision 0129) is filled through its parent, not on its own.
      and not exists (select from pg_class k where k.relname = c.table_name and k.relispartition)
    order by c.table_name, c.ordinal_position`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of columns.rows) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), quote(column_name)]);
  }

  await db.execute(sql.raw(`create schema ${BASELINE_SCHEMA}`));
  const copies: string[] = [];
  for (const [table, names] of tables) {
    const list = names.join(', ');
    await db.execute(sql.raw(`create table ${BASELINE_SCHEMA}.${quote(table)} as select ${list} from public.${quote(table)}`));
    // The rows come back with their own ids, identity columns included (parcel_counts' are always generated).
    copies.push(
      `insert into public.${quote(table)} (${list}) overriding system value select ${list} from ${BASELINE_SCHEMA}.${quote(table)};`,
    );
  }
  // Deleting the few rows a test adds is ten times quicker here than truncating (new files per table).
  const emptyAll = [...tables.keys()].map((table) => `delete from public.${quote(table)};`).join(' ');
  // Foreign-key triggers stay off while rows go and come back, so neither step needs the tables in order.
  await db.execute(
    sql.raw(`create function ${BASELINE_SCHEMA}.restore() returns void language plpgsql as $restore$
      begin
        perform set_config('session_replication_role', 'replica', true);
        ${emptyAll}
        ${copies.join('\n        ')}
      end
    $restore$`),
  );
  return {
    async restore() {
      await db.execute(sql.raw(`select ${BASELINE_SCHEMA}.restore()`));
    },
  };
}
