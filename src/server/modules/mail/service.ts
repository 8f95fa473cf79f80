import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import { kindsIn, mailboxPage } from '#server/outbox/mailbox-pages.ts';
import { LIMITS } from '#shared/limits.ts';
import type { MailboxEntry, MailboxQuery, MailsPage } from '#shared/mail.ts';
import { listMail, type MailRow } from './repository.ts';
import type { Shop } from './templates/layout.ts';
import { renderMail } from './templates/render.ts';
import { asMailEvent } from './worker.ts';

function toMailboxEntry(shop: Shop, row: MailRow): MailboxEntry {
  const status = row.deliveredBy === 'smtp' ? 'sent' : row.deliveredBy === 'mailbox' ? 'kept' : 'waiting';
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    ...renderMail(shop, asMailEvent(row)),
    status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Dashboard → Mailbox: the newest mails, rendered as their recipients read them (R-MAILBOX). */
export async function readMailbox(db: Database, shop: Shop): Promise<MailboxEntry[]> {
  return (await listMail(db, LIMITS.mailboxSize)).map((row) => toMailboxEntry(shop, row));
}

/**
 * `POST /api/mailbox/mails` (issue 43, R-MAILBOX): the Mailbox's mails tab, a page at a time, by kind and by
 * recipient's address in any case (its lower-case index); the first page names every kind there is.
 */
export async function readMailsPage(db: Database, shop: Shop, query: MailboxQuery): Promise<MailsPage> {
  const to = query.to ? sql`lower(${mailOutbox.recipient}) = ${query.to.toLowerCase()}` : undefined;
  const [page, kinds] = await Promise.all([
    mailboxPage(db, mailOutbox, { kind: query.kind, to }, query.cursor, LIMITS.parcelsPageSize),
    query.cursor ? null : kindsIn(db, mailOutbox),
  ]);
  return { mails: page.rows.map((row) => toMailboxEntry(shop, row)), next: page.next, kinds };
}
