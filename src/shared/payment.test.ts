import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, expiryProblem, passesLuhn, testCardFormSchema } from './payment.ts';

describe('card number checksum', () => {
  it.each(['4242424242424242', '4000000000000002', '5555555555554444', '378282246310005', '6011111111111117'])(
    'accepts %s',
    (number) => expect(passesLuhn(number)).toBe(true),
  );
  it.each(['4242424242424241', '1234567812345678', '42424242', '', '4242 4242 4242 4242', '0000000000000000000000'])(
    'refuses "%s"',
    (number) => expect(passesLuhn(number)).toBe(false),
  );
});

describe('card expiry', () => {
  const march2027 = new Date(2027, 2, 15);
  it('is good through the last day of its month', () => {
    expect(expiryProblem(3, 2027, march2027)).toBeUndefined();
    expect(expiryProblem(3, 27, march2027)).toBeUndefined();
    expect(expiryProblem(1, 2028, march2027)).toBeUndefined();
  });
  it('is in the past from the month before', () => {
    expect(expiryProblem(2, 2027, march2027)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryProblem(12, 26, march2027)).toBe(CARD_MESSAGES.expiryPast);
  });
  it('is not believable more than 50 years ahead', () => {
    expect(expiryProblem(1, 2078, march2027)).toBe(CARD_MESSAGES.expiryTooFar);
  });
});

describe('the payment page’s card form', () => {
  const nextYear = (new Date().getFullYear() + 1) % 100;

  it('turns what people type into the card the processor takes', () => {
    const parsed = testCardFormSchema.parse({ number: '4242 4242 4242 4242', expiry: `04 / ${nextYear}`, cvc: '123' });
    expect(parsed).toEqual({ number: '4242424242424242', expMonth: 4, expYear: 2000 + nextYear, cvc: '123' });
  });

  it.each([
    [{ number: '', expiry: `12/${nextYear}`, cvc: '123' }, 'number', CARD_MESSAGES.numberIncomplete],
    [{ number: '4242 4242 4242 4241', expiry: `12/${nextYear}`, cvc: '123' }, 'number', CARD_MESSAGES.numberInvalid],
    [{ number: '4242424242424242', expiry: '13/30', cvc: '123' }, 'expiry', CARD_MESSAGES.expiryIncomplete],
    [{ number: '4242424242424242', expiry: '1230', cvc: '123' }, 'expiry', CARD_MESSAGES.expiryIncomplete],
    [{ number: '4242424242424242', expiry: '01/20', cvc: '123' }, 'expiry', CARD_MESSAGES.expiryPast],
    [{ number: '4242424242424242', expiry: `12/${nextYear}`, cvc: '12' }, 'cvc', CARD_MESSAGES.cvcInvalid],
    [{ number: '4242424242424242', expiry: `12/${nextYear}`, cvc: '12345' }, 'cvc', CARD_MESSAGES.cvcInvalid],
  ])('%o → %s: "%s"', (input, field, message) => {
    const result = testCardFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});
