import { describe, expect, it } from 'vitest';
import { profileInputSchema } from './user.ts';

/** The message the form and the API show for the field: the first its rules give. */
const messageFor = (input: object) =>
  profileInputSchema.safeParse({ address: 'Mirpur 10, Dhaka', ...input }).error?.issues[0]?.message;

describe('the profile’s phone number', () => {
  it('left empty says it is required, as the address does', () => {
    expect(messageFor({ phoneNumber: '' })).toBe('Phone number is required');
    expect(messageFor({ phoneNumber: '   ' })).toBe('Phone number is required');
  });

  it('too short says how long it may be', () => {
    expect(messageFor({ phoneNumber: '12' })).toBe('phone number must be 6 to 20 characters');
  });

  it('typed with Bengali digits is kept with Western ones (R-LOCALE-INPUT)', () => {
    expect(profileInputSchema.parse({ address: 'Mirpur 10, Dhaka', phoneNumber: '০১৭১১০০০০০০' }).phoneNumber).toBe('01711000000');
  });
});
