import type { Database } from '#server/db/client.ts';
import { reconcile, yesterday } from '#server/modules/reconciliation/service.ts';
import { RECONCILIATION_CHECKS, type ReconciliationCheck } from '#shared/reconciliation.ts';

/**
 * Yesterday's report is read again at most this often: a scrape every 15 seconds need not sum a day's
 * parcels each time, and a difference corrected in the morning shows within minutes.
 */
const REPORT_KEPT_MS = 5 * 60_000;

/**
 * How far the last whole day's reconciliation is from closing, per check (R-RECONCILIATION, decision
 * 181): the sum of its differences' sizes in poisha, so a poisha short here and one over there do not
 * cancel out; 0 when it closes.
 */
export function reconciliationGap(
  db: Database,
  timeZone: string,
): () => Promise<{ check: ReconciliationCheck; poisha: number }[]> {
  let kept: { day: string; at: number; gaps: Promise<{ check: ReconciliationCheck; poisha: number }[]> } | undefined;
  return () => {
    const day = yesterday(timeZone);
    if (!kept || kept.day !== day || Date.now() - kept.at > REPORT_KEPT_MS) {
      const gaps = reconcile(db, day, timeZone).then((report) =>
        RECONCILIATION_CHECKS.map((check) => ({
          check,
          poisha: report.totals
            .filter((total) => total.check === check)
            .reduce((sum, total) => sum + Math.abs(total.difference), 0),
        })),
      );
      kept = { day, at: Date.now(), gaps };
      // A read that failed is tried again at the next scrape.
      gaps.catch(() => {
        kept = undefined;
      });
    }
    return kept.gaps;
  };
}
