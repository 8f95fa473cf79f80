import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type MerchantApplicationInput, merchantApplicationSchema, WALLETS } from '#shared/merchant.ts';
import { FormField, SelectField } from '#web/components/FormField.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useApplyAsMerchant } from '../api/use-merchant.ts';
import { WALLET_NAMES } from './wallet-names.ts';

/** The pickup area's field: the app gives the parcels' place search (features do not import each other). */
export type AreaInput = (props: { label: string; name: string; error?: string; required: boolean }) => ReactNode;

/** The form's fields as an application: one pickup address here; more come with the API. */
function applicationOf(fields: Record<string, FormDataEntryValue>): MerchantApplicationInput {
  const text = (name: string) => String(fields[name] ?? '');
  return {
    businessName: text('businessName'),
    pickupAddresses: [{ name: text('name'), phone: text('phone'), address: text('address'), areaId: text('areaId') }],
    payoutMethod:
      text('kind') === 'bank'
        ? {
            kind: 'bank',
            bankName: text('bankName'),
            branch: text('branch'),
            accountName: text('accountName'),
            accountNumber: text('accountNumber'),
            routingNumber: text('routingNumber'),
          }
        : { kind: 'wallet', wallet: text('wallet') as (typeof WALLETS)[number], number: text('number') },
  };
}

/**
 * Applying as a merchant (issue 30): the business, where parcels are picked up, and how money is paid
 * out. Each field says what is wrong with it, by the rules the server checks again.
 */
export function ApplicationForm({ areaInput, sender }: { areaInput: AreaInput; sender: { name: string; phone: string } }) {
  const { t, i18n } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const apply = useApplyAsMerchant();
  const [kind, setKind] = useState<'wallet' | 'bank'>('wallet');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const application = applicationOf(Object.fromEntries(new FormData(event.currentTarget)));
    const parsed = merchantApplicationSchema.safeParse(application);
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path.at(-1) ?? 'kind')] ??= issue.message;
    setErrors(found);
    if (parsed.success) apply.mutate(application);
  };

  return (
    <form onSubmit={submit} noValidate className="card border border-base-300 bg-base-100" aria-labelledby="apply-heading">
      <div className="card-body grid gap-4 sm:grid-cols-2">
        <h3 id="apply-heading" className="card-title sm:col-span-2">
          <Trans>Apply as a merchant</Trans>
        </h3>
        <p className="text-base-content/80 sm:col-span-2">
          <Trans>
            Merchants collect cash on delivery: we add it to your balance when a parcel is delivered, take our fees from it, and
            pay you every Tuesday.
          </Trans>
        </p>
        <div className="sm:col-span-2">
          <FormField label={t`Business name`} name="businessName" error={errors.businessName} required />
        </div>
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">
            <Trans>Pickup address</Trans>
          </legend>
          <FormField label={t`Contact name`} name="name" defaultValue={sender.name} error={errors.name} required />
          <FormField label={t`Phone`} name="phone" inputMode="tel" defaultValue={sender.phone} error={errors.phone} required />
          <FormField label={t`Address`} name="address" error={errors.address} required />
          {areaInput({ label: t`Area`, name: 'areaId', error: errors.areaId, required: true })}
        </fieldset>
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">
            <Trans>How we pay you</Trans>
          </legend>
          <div className="flex gap-6 sm:col-span-2">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="kind"
                value="wallet"
                className="radio"
                checked={kind === 'wallet'}
                onChange={() => setKind('wallet')}
              />
              <Trans>Mobile wallet</Trans>
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="kind"
                value="bank"
                className="radio"
                checked={kind === 'bank'}
                onChange={() => setKind('bank')}
              />
              <Trans>Bank account</Trans>
            </label>
          </div>
          {kind === 'wallet' ? (
            <>
              <SelectField label={t`Wallet`} name="wallet" defaultValue="bkash" error={errors.wallet}>
                {WALLETS.map((wallet) => (
                  <option key={wallet} value={wallet}>
                    {i18n._(WALLET_NAMES[wallet])}
                  </option>
                ))}
              </SelectField>
              <FormField label={t`Wallet number`} name="number" inputMode="tel" error={errors.number} required />
            </>
          ) : (
            <>
              <FormField label={t`Bank`} name="bankName" error={errors.bankName} required />
              <FormField label={t`Branch`} name="branch" error={errors.branch} required />
              <FormField label={t`Account name`} name="accountName" error={errors.accountName} required />
              <FormField
                label={t`Account number`}
                name="accountNumber"
                inputMode="numeric"
                error={errors.accountNumber}
                required
              />
              <FormField
                label={t`Routing number`}
                name="routingNumber"
                inputMode="numeric"
                error={errors.routingNumber}
                required
              />
            </>
          )}
        </fieldset>
        {apply.isError ? (
          <p role="alert" className="alert alert-error alert-soft sm:col-span-2">
            {inPageLanguage(errorMessage(apply.error, t`The application could not be sent. Please try again.`))}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary justify-self-start" disabled={apply.isPending}>
          <Trans>Apply</Trans>
        </button>
      </div>
    </form>
  );
}
