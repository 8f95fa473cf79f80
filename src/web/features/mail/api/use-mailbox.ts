import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailboxQuery, MailsPage, TextsPage } from '#shared/mail.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The Mailbox's filter: a recipient and a kind, kept in the page's memory (decision 127). */
export type MailboxFilter = Omit<MailboxQuery, 'cursor'>;

/** POST /api/mailbox/mails (admin, R-MAILBOX): a page of the mails the shop wrote, newest first. */
export function useMailsPage(filter: MailboxFilter, cursor: string | undefined, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.mailboxPage('mails', filter, cursor),
    queryFn: ({ signal }) => apiRequest<MailsPage>('/api/mailbox/mails', { method: 'POST', body: { ...filter, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/mailbox/texts (admin, issue 29 and 43): a page of the text messages the shop wrote, newest first. */
export function useTextsPage(filter: MailboxFilter, cursor: string | undefined, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.mailboxPage('texts', filter, cursor),
    queryFn: ({ signal }) => apiRequest<TextsPage>('/api/mailbox/texts', { method: 'POST', body: { ...filter, cursor }, signal }),
    placeholderData: keepPreviousData,
  });
}
