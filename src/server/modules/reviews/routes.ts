import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import { ANSWERED_FROM_MEMORY, sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { acceptPictureForms, uploadedPicture } from '#server/http/multipart-form.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '#server/http/rate-limits.ts';
import {
  newReviewSchema,
  postedReviewSchema,
  REVIEW_PHOTO_FILE_FIELD,
  reviewPageQuerySchema,
  reviewSchema,
} from '#shared/review.ts';
import { REVIEW_TOTAL_HEADER } from '#shared/review-page.ts';
import type { PictureStore } from '../products/picture-store.ts';
import { addReview, testimonialsAnswer } from './service.ts';

export interface ReviewRouteOptions {
  db: Database;
  config: Config;
  pictures: PictureStore;
}

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRouteOptions> = async (app, { db, config, pictures }) => {
  app.get(
    '/api/review',
    {
      ...ANSWERED_FROM_MEMORY,
      schema: {
        operationId: 'listReviews',
        tags: ['reviews'],
        summary: 'A page of the testimonials, newest first; the header X-Total-Count says how many there are in all',
        querystring: reviewPageQuerySchema,
        response: {
          200: z.array(reviewSchema).describe(`One page of reviews; the ${REVIEW_TOTAL_HEADER} header holds the total.`),
        },
        successHeaders: ['X-Total-Count'],
      },
    },
    async (request, reply) =>
      sendPublicAnswer(request, reply, await testimonialsAnswer(db, app.publicReads, request.query), 'list'),
  );

  // Only Add a Review takes multipart/form-data here, so only its scope parses it.
  await app.register(async (uploads) => {
    await acceptPictureForms(uploads, REVIEW_PHOTO_FILE_FIELD);

    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/review',
      {
        onRequest: app.requireUser,
        config: floodLimit({
          max: config.rateLimits.reviewsPerCustomer,
          windowMs: RATE_LIMIT_WINDOWS.review,
          what: /*i18n*/ 'reviews',
          key: (request) => viewerOf(request).userId,
        }),
        schema: {
          operationId: 'addReview',
          tags: ['reviews'],
          summary: `Add a review as the signed-in customer (name and email come from the session): JSON, or multipart/form-data with a photo in ${REVIEW_PHOTO_FILE_FIELD}`,
          consumes: ['application/json', 'multipart/form-data'],
          body: newReviewSchema(uploadedPicture(REVIEW_PHOTO_FILE_FIELD)),
          errors: [413],
          response: { 201: postedReviewSchema },
        },
      },
      async (request, reply) => {
        const { [REVIEW_PHOTO_FILE_FIELD]: file, reviewPhoto: address, ...fields } = request.body;
        // R-UPLOAD: the same checks and the same store as product pictures.
        const reviewPhoto = file ? await pictures.save(file, REVIEW_PHOTO_FILE_FIELD) : (address ?? '');
        try {
          const review = await addReview(db, viewerOf(request), { ...fields, reviewPhoto });
          app.publicReads.testimonialsChanged();
          return reply.status(201).send(review);
        } catch (error) {
          if (file) await pictures.discard(reviewPhoto);
          throw error;
        }
      },
    );
  });
};
