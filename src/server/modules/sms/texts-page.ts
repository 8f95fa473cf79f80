import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { smsOutbox } from '#server/db/schema.ts';
import { badRequest } from '#server/http/errors.ts';
import { kindsIn, mailboxPage } from '#server/outbox/mailbox-pages.ts';
import { bdMobileSchema } from '#shared/consignment.ts';
import { LIMITS } from '#shared/limits.ts';
import type { MailboxQuery, SmsEntry, TextsPage } from '#shared/mail.ts';
import type { SmsRow } from './repository.ts';

const NOT_A_MOBILE = /*i18n*/ 'Type a Bangladeshi mobile number, like 01711000000';

/**
 * `POST /api/mailbox/texts` (issue 43, R-MAILBOX): the Mailbox's texts tab, a page at a time, by kind and by
 * the recipient's number read as a booking reads it (its index by phone); the first page names every kind.
 */
export async function readTextsPage(db: Database, query: MailboxQuery, entry: (row: SmsRow) => SmsEntry): Promise<TextsPage> {
  const phone = query.to === undefined ? undefined : bdMobileSchema.safeParse(query.to);
  if (phone && !phone.success) throw badRequest(NOT_A_MOBILE, { to: NOT_A_MOBILE });
  const [page, kinds] = await Promise.all([
    mailboxPage(
      db,
      smsOutbox,
      { kind: query.kind, to: phone ? eq(smsOutbox.phone, phone.data) : undefined },
      query.cursor,
      LIMITS.parcelsPageSize,
    ),
    query.cursor ? null : kindsIn(db, smsOutbox),
  ]);
  return { texts: page.rows.map(entry), next: page.next, kinds };
}
