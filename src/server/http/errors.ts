import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode, errorCodeForStatus } from '#shared/error-codes.ts';

/** What every refusal answers; the OpenAPI document calls it ErrorResponse. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES).describe('Machine-readable: clients tell failures apart by it, never by the message.'),
    message: z.string().describe('A sentence to show the user.'),
    fields: z.record(z.string(), z.string()).optional().describe('For bad input: what is wrong with each field, by its name.'),
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

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
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
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
    }
    return reply.status(status).send(errorBody(errorCodeForStatus(status), error.message));
  });
}
