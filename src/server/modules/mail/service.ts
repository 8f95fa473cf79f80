import type { Database } from '#server/db/client.ts';
import { LIMITS } from '#shared/limits.ts';
import type { MailboxEntry } from '#shared/mail.ts';
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
