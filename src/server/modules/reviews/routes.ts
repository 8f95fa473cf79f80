import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '#server/auth/plugin.ts';
import { ANSWERED_FROM_MEMORY, sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '#server/http/rate-limits.ts';
import {
  postedReviewSchema,
  REVIEW_TOTAL_HEADER,
  reviewInputSchema,
  reviewPageQuerySchema,
  reviewSchema,
} from '#shared/review.ts';
import { addReview, testimonialsAnswer } from './service.ts';

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
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
      },
    },
    async (request, reply) =>
      sendPublicAnswer(request, reply, await testimonialsAnswer(db, app.publicReads, request.query), 'list'),
  );

  app.post(
    '/api/review',
    {
      onRequest: app.requireUser,
      config: floodLimit({
        max: config.rateLimits.reviewsPerCustomer,
        windowMs: RATE_LIMIT_WINDOWS.review,
        what: 'reviews',
        key: (request) => viewerOf(request).userId,
      }),
      schema: {
        operationId: 'addReview',
        tags: ['reviews'],
        summary: 'Add a review as the signed-in customer; name and email come from the session',
        body: reviewInputSchema,
        response: { 201: postedReviewSchema },
      },
    },
    async (request, reply) => {
      const review = await addReview(db, viewerOf(request), request.body);
      app.publicReads.testimonialsChanged();
      return reply.status(201).send(review);
    },
  );
};
