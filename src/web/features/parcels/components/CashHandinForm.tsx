import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { CASH_HANDIN_MESSAGES } from '#shared/cash-handins.ts';
import { cashInTaka, poisha } from '#shared/parcel-forms.ts';
import { FormField } from '#web/components/FormField.tsx';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useTakeCash } from '../api/use-scans.ts';

/**
 * A rider's cash handed in (R-CASH-HANDINS, decision 174): the operator types what they counted into a field
 * that starts empty, so the amount sent is a count and not the expected amount passed on; the server keeps the
 * difference and Operations flags it.
 */
export function CashHandinForm({ rider }: { rider: { name: string; email: string } }) {
  const { t } = useLingui();
  const takeCash = useTakeCash();
  const [error, setError] = useState<string>();
  const handIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('counted') ?? '').trim();
    const counted = typed ? cashInTaka.safeParse(typed) : undefined;
    if (!counted?.success) {
      setError(counted?.error.issues[0]?.message ?? CASH_HANDIN_MESSAGES.counted);
      return;
    }
    setError(undefined);
    takeCash.mutate(
      { rider: rider.email, counted: poisha(counted.data) },
      {
        onSuccess: (handin) =>
          handin.difference === 0
            ? toast.success(/*i18n*/ 'Cash taken in.')
            : toast.warning(/*i18n*/ 'Cash taken in, with a difference: Operations shows it.'),
        onError: (failure) => toastApiError(failure, /*i18n*/ 'The cash could not be marked taken in. Please try again.'),
      },
    );
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={handIn} aria-label={t`Cash handed in by ${rider.name}`} noValidate>
      <div className="w-36">
        <FormField
          label={t`Cash counted (৳)`}
          name="counted"
          inputMode="decimal"
          autoComplete="off"
          className="input-sm"
          error={error}
        />
      </div>
      <button type="submit" className="btn btn-sm btn-outline" disabled={takeCash.isPending}>
        {t`Cash handed in`}
      </button>
    </form>
  );
}
