import { z } from 'zod';

/**
 * A mail in the admin Mailbox (R-MAILBOX): what the customer reads (or will read) and how its delivery
 * stands. `waiting`: not handed over yet (see attempts and lastError); `sent`: the SMTP server took it;
 * `kept`: no SMTP server is set, so it stays here.
 */
export const mailboxEntrySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['waiting', 'sent', 'kept']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type MailboxEntry = z.infer<typeof mailboxEntrySchema>;

/**
 * A text message in the Mailbox (issue 29): the same statuses, `sent` meaning the SMS gateway took it;
 * `skipped`: a booking text over its number's daily budget, never sent (decision 108).
 */
export const smsEntrySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  phone: z.string(),
  text: z.string(),
  status: z.enum(['waiting', 'sent', 'kept', 'skipped']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type SmsEntry = z.infer<typeof smsEntrySchema>;

/**
 * The Mailbox's tabs, mails and texts (issue 43, R-MAILBOX): a page at a time, newest first, by kind and by
 * recipient (an email for mails, a mobile number for texts). In a POST's body, as a parcel search is: a
 * recipient's phone or address is never put in an address (decision 127).
 */
export const mailboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional().describe('The recipient: an email (mails) or a mobile number (texts), exactly'),
  kind: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,60}$/, { error: /*i18n*/ 'Choose a kind from the list' })
    .optional(),
  cursor: z.string().trim().max(300).optional().describe('The `next` of the page before; none for the first page.'),
});
export type MailboxQuery = z.infer<typeof mailboxQuerySchema>;

/** On the first page only (`kinds`): every kind the outbox holds, for the filter. */
export const mailsPageSchema = z.object({
  mails: z.array(mailboxEntrySchema),
  next: z.string().nullable(),
  kinds: z.array(z.string()).nullable(),
});
export type MailsPage = z.infer<typeof mailsPageSchema>;

export const textsPageSchema = z.object({
  texts: z.array(smsEntrySchema),
  next: z.string().nullable(),
  kinds: z.array(z.string()).nullable(),
});
export type TextsPage = z.infer<typeof textsPageSchema>;
