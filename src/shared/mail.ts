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
