import { Plural, useLingui } from '@lingui/react/macro';
import type { ScanResult } from '#shared/tracking.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { PARCEL_STATUS_NAMES } from './status-names.ts';

/**
 * What a scan or a bulk action did (R-SCANS, R-OPERATIONS-LISTS): how many moved and were refused, then
 * each code with its new status or why it did not move.
 */
export function ScanResults({ results }: { results: ScanResult[] }) {
  const { t, i18n } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const moved = results.filter((result) => result.moved).length;
  const refused = results.length - moved;
  return (
    <>
      <div role="status" aria-live="polite">
        {results.length > 0 ? (
          <p className="font-medium">
            <Plural value={moved} one="# parcel moved" other="# parcels moved" />
            {refused > 0 ? (
              <>
                {' · '}
                <Plural value={refused} one="# refused" other="# refused" />
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {results.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-base-200 rounded-box border border-base-300 bg-base-100"
          aria-label={t`Scan results`}
        >
          {results.map((result) => (
            <li key={result.code} className="flex flex-wrap items-center gap-3 p-3" data-testid="scan-result">
              <span className="font-mono">{result.code}</span>
              {result.moved && result.status ? (
                <span className="badge badge-success badge-soft">{i18n._(PARCEL_STATUS_NAMES[result.status])}</span>
              ) : (
                <span className="text-error">{inPageLanguage(result.problem)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
