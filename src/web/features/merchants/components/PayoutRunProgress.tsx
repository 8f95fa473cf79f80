import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PayoutRun } from '#shared/payout-run.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';

/**
 * The latest payout run as admins follow it (issue 40): how many of the merchants owing it has settled,
 * as a progress bar a screen reader reads too, and the merchants it could not pay yet, with the reason.
 */
export function PayoutRunProgress({ run }: { run: PayoutRun }) {
  const { t } = useLingui();
  const { count, day } = useParcelFormat();
  const settled = count(run.settled);
  const merchants = count(run.merchants);
  const payouts = run.payouts;
  const runDay = day(run.day);
  const progress = t`${settled} of ${merchants} merchants`;
  const percent = run.merchants === 0 ? 100 : Math.min(100, (run.settled / run.merchants) * 100);
  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4" data-testid="payout-run">
      <p className="font-semibold">
        {run.state === 'running' ? (
          <Trans>The payouts of {runDay} are being made.</Trans>
        ) : (
          <Trans>
            The payouts of {runDay} are made: <Plural value={payouts} one="# payout" other="# payouts" />.
          </Trans>
        )}
      </p>
      <div
        role="progressbar"
        aria-label={t`Merchants settled by the payout run`}
        aria-valuemin={0}
        aria-valuemax={run.merchants}
        aria-valuenow={run.settled}
        aria-valuetext={progress}
        className="h-3 w-full overflow-hidden rounded-full bg-base-300"
      >
        <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm">{progress}</p>
      {run.failed > 0 ? (
        <div role="alert" className="flex flex-col gap-1">
          <p className="font-semibold text-error">
            <Plural
              value={run.failed}
              one="# merchant is not paid yet: the run tries again every five minutes and is not done until it is paid."
              other="# merchants are not paid yet: the run tries again every five minutes and is not done until they are paid."
            />
          </p>
          <ul className="list-disc ps-6 text-sm">
            {run.failures.map((failure) => (
              <li key={failure.merchant.id} data-testid="payout-failure">
                {failure.merchant.businessName}: {failure.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
