import { useQuery } from '@tanstack/react-query';
import type { MailboxEntry } from '#shared/mail.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Dashboard → Mailbox (admin): every mail the shop wrote, newest first (R-MAILBOX). */
export function useMailbox() {
  return useQuery({
    queryKey: queryKeys.mailbox,
    queryFn: ({ signal }) => apiRequest<MailboxEntry[]>('/api/mailbox', { signal }),
  });
}
