import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import { PICTURE_FILE_FIELD, PICTURE_FILE_MESSAGES } from '#shared/product.ts';

const FIELD_MAX_BYTES = 16 * 1024;

/**
 * Reads an Add Products form sent as multipart/form-data into the body a JSON request would have,
 * with the picture file as a Buffer, so one schema validates both. An empty file part (a file input
 * left empty) counts as no file.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const parts = request.parts({
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, parts: 21, fieldSize: FIELD_MAX_BYTES },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`, { [part.fieldname]: 'is too long' });
      body[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== PICTURE_FILE_FIELD) {
      throw badRequest(`Only the ${PICTURE_FILE_FIELD} field may hold a file.`, { [part.fieldname]: 'must not be a file' });
    }
    const content = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
      throw new HttpError(413, 'payload_too_large', PICTURE_FILE_MESSAGES.size, {
        [PICTURE_FILE_FIELD]: PICTURE_FILE_MESSAGES.size,
      });
    });
    if (content.length > 0) body[PICTURE_FILE_FIELD] = content;
  }
  return body;
}
