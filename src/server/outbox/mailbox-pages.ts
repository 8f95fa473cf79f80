import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import type { mailOutbox, smsOutbox } from '#server/db/schema.ts';
import { CURSOR_SHAPES, readCursor, writeCursor } from '#server/http/keyset-cursor.ts';

type Outbox = typeof mailOutbox | typeof smsOutbox;

/**
 * The Mailbox's tabs (issue 43, R-MAILBOX): an outbox's messages newest first by (created_at, id), a page at a
 * time, each page going on below the last one's (decision 126), by kind and by recipient (`to`, an exact match
 * the caller writes for its own column), each walked along an index that leads with it.
 */
export async function mailboxPage<Table extends Outbox>(
  db: Database,
  table: Table,
  filter: { kind?: string; to?: SQL },
  cursor: string | undefined,
  size: number,
): Promise<{ rows: Table['$inferSelect'][]; next: string | null }> {
  const below = cursor ? readCursor(cursor, [CURSOR_SHAPES.timestamp, CURSOR_SHAPES.uuid]) : undefined;
  const found = (await db
    .select({ row: table as Outbox, createdAtText: sql<string>`${table.createdAt}::text` })
    .from(table as typeof mailOutbox)
    .where(
      and(
        filter.kind ? eq(table.kind, filter.kind) : undefined,
        filter.to,
        below ? sql`(${table.createdAt}, ${table.id}) < (${below[0]}::timestamptz, ${below[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(table.createdAt), desc(table.id))
    // One more than a page tells whether another follows, without a count.
    .limit(size + 1)) as { row: Table['$inferSelect']; createdAtText: string }[];
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ row }) => row),
    next: found.length > size && last ? writeCursor([last.createdAtText, last.row.id]) : null,
  };
}

/**
 * The kinds an outbox holds, for the Mailbox's filter: one index probe per kind (a loose index scan along the
 * kind's index), not a read of every message.
 */
export async function kindsIn(db: Database, table: Outbox): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive kinds(kind) as (
      (select ${table.kind} from ${table} order by ${table.kind} limit 1)
      union all
      select (select ${sql.raw('next.kind')} from ${table} as next where ${sql.raw('next.kind')} > kinds.kind order by ${sql.raw('next.kind')} limit 1)
      from kinds where kinds.kind is not null
    )
    select kind from kinds where kind is not null`)) as unknown as { rows: { kind: string }[] };
  return result.rows.map((row) => row.kind);
}
