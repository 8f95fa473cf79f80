import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function Spinner({ label = <Trans>Loading</Trans> }: { label?: ReactNode }) {
  return (
    <div className="flex justify-center py-12" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}…</span>
    </div>
  );
}
