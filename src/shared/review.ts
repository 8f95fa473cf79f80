import { z } from 'zod';
import { decimalFromText } from './decimal-text.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { atLeastOneOf } from './one-of-fields.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** A testimonial as anyone may read it (GET /api/review): the reviewer's email stays private. */
export const reviewSchema = z.object({
  _id: z.uuid(),
  reviewName: z.string(),
  reviewPhoto: z.string(),
  reviewRating: z.number().int(),
  reviewDescription: z.string(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;

const pageNumber = (field: string, max: number) =>
  z.preprocess(
    decimalFromText,
    z
      .number({ error: englishText(/*i18n*/ '{field} must be a whole number from 1 to {max}', { field, max }) })
      .int(englishText(/*i18n*/ '{field} must be a whole number from 1 to {max}', { field, max }))
      .min(1, englishText(/*i18n*/ '{field} must be a whole number from 1 to {max}', { field, max }))
      .max(max, englishText(/*i18n*/ '{field} must be a whole number from 1 to {max}', { field, max })),
  );

/** GET /api/review?page=&pageSize=: one page of the testimonials, newest first (R-BOUNDS). */
export const reviewPageQuerySchema = z.object({
  page: pageNumber('page', LIMITS.reviewPageMax).default(1),
  pageSize: pageNumber('pageSize', LIMITS.reviewPageSizeMax).default(LIMITS.reviewPageSizeDefault),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;

/** The review its author just posted (POST /api/review answers with it), email included. */
export const postedReviewSchema = reviewSchema.extend({ reviewEmail: z.string() });
export type PostedReview = z.infer<typeof postedReviewSchema>;

const HTTP_URL = /^https?:\/\/\S+$/i;
/** The demo reviews' portraits ship with the app under /images/. */
const SHIPPED_IMAGE = /^\/images\/[\w-]+(\/[\w-]+)*\.(svg|png|jpe?g|webp|avif)$/;

/** Accepts the rating as a number (API clients) or as the select's digit string (the form). */
const ratingSchema = z.preprocess(
  decimalFromText,
  z
    .number({
      error: englishText(/*i18n*/ 'rating must be a whole number from {min} to {max}', {
        min: LIMITS.ratingMin,
        max: LIMITS.ratingMax,
      }),
    })
    .int(
      englishText(/*i18n*/ 'rating must be a whole number from {min} to {max}', { min: LIMITS.ratingMin, max: LIMITS.ratingMax }),
    )
    .min(
      LIMITS.ratingMin,
      englishText(/*i18n*/ 'rating must be a whole number from {min} to {max}', { min: LIMITS.ratingMin, max: LIMITS.ratingMax }),
    )
    .max(
      LIMITS.ratingMax,
      englishText(/*i18n*/ 'rating must be a whole number from {min} to {max}', { min: LIMITS.ratingMin, max: LIMITS.ratingMax }),
    ),
);

const reviewDescriptionSchema = textField('description', { error: MESSAGES.reviewFieldRequired })
  .trim()
  .min(1, MESSAGES.reviewFieldRequired)
  .max(
    LIMITS.reviewDescriptionMaxLength,
    englishText(/*i18n*/ 'description must be at most {max} characters', { max: LIMITS.reviewDescriptionMaxLength }),
  );

/**
 * A photo given by address (API clients). It is stored as given, but the shop's pages show only photos
 * the shop serves itself, initials otherwise (R-REVIEW): visitors' browsers never fetch other hosts.
 */
const reviewPhotoAddressSchema = textField('photo')
  .trim()
  .max(
    LIMITS.pictureUrlMaxLength,
    englishText(/*i18n*/ 'photo URL must be at most {max} characters', { max: LIMITS.pictureUrlMaxLength }),
  )
  .refine((value) => HTTP_URL.test(value) || SHIPPED_IMAGE.test(value), {
    message: /*i18n*/ 'photo must be an http:// or https:// address',
  });

/** A review as it is stored: the photo is an address by then (an uploaded one is ours, /uploads/…). */
export interface ReviewInput {
  reviewPhoto: string;
  reviewRating: number;
  reviewDescription: string;
}

/** The form field that carries an uploaded reviewer photo (multipart/form-data on POST /api/review). */
export const REVIEW_PHOTO_FILE_FIELD = 'reviewPhotoFile';

/**
 * What a customer sends for Add a Review, checked by the form and by POST /api/review alike: a photo
 * uploaded in `reviewPhotoFile` (whatever each side holds a file as: a browser File, a server Buffer)
 * or given by address. The reviewer's name and email are not part of it: the server takes them from
 * the session. A missing photo and an empty description both say "Last name is required", a copy error
 * kept on purpose (R-REVIEW).
 */
export function newReviewSchema<File extends z.ZodType>(photoFile: File) {
  return z
    .object({
      reviewPhoto: z.preprocess(
        (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
        reviewPhotoAddressSchema.optional(),
      ),
      [REVIEW_PHOTO_FILE_FIELD]: photoFile.optional(),
      reviewRating: ratingSchema,
      reviewDescription: reviewDescriptionSchema,
    })
    .refine((review) => review.reviewPhoto !== undefined || review[REVIEW_PHOTO_FILE_FIELD] !== undefined, {
      path: ['reviewPhoto'],
      message: MESSAGES.reviewFieldRequired,
    })
    .meta(atLeastOneOf('reviewPhoto', REVIEW_PHOTO_FILE_FIELD));
}
