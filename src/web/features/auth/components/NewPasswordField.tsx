import { forwardRef, type InputHTMLAttributes } from 'react';
import { FormField } from '#web/components/FormField.tsx';

/** The new-password field of the reset page and of Settings: the browser may offer a strong password here. */
export const NewPasswordField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string }>(
  function NewPasswordField(props, ref) {
    return <FormField ref={ref} label="New password" type="password" autoComplete="new-password" {...props} />;
  },
);
