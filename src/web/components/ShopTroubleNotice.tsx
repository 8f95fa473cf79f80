import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { MESSAGES } from '#shared/messages.ts';
import { shopTrouble } from '#web/lib/api-client.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

/** How often the notice asks whether the shop is back. */
const CHECK_EVERY_MS = 5_000;

/**
 * R-OUTAGE: while the shop answers that it cannot serve (503), says so above every page instead of a
 * blank one, asks now and then whether it is back, and then reloads what the page was waiting for.
 */
export function ShopTroubleNotice() {
  const inPageLanguage = useInPageLanguage();
  const queryClient = useQueryClient();
  const troubled = useSyncExternalStore(shopTrouble.subscribe, shopTrouble.now, () => false);

  useEffect(() => {
    if (!troubled) return;
    const timer = setInterval(async () => {
      const health = await fetch('/api/health', { cache: 'no-store' }).catch(() => undefined);
      if (!health?.ok) return;
      shopTrouble.set(false);
      await queryClient.refetchQueries({ type: 'active' });
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [troubled, queryClient]);

  if (!troubled) return null;
  return (
    <div role="status" className="alert alert-warning rounded-none justify-center text-center">
      <span>{inPageLanguage(MESSAGES.shopUnavailable)}</span>
    </div>
  );
}
