import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
/** The provider's error in red, then the submit button: the end of the login and sign-up forms. */
export function CredentialsFormFooter({
  providerError,
  submitting,
  label,
  tone = 'primary',
}: {
  providerError?: string;
  submitting: boolean;
  label: string;
  /** `error` for a step that cannot be undone. */
  tone?: 'primary' | 'error';
}) {
  const inPageLanguage = useInPageLanguage();
  return (
    <>
      {inPageLanguage(providerError) ? (
        <p role="alert" className="text-sm text-error">
          {inPageLanguage(providerError)}
        </p>
      ) : null}
      <button type="submit" className={`btn w-full ${tone === 'error' ? 'btn-error' : 'btn-primary'}`} disabled={submitting}>
        {submitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {label}
      </button>
    </>
  );
}
