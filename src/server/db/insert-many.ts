import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from './client.ts';

/**
 * Inserts thousands of rows in one statement: each column sent as one array and the rows rebuilt by
 * `unnest`, so the statement has a parameter per column, not per cell. A multi-row VALUES of 5,000
 * wide rows is 170,000 parameters, past PostgreSQL's 65,535, and building it alone takes a second
 * (R-BULK-BOOKING). Every row must give the same columns; defaults fill the others.
 */
export async function insertMany<Table extends PgTable>(
  tx: Transaction,
  table: Table,
  rows: readonly Table['$inferInsert'][],
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = getTableColumns(table);
  const given = Object.keys(first).map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, column };
  });
  const names = sql.join(
    given.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    given.map(
      ({ key, column }) =>
        sql`${sql.param(rows.map((row) => (row as Record<string, unknown>)[key] ?? null))}::${sql.raw(column.getSQLType())}[]`,
    ),
    sql`, `,
  );
  await tx.execute(sql`insert into ${table} (${names}) select * from unnest(${arrays})`);
}
