import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStatementTimeout } from '#server/db/statement-timeout.ts';
import { isDatabaseUnavailable } from '#server/db/unavailable.ts';
import { ERROR_CODES, type ErrorCode, errorCodeForStatus } from '#shared/error-codes.ts';
import { MESSAGES } from '#shared/messages.ts';

/** What is wrong with one item of a batch refused whole (issue 41). */
const itemProblemSchema = z.object({
  index: z.number().int().describe('The item’s place in the batch, from 0.'),
  field: z
    .string()
    .nullable()
    .describe('The field as the website’s forms name it (`recipient.area`, `weight`); null for the whole item.'),
  message: z.string().describe('What is wrong, in the request’s language.'),
});
export type ItemProblem = z.infer<typeof itemProblemSchema>;

/** What every refusal answers; the OpenAPI document calls it ErrorResponse. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES).describe('Machine-readable: clients tell failures apart by it, never by the message.'),
    message: z.string().describe('A sentence to show the user.'),
    fields: z.record(z.string(), z.string()).optional().describe('For bad input: what is wrong with each field, by its name.'),
    problems: z
      .array(itemProblemSchema)
      .optional()
      .describe('For a batch refused whole (`batch_refused`): every problem of every item, in the batch’s order.'),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An error a client caused and can read: it becomes `{ error: { code, message, fields? } }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
    /** A batch refused whole: what is wrong with each of its items. */
    readonly problems?: ItemProblem[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The shop is busy with work it does one at a time (decision 100): the same request may come again after `seconds`. */
export const busy = (message: string, seconds: number) =>
  new HttpError(503, 'service_unavailable', message, undefined, { 'retry-after': String(seconds) });

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  problems?: ItemProblem[],
): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(problems ? { problems } : {}) } };
}

/** Seconds a client should wait before asking again while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

/** The answer to a request that needed the database while it could not be reached (R-OUTAGE). */
export const serviceUnavailable = {
  status: 503,
  headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  body: errorBody('service_unavailable', MESSAGES.shopUnavailable),
} as const;

/** The answer to a request whose statement ran past its statement timeout (decision 124): ask again shortly. */
export const tookTooLong = {
  status: 503,
  headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  body: errorBody('service_unavailable', MESSAGES.tookTooLong),
} as const;

/**
 * The answer to a failure nobody planned for: a 503 when the database is out of reach or a statement
 * timeout cancelled the request's query, else a 500.
 */
export function unexpectedFailure(error: unknown): { status: number; headers: Record<string, string>; body: ErrorBody } {
  if (isDatabaseUnavailable(error)) return serviceUnavailable;
  if (isStatementTimeout(error)) return tookTooLong;
  return { status: 500, headers: {}, body: errorBody('internal', 'Something went wrong on our side. Please try again.') };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.code, error.message, error.fields, error.problems));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (field && !(field in fields)) fields[field] = issue.message ?? 'is invalid';
      }
      const first = error.validation[0];
      const message = first?.message ?? 'The request is invalid.';
      return reply.status(400).send(errorBody('bad_request', message, Object.keys(fields).length ? fields : undefined));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      const failure = unexpectedFailure(error);
      if (failure.status === 500) request.log.error({ err: error }, 'request failed');
      else request.log.warn({ err: error }, 'the database cannot be reached or took too long: answered 503');
      return reply.status(failure.status).headers(failure.headers).send(failure.body);
    }
    return reply.status(status).send(errorBody(errorCodeForStatus(status), error.message));
  });
}
