import { Plural, useLingui } from '@lingui/react/macro';
import type { ScanResult } from '#shared/tracking.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { PARCEL_STATUS_NAMES } from './status-names.ts';

/** One code's answer: a scan's or a bulk action's (`moved`), or a bag's scan in or out (`done`). */
type CodeAnswer = Pick<ScanResult, 'code' | 'status' | 'problem'> & ({ moved: boolean } | { done: boolean });

const succeeded = (result: CodeAnswer) => ('moved' in result ? result.moved : result.done);

/**
 * What a scan, a bulk action or a bag's scan did (R-SCANS, R-OPERATIONS-LISTS, R-BAGS): how many went
 * through and were refused, then each code with its new status or why not. A bag's scan of hundreds of
 * parcels (`refusedOnly`) lists only the refused codes: the rest are the bag's list.
 */
export function ScanResults({ results, refusedOnly = false }: { results: CodeAnswer[]; refusedOnly?: boolean }) {
  const { t, i18n } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const done = results.filter(succeeded).length;
  const refused = results.length - done;
  const listed = refusedOnly ? results.filter((result) => !succeeded(result)) : results;
  return (
    <>
      <div role="status" aria-live="polite">
        {results.length > 0 ? (
          <p className="font-medium">
            {refusedOnly ? (
              <Plural value={done} one="# parcel done" other="# parcels done" />
            ) : (
              <Plural value={done} one="# parcel moved" other="# parcels moved" />
            )}
            {refused > 0 ? (
              <>
                {' · '}
                <Plural value={refused} one="# refused" other="# refused" />
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {listed.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-base-200 rounded-box border border-base-300 bg-base-100"
          aria-label={refusedOnly ? t`Refused codes` : t`Scan results`}
        >
          {listed.map((result) => (
            <li key={result.code} className="flex flex-wrap items-center gap-3 p-3" data-testid="scan-result">
              <span className="font-mono">{result.code}</span>
              {succeeded(result) && result.status ? (
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
