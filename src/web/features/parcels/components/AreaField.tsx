import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, forwardRef, type InputHTMLAttributes, useDeferredValue, useId, useState } from 'react';
import { placeName } from '#shared/area.ts';
import { FormField } from '#web/components/FormField.tsx';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useAreaSuggestions } from '../api/use-area-suggestions.ts';

type AreaFieldProps = { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>;

/**
 * A place's name with the coverage's suggestions (R-COVERAGE) in a native list: typing fetches the
 * areas that answer it, typo and Bangla included. Without JavaScript it is a text field, and the server
 * reads the typed name ("Savar", "Savar, Dhaka") the same way.
 */
export const AreaField = forwardRef<HTMLInputElement, AreaFieldProps>(function AreaField(
  { label, error, onChange, ...input },
  ref,
) {
  const { t } = useLingui();
  const { language } = useParcelFormat();
  const listId = useId();
  // Only what is typed here is answered: a field filled from the address (a priced /ship, a booking
  // from a quote) asks for nothing until it is changed; asking at load kept the priced page busy.
  const [typed, setTyped] = useState('');
  const suggestions = useAreaSuggestions(useDeferredValue(typed));
  return (
    <>
      <FormField
        ref={ref}
        label={label}
        error={error}
        list={listId}
        autoComplete="off"
        placeholder={t`Area or upazila, like Savar`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setTyped(event.target.value);
          onChange?.(event);
        }}
        {...input}
      />
      <datalist id={listId}>
        {(suggestions.data ?? []).map((area) => (
          <option key={area.id} value={placeName(area, language)} />
        ))}
      </datalist>
    </>
  );
});
