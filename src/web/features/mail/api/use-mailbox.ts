import { useQuery } from '@tanstack/react-query';
import type { MailboxEntry, SmsEntry } from '#shared/mail.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Dashboard → Mailbox (admin): every mail the shop wrote, newest first (R-MAILBOX). */
export function useMailbox() {
  return useQuery({
    queryKey: queryKeys.mailbox,
    queryFn: ({ signal }) => apiRequest<MailboxEntry[]>('/api/mailbox', { signal }),
  });
}

/** The Mailbox's text messages (admin, issue 29): every SMS the shop wrote, newest first. */
export function useSmsOutbox() {
  return useQuery({
    queryKey: queryKeys.smsOutbox,
    queryFn: ({ signal }) => apiRequest<SmsEntry[]>('/api/mailbox/sms', { signal }),
  });
}
