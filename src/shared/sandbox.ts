import { z } from 'zod';
import { CONSIGNMENT_STATUSES, FAILURE_REASONS, PARCEL_STATUS_WORDS } from './consignment-status.ts';
import { englishText } from './translate.ts';

/**
 * `POST /api/v1/test/consignments/{code}/advance` (R-SANDBOX): a test parcel moved as the network would
 * move a real one, to its next status on the way, or to the status named when the table allows it from
 * where it is. A failed delivery says why (`unreachable` when not said).
 */
export const sandboxAdvanceSchema = z
  .object({
    to: z
      .enum(CONSIGNMENT_STATUSES, { error: /*i18n*/ 'Choose a status a parcel can have.' })
      .optional()
      .describe('The status to move to; its next status on the way when not given.'),
    reason: z
      .enum(FAILURE_REASONS, { error: /*i18n*/ 'Choose why the delivery failed.' })
      .optional()
      .describe('Why a delivery failed, when `to` is `delivery_failed`.'),
  })
  .describe('What to move to; a POST with no body moves the parcel to its next status on the way.');
export type SandboxAdvance = z.output<typeof sandboxAdvanceSchema>;

export const SANDBOX_MESSAGES = {
  atTheEnd: (status: (typeof CONSIGNMENT_STATUSES)[number]) =>
    englishText(/*i18n*/ 'This test parcel is {status}: it has nowhere further to go.', { status: PARCEL_STATUS_WORDS[status] }),
} as const;
