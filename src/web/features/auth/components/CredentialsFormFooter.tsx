/** The provider's error in red, then the submit button: the end of the login and sign-up forms. */
export function CredentialsFormFooter({
  providerError,
  submitting,
  label,
}: {
  providerError?: string;
  submitting: boolean;
  label: string;
}) {
  return (
    <>
      {providerError ? (
        <p role="alert" className="text-sm text-error">
          {providerError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
        {submitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {label}
      </button>
    </>
  );
}
