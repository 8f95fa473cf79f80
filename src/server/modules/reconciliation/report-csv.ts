import { csvRow } from '#server/http/csv.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import type { ReconciliationReport } from '#shared/reconciliation.ts';

const taka = (poisha: number) => poisha / POISHA_PER_TAKA;

/**
 * The day's reconciliation as CSV (R-RECONCILIATION): the totals, then each difference, amounts in taka
 * as numbers a spreadsheet sums (decision 98). The report holds at most its shown differences, so the
 * file is as small as the page.
 */
export function* reconciliationCsv(report: ReconciliationReport): Generator<string> {
  yield csvRow(['day', 'row', 'check', 'provider_or_subject', 'expected_taka', 'actual_taka', 'difference_taka', 'reason']);
  for (const total of report.totals)
    yield csvRow([
      report.day,
      'total',
      total.check,
      total.provider,
      taka(total.expected),
      taka(total.actual),
      taka(total.difference),
      '',
    ]);
  for (const difference of report.differences)
    yield csvRow([
      report.day,
      'difference',
      difference.check,
      difference.subject,
      taka(difference.expected),
      taka(difference.actual),
      taka(difference.difference),
      difference.reason,
    ]);
}
