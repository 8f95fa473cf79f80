import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { type ScanResult, scanRequestSchema } from '#shared/tracking.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useRiders, useScans } from '../api/use-scans.ts';

/**
 * What an operator may do at once to the parcels chosen on a list (R-OPERATIONS-LISTS, decision 173): give
 * them to a rider, put them on hold, or send them back to their senders. Each is a scan of the chosen codes
 * (POST /api/ops/scans), so every parcel takes the move table's checks and answers for itself.
 */
const BULK_MOVES = {
  rider: 'out_for_delivery',
  hold: 'on_hold',
  back: 'returning',
} as const;
type BulkMove = keyof typeof BULK_MOVES;

export function BulkActions({ codes, onDone }: { codes: string[]; onDone: (results: ScanResult[]) => void }) {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const [move, setMove] = useState<BulkMove>('rider');
  const riders = useRiders(move === 'rider');
  const scans = useScans();
  const [problem, setProblem] = useState<string>();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = scanRequestSchema.safeParse({
      codes,
      status: BULK_MOVES[move],
      rider: move === 'rider' ? form.get('rider') || undefined : undefined,
    });
    setProblem(parsed.error?.issues[0]?.message);
    if (parsed.success) scans.mutate(parsed.data, { onSuccess: (answer) => onDone(answer.results) });
  };
  return (
    <div className="flex flex-col gap-3">
      <form
        className="flex flex-wrap items-end gap-2 rounded-box border border-base-300 bg-base-100 p-3"
        aria-label={t`Act on the chosen parcels`}
        onSubmit={apply}
      >
        <p className="w-full text-sm font-medium" data-testid="chosen-parcels">
          <Plural value={codes.length} one="# parcel chosen" other="# parcels chosen" />
        </p>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>What to do</Trans>
          <select
            name="move"
            className="select select-sm"
            value={move}
            onChange={(event) => setMove(event.target.value as BulkMove)}
          >
            <option value="rider">{t`Give to a rider`}</option>
            <option value="hold">{t`Put on hold`}</option>
            <option value="back">{t`Send back to the sender`}</option>
          </select>
        </label>
        {move === 'rider' ? (
          <label className="flex flex-col gap-1 text-sm">
            <Trans>Rider</Trans>
            <select name="rider" className="select select-sm" defaultValue="">
              <option value="">{riders.isPending ? t`Loading the riders` : t`Choose a rider`}</option>
              {riders.data?.map((rider) => (
                <option key={rider.email} value={rider.email}>
                  {rider.name} ({rider.email})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={codes.length === 0 || scans.isPending}>
          <Trans>Apply to the chosen parcels</Trans>
        </button>
      </form>
      {problem ? (
        <p role="alert" className="alert alert-warning alert-soft">
          {inPageLanguage(problem)}
        </p>
      ) : null}
      {scans.isError ? (
        <p role="alert" className="alert alert-error alert-soft">
          {inPageLanguage(errorMessage(scans.error, t`The parcels could not be moved. Please try again.`))}
        </p>
      ) : null}
    </div>
  );
}
