import { z } from 'zod';

/**
 * What the customer is told on coming back from SSLCommerz's page (R-SSLCOMMERZ), as `?sslcommerz=` on the
 * payment page or the parcel's page: paid (validated with SSLCommerz), failed, cancelled, or SSLCommerz out of reach.
 */
export const hostedOutcomeSchema = z.enum(['paid', 'failed', 'cancelled', 'unavailable']);
export type HostedOutcome = z.infer<typeof hostedOutcomeSchema>;

/** The query parameter that carries the outcome back to the page. */
export const HOSTED_OUTCOME_PARAM = 'sslcommerz';

/**
 * The form fields SSLCommerz POSTs to the success, fail and cancel returns and to the IPN, as far as the shop
 * reads them: nothing in them is believed before SSLCommerz's validation API confirms `val_id`.
 */
export const sslcommerzReportSchema = z
  .object({
    tran_id: z.string().max(100).describe('Our payment’s id (`pi_…`), sent as tran_id when the session opened.'),
    val_id: z.string().max(100).optional().describe('SSLCommerz’s validation id: validated with its validation API.'),
    status: z.string().max(40).optional().describe('VALID, FAILED, CANCELLED or UNATTEMPTED, as SSLCommerz says.'),
    amount: z.string().max(40).optional(),
    currency: z.string().max(10).optional(),
    verify_sign: z
      .string()
      .max(100)
      .optional()
      .describe('md5 signature over the fields named in verify_key and the store password.'),
    verify_key: z.string().max(2000).optional(),
    value_b: z.string().max(10).optional().describe('The language the customer paid in (en or bn), sent with the session.'),
  })
  .loose();
