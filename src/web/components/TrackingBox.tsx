import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { readTrackingCode, trackingPath } from '#shared/tracking-code.ts';
import { FormField } from './FormField.tsx';

/**
 * A tracking code box for pages other than /track (R-TRACK-EVERYWHERE): a GET form to /track, which
 * the server turns into the parcel's page without JavaScript. With it, a code goes straight to its
 * page; anything else goes to /track, which says what is wrong with it.
 */
export function TrackingBox({ headingId, className = '' }: { headingId: string; className?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const action = useHref('/track');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    const code = readTrackingCode(typed);
    navigate(code ? trackingPath(code) : `/track?${new URLSearchParams({ code: typed })}`);
  };

  return (
    <section aria-labelledby={headingId} className={`card border border-base-300 bg-base-100 shadow-sm ${className}`}>
      <form method="get" action={action} onSubmit={submit} noValidate className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-primary">
          <Trans>Track a parcel</Trans>
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <FormField
              label={t`Tracking code`}
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
            />
          </div>
          <button type="submit" className="btn btn-primary">
            <Trans>Track</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
