import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { showFieldErrors } from './form-errors.ts';

interface CardForm {
  number: string;
  expiry: string;
}

function fakeForm() {
  const shown: Record<string, string | undefined> = {};
  return {
    shown,
    form: {
      getValues: () => ({ number: '', expiry: '' }) as CardForm,
      setError: (name: string, error: { message?: string }) => {
        shown[name] = error.message;
      },
    },
  };
}

const refusal = (fields?: Record<string, string>) => new ApiError(400, 'bad_request', 'The card is invalid.', fields);

describe('showFieldErrors', () => {
  it('puts a message under the field of the same name, and one the form calls otherwise under its own', () => {
    const { form, shown } = fakeForm();
    const placed = showFieldErrors(form, refusal({ number: 'Your card number is invalid.', 'card.expYear': 'Too late.' }), {
      'card.expYear': 'expiry',
    });
    expect(placed).toBe(true);
    expect(shown).toEqual({ number: 'Your card number is invalid.', expiry: 'Too late.' });
  });

  it('answers false when no message has a field here, so the caller shows the error whole', () => {
    const { form, shown } = fakeForm();
    expect(showFieldErrors(form, refusal({ billingDetails: 'Billing name is required' }))).toBe(false);
    expect(showFieldErrors(form, refusal())).toBe(false);
    expect(showFieldErrors(form, new TypeError('Failed to fetch'))).toBe(false);
    expect(shown).toEqual({});
  });
});
