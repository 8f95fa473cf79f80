import { Trans } from '@lingui/react/macro';
export function PayNowButton({ disabled, busy }: { disabled: boolean; busy: boolean }) {
  return (
    <button type="submit" className="btn btn-primary w-full sm:w-auto sm:self-start sm:px-10" disabled={disabled || busy}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      <Trans>Pay now</Trans>
    </button>
  );
}
