import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the server's field messages (a 400's `fields`) under the form's own fields: those the form has
 * by the same name, and those `renamed` maps to one of its own. Answers whether any message found a
 * field; when none did, the caller shows the error as a whole.
 */
export function showFieldErrors<T extends FieldValues>(
  form: { getValues(): T; setError: UseFormSetError<T> },
  error: unknown,
  renamed: Readonly<Partial<Record<string, Path<T>>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const formFields = Object.keys(form.getValues());
  let shown = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const formField = renamed[field] ?? (formFields.includes(field) ? (field as Path<T>) : undefined);
    if (!formField) continue;
    form.setError(formField, { message });
    shown = true;
  }
  return shown;
}
