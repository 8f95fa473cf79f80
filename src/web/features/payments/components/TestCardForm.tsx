import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { type TestCard, type TestCardFormInput, testCardFormSchema } from '#shared/payment.ts';
import { REFUSING_TEST_CARDS, TEST_CARD_NUMBER } from '#shared/test-cards.ts';
import { FormField } from '#web/components/FormField.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { confirmTestPayment } from '../api/confirm-test-payment.ts';
import { cardNumberAsTyped, expiryAsTyped } from '../card-typing.ts';
import { type CardFormProps, PAYMENT_FAILED } from './card-form.ts';
import { PayNowButton } from './PayNowButton.tsx';

/** Where the server's field messages belong on this form (it speaks of card.expMonth, the form of Expiry). */
const CARD_FIELDS: Record<string, keyof TestCardFormInput> = {
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
};

/** The built-in test processor's card entry: nothing leaves the shop, no real card is charged. */
export function TestCardForm({ clientSecret, billingDetails, paid, onPaid, onCardError }: CardFormProps) {
  const { t } = useLingui();
  const form = useForm<TestCardFormInput, unknown, TestCard>({
    resolver: zodResolver(testCardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Shown as it is printed on the card while it is typed; the rules read the digits either way.
  const typedNumber = form.register('number', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setValue('number', cardNumberAsTyped(event.target.value)),
  });
  const typedExpiry = form.register('expiry', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const deleting = (event.nativeEvent as InputEvent).inputType?.startsWith('delete') ?? false;
      form.setValue('expiry', expiryAsTyped(event.target.value, deleting));
    },
  });

  const submit = form.handleSubmit(async (card) => {
    if (!clientSecret) return;
    onCardError(undefined);
    let transactionId: string;
    try {
      transactionId = (await confirmTestPayment(clientSecret, card, billingDetails)).id;
    } catch (error) {
      if (!showFieldErrors(form, error, CARD_FIELDS)) onCardError(errorMessage(error, PAYMENT_FAILED));
      return;
    }
    await onPaid(transactionId);
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="rounded-box border border-info/40 bg-info/10 p-4 text-sm">
        <p className="font-semibold">
          <Trans>Test mode — no real card is charged</Trans>
        </p>
        <p className="mt-1">
          <Trans>
            Pay with the test card <span className="font-mono font-semibold whitespace-nowrap">{TEST_CARD_NUMBER}</span>, any
            future expiry and any three-digit CVC.
          </Trans>
        </p>
        <details className="mt-2">
          <summary className="cursor-pointer">
            <Trans>Cards that are refused</Trans>
          </summary>
          <ul className="mt-1 space-y-1">
            {REFUSING_TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono whitespace-nowrap">{card.number}</span>: {card.message}
              </li>
            ))}
          </ul>
        </details>
      </div>
      <fieldset className="flex flex-col gap-3" disabled={paid || isSubmitting}>
        <FormField
          label={t`Card number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          error={errors.number?.message}
          {...typedNumber}
        />
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label={t`Expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t`MM/YY`}
            error={errors.expiry?.message}
            {...typedExpiry}
          />
          <FormField
            label={t`CVC`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            error={errors.cvc?.message}
            {...form.register('cvc')}
          />
        </div>
      </fieldset>
      <PayNowButton disabled={!clientSecret || paid} busy={isSubmitting} />
    </form>
  );
}
