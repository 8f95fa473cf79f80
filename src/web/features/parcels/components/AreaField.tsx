import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, forwardRef, type InputHTMLAttributes, useDeferredValue, useId, useState } from 'react';
import type { CoverageSuggestion } from '#shared/area.ts';
import { placeName } from '#shared/place-name.ts';
import { FormField } from '#web/components/FormField.tsx';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useAreaSuggestions } from '../api/use-area-suggestions.ts';

type AreaFieldProps = { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>;

/**
 * A place's name with the coverage's suggestions (R-COVERAGE) in a native list: typing fetches the
 * areas and the neighbourhoods, post offices and unions within them that answer it, typo and Bangla
 * included; choosing one fills in the area that prices it. Without JavaScript it is a text field, and the server
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
  /** A place below the area says which area prices it (decision 158): "Tongi (post office 1710) — Gazipur Sadar, Gazipur". */
  const described = ({ place, ...area }: CoverageSuggestion) => {
    if (!place) return undefined;
    const name = language === 'bn' ? place.nameBn : place.name;
    const where = placeName(area, language);
    // A postcode in the page's own digits (১৭১০ in Bangla).
    const postcode =
      place.postcode === undefined
        ? ''
        : place.postcode.toLocaleString(language === 'bn' ? 'bn-BD' : 'en', { useGrouping: false });
    if (place.kind === 'post-office') return t`${name} (post office ${postcode}) — ${where}`;
    if (place.kind === 'union') return t`${name} (union) — ${where}`;
    return postcode ? t`${name} (${postcode}) — ${where}` : t`${name} — ${where}`;
  };
  return (
    <>
      <FormField
        ref={ref}
        label={label}
        error={error}
        list={listId}
        autoComplete="off"
        placeholder={t`Area or neighbourhood, like Savar`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setTyped(event.target.value);
          onChange?.(event);
        }}
        {...input}
      />
      <datalist id={listId}>
        {(suggestions.data ?? []).map((suggestion) => (
          <option
            key={`${suggestion.id}/${suggestion.place?.kind}/${suggestion.place?.name}`}
            value={placeName(suggestion, language)}
            label={described(suggestion)}
          />
        ))}
      </datalist>
    </>
  );
});
