import { z } from 'zod';
import { namedPlaceSchema } from './area.ts';
import { nameSchema } from './auth.ts';
import { bdMobileSchema } from './consignment.ts';
import { LIMITS } from './limits.ts';
import { areaReference } from './quote.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';
import { profileInputSchema } from './user.ts';

/** The time windows a courier comes in, by their hours in shop time (R-PICKUPS). */
export const PICKUP_WINDOWS = ['09-12', '12-15', '15-18'] as const;
export type PickupWindow = (typeof PICKUP_WINDOWS)[number];

/** The hour a window starts: a pickup for today must be asked for before it. */
export const windowStartHour = (window: PickupWindow) => Number(window.slice(0, 2));

/** How far ahead a pickup may be asked for, in days. */
export const PICKUP_DAYS_AHEAD = 14;

export const PICKUP_MESSAGES = {
  day: /*i18n*/ 'Choose a day, like 2026-12-01',
  notWorkingDay: /*i18n*/ 'Couriers do not pick up on Fridays and public holidays: choose another day.',
  past: /*i18n*/ 'Choose today or a later day.',
  tooFar: englishText(/*i18n*/ 'Choose a day within the next {days} days.', { days: PICKUP_DAYS_AHEAD }),
  windowStarted: /*i18n*/ 'This window has already started today: choose a later one or another day.',
  noPickupHere: /*i18n*/ 'Couriers do not pick up in this area yet.',
  /** Cancelling (issue 42): only the asker's own, and only before its window begins. */
  notFound: /*i18n*/ 'You have no pickup with this id.',
  alreadyCancelled: /*i18n*/ 'This pickup is already cancelled.',
  /** Sending a rider (issue 43): to a pickup that is still to be made. */
  noSuchPickup: /*i18n*/ 'There is no pickup with this id.',
  cancelledNoRider: /*i18n*/ 'This pickup was cancelled: no rider goes.',
  windowBegun:
    /*i18n*/ 'The courier’s window has begun: this pickup can no longer be cancelled. Call us if the courier should not come.',
} as const;

/** A calendar day as forms and the API write it. */
export const calendarDaySchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(
      (day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day),
      message,
    );

/** `POST /api/pickups` (R-PICKUPS): where and when a courier collects the sender's parcels. */
export const pickupInputSchema = z.object({
  name: nameSchema,
  phone: bdMobileSchema,
  address: profileInputSchema.shape.address,
  areaId: areaReference(/*i18n*/ 'Pickup area'),
  day: calendarDaySchema(PICKUP_MESSAGES.day),
  window: z.enum(PICKUP_WINDOWS, { error: /*i18n*/ 'Choose a time window' }),
  parcels: z.coerce
    .number({ error: /*i18n*/ 'Parcels must be a whole number' })
    .int(/*i18n*/ 'Parcels must be a whole number')
    .min(1, /*i18n*/ 'Parcels must be at least 1')
    .max(LIMITS.pickupParcelsMax, englishText(/*i18n*/ 'Parcels must be at most {max}', { max: LIMITS.pickupParcelsMax }))
    .default(1),
  note: textField(/*i18n*/ 'Note')
    .trim()
    .max(
      LIMITS.parcelNoteMaxLength,
      englishText(/*i18n*/ '{field} must be at most {max} characters', { field: 'Note', max: LIMITS.parcelNoteMaxLength }),
    )
    .optional()
    .transform((note) => note || undefined),
});
export type PickupInput = z.input<typeof pickupInputSchema>;
export type PickupRequest = z.output<typeof pickupInputSchema>;

export const pickupSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  area: namedPlaceSchema,
  day: z.string(),
  window: z.enum(PICKUP_WINDOWS),
  parcels: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable().describe('When its asker cancelled it; null while a courier is to come.'),
});
export type Pickup = z.infer<typeof pickupSchema>;

export const pickupIdParamsSchema = z.object({ id: z.uuid({ error: PICKUP_MESSAGES.notFound }) });

/** A pickup as the staff see it: with the rider sent to collect it, if one is yet (R-PICKUPS-AHEAD). */
export const staffPickupSchema = pickupSchema.extend({
  rider: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type StaffPickup = z.infer<typeof staffPickupSchema>;

/** `GET /api/admin/pickups?day=`: a page of the day's pickups, area by area (R-PICKUPS), and where the next starts. */
export const dayPickupsSchema = z.object({
  day: z.string(),
  areas: z.array(z.object({ area: namedPlaceSchema, pickups: z.array(staffPickupSchema) })),
  next: z.string().nullable(),
});
export type DayPickups = z.infer<typeof dayPickupsSchema>;

/**
 * `GET /api/admin/pickups/ahead` (issue 43, R-PICKUPS-AHEAD): today and the days a pickup may be asked for,
 * each with its pickups not cancelled, their parcels, and how many have no rider yet; days with none left out.
 */
export const pickupsAheadSchema = z.array(
  z.object({ day: z.string(), pickups: z.number().int(), parcels: z.number().int(), withoutRider: z.number().int() }),
);
export type PickupsAhead = z.infer<typeof pickupsAheadSchema>;

/** `PUT /api/admin/pickups/{id}/rider`: the rider sent to collect it, by email, or null to send none yet. */
export const pickupRiderSchema = z.object({
  rider: z.email({ error: /*i18n*/ 'Choose a rider' }).nullable(),
});
