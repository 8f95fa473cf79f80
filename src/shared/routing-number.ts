import { z } from 'zod';

/**
 * A Bangladesh Bank routing number: nine digits naming a bank's branch, which a BEFTN transfer needs
 * (R-PAYOUT-FILES). Whether the branch exists is checked on the server against Bangladesh Bank's list
 * (src/server/modules/merchants/bd-routing-numbers.json), too large for the pages to carry.
 */
export const routingNumberSchema = z
  .string({ error: /*i18n*/ 'Type the branch’s routing number: 9 digits' })
  .transform((typed) => typed.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, /*i18n*/ 'Type the branch’s routing number: 9 digits'));
