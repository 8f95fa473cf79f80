import { Trans, useLingui } from '@lingui/react/macro';
import { forwardRef, type InputHTMLAttributes, useId, useState } from 'react';
import { FormField } from '#web/components/FormField.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { error?: string; label?: string };

/**
 * The new-password field of sign-up, the reset page and Settings: the browser may offer a strong password
 * here, and Show lets the customer read what they typed. The toggle appears once the app runs: without
 * JavaScript it could do nothing.
 */
export const NewPasswordField = forwardRef<HTMLInputElement, FieldProps>(function NewPasswordField(
  { label: given, id, ...props },
  ref,
) {
  const { t } = useLingui();
  const label = given ?? t`New password`;
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col">
      <FormField ref={ref} id={fieldId} label={label} autoComplete="new-password" {...props} type={shown ? 'text' : 'password'} />
      {hydrated ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs self-end"
          aria-label={t`Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          aria-controls={fieldId}
          onClick={() => setShown(!shown)}
        >
          <Trans>Show</Trans>
        </button>
      ) : null}
    </div>
  );
});

/** The new password typed again, checked by the shared form schemas (`confirmPassword`). */
export const ConfirmPasswordField = forwardRef<HTMLInputElement, FieldProps>(function ConfirmPasswordField(props, ref) {
  const { t } = useLingui();
  return <FormField ref={ref} label={t`Confirm password`} type="password" autoComplete="new-password" {...props} />;
});
