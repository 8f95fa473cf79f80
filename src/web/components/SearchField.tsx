import { Trans } from '@lingui/react/macro';

interface SearchFieldProps {
  id: string;
  label: string;
  /** Shown above the box; otherwise read aloud only (the page's heading already says what is searched). */
  labelShown?: boolean;
  defaultValue: string;
  maxLength: number;
  placeholder: string;
}

/** A search box (sent as `q`) with its Search button beside it, for a filter form's GET (R-CATALOGUE). */
export function SearchField({ id, label, labelShown = false, defaultValue, maxLength, placeholder }: SearchFieldProps) {
  return (
    <>
      <label htmlFor={id} className={labelShown ? undefined : 'sr-only'}>
        {label}
      </label>
      <div className="join w-full">
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={maxLength}
          placeholder={placeholder}
          className="input join-item w-full"
        />
        <button type="submit" className="btn btn-primary join-item">
          <Trans>Search</Trans>
        </button>
      </div>
    </>
  );
}
