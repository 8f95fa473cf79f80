import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

interface FieldProps {
  label: string;
  error?: string;
  /** A note under the control (a character count, say), read out with it. */
  hint?: ReactNode;
}

/**
 * The label above, the hint and error below, tied to the control for screen readers. The error is the
 * shared schema's English (or the server's), written in the page's language here (R-LANGUAGES).
 */
function Field({ label, error, hint, id, children }: FieldProps & { id: string; children: ReactNode }) {
  const inPageLanguage = useInPageLanguage();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-right text-xs text-base-content/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {inPageLanguage(error)}
        </p>
      ) : null}
    </div>
  );
}

function useControlProps(id: string | undefined, { error, hint }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const describedBy = [hint ? `${controlId}-hint` : '', error ? `${controlId}-error` : ''].filter(Boolean).join(' ');
  return { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A labelled input whose error message is tied to it for screen readers. */
export const FormField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function FormField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const control = useControlProps(id, { label, error, hint });
  return (
    <Field label={label} error={error} hint={hint} id={control.id}>
      <input ref={ref} {...control} className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`} {...input} />
    </Field>
  );
});

/** The same for a text area. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, id, className, ...textarea }, ref) {
    const control = useControlProps(id, { label, error, hint });
    return (
      <Field label={label} error={error} hint={hint} id={control.id}>
        <textarea
          ref={ref}
          {...control}
          className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
          {...textarea}
        />
      </Field>
    );
  },
);

/** The same for a select. */
export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, hint, id, className, children, ...select }, ref) {
    const control = useControlProps(id, { label, error, hint });
    return (
      <Field label={label} error={error} hint={hint} id={control.id}>
        <select ref={ref} {...control} className={`select w-full ${error ? 'select-error' : ''} ${className ?? ''}`} {...select}>
          {children}
        </select>
      </Field>
    );
  },
);
