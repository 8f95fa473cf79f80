import { z } from 'zod';
import { bdMobileSchema } from './bd-mobile.ts';
import { profileInputSchema } from './user.ts';

/**
 * R-CONFIRM-BEFORE-PICKUP (issue 44, decision 169): a cash-on-delivery parcel's recipient confirms it before
 * it is picked up, asks for a change of its address or phone, or says they did not order it.
 */
export const CONFIRMATION_STATES = ['asked', 'confirmed', 'change_asked', 'not_ordered'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** What a recipient answers on the page of their link. */
export const CONFIRMATION_ANSWERS = ['confirm', 'change', 'not_ordered'] as const;

/** The link's address: short, for a text message; the token is all it holds. */
export const confirmationPath = (token: string) => `/c/${token}`;

/** 32 bytes of base64url: 256 random bits, well over the 128 the decision asks for. */
export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const noneIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const CONFIRMATION_MESSAGES = {
  notFound: /*i18n*/ 'This link is not one of ours, or its parcel was cancelled.',
  pickedUp: /*i18n*/ 'This parcel is on its way: nothing about it can be changed here any more.',
  addressOrPhoneNeeded: /*i18n*/ 'Give the new address or the new phone number.',
  noChangeWaiting: /*i18n*/ 'This parcel has no change of address or phone waiting for you.',
  notOrdered: /*i18n*/ 'Its recipient says they did not order this parcel: it is held and is not picked up.',
} as const;

/** A recipient's answer, from the page's forms or the JSON API alike. */
export const confirmationAnswerSchema = z
  .object({
    answer: z.enum(CONFIRMATION_ANSWERS, { error: /*i18n*/ 'Choose an answer' }),
    // Empty is none: the page's form sends both fields, filled or not.
    address: z.preprocess(noneIfEmpty, profileInputSchema.shape.address.optional()),
    phone: z.preprocess(noneIfEmpty, bdMobileSchema.optional()),
  })
  .refine((body) => body.answer !== 'change' || body.address !== undefined || body.phone !== undefined, {
    path: ['address'],
    error: CONFIRMATION_MESSAGES.addressOrPhoneNeeded,
  });
export type ConfirmationAnswer = z.output<typeof confirmationAnswerSchema>;

/** What the recipient's page shows: no address or phone of theirs, only the sender's shop and what to pay. */
export const confirmationViewSchema = z.object({
  trackingCode: z.string(),
  shop: z.string(),
  codAmount: z.number().int().describe('The cash to pay on delivery, in poisha.'),
  estimatedDelivery: z.object({ earliest: z.string(), latest: z.string() }),
  state: z.enum(CONFIRMATION_STATES),
  /** False once the parcel is picked up (or cancelled): the page then changes nothing. */
  open: z.boolean(),
});
export type ConfirmationView = z.output<typeof confirmationViewSchema>;

/** A change the recipient asked for, as its merchant sees it on the parcel's page. */
export const pendingChangeSchema = z.object({
  state: z.enum(CONFIRMATION_STATES),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PendingChange = z.output<typeof pendingChangeSchema>;

export const changeDecisionSchema = z.object({ accept: z.boolean() });
