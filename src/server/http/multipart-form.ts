import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import { PICTURE_FILE_MESSAGES } from '#shared/product.ts';
import { englishText } from '#shared/translate.ts';

const FIELD_MAX_BYTES = 16 * 1024;

/** The one file a form takes: its field, its largest size, and what a larger one is told. */
export interface FileField {
  name: string;
  maxBytes: number;
  tooLarge: string;
}

/**
 * Reads a form sent as multipart/form-data (Add Products, Add a Review, a bulk booking's file) into the
 * body a JSON request would have, with the file in its field as a Buffer and its name in
 * `{field}Name`, so one schema validates both. An empty file part (a file input left empty) counts as no file.
 */
async function readMultipartBody(request: FastifyRequest, file: FileField): Promise<Record<string, unknown>> {
  const fileField = file.name;
  const body: Record<string, unknown> = {};
  const parts = request.parts({
    limits: { fileSize: file.maxBytes, files: 1, fields: 20, parts: 21, fieldSize: FIELD_MAX_BYTES },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated)
        throw badRequest(englishText(/*i18n*/ '{fieldname} is too long', { fieldname: part.fieldname }), {
          [part.fieldname]: /*i18n*/ 'is too long',
        });
      body[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== fileField) {
      throw badRequest(englishText(/*i18n*/ 'Only the {fileField} field may hold a file.', { fileField }), {
        [part.fieldname]: /*i18n*/ 'must not be a file',
      });
    }
    const content = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
      throw new HttpError(413, 'payload_too_large', file.tooLarge, { [fileField]: file.tooLarge });
    });
    if (content.length > 0) {
      body[fileField] = content;
      body[`${fileField}Name`] = part.filename;
    }
  }
  return body;
}

/** Lets the routes of `scope` (and only those) take multipart/form-data with one file. */
export async function acceptFileForms(scope: FastifyInstance, file: FileField): Promise<void> {
  await scope.register(fastifyMultipart);
  scope.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipartBody(request, file);
  });
}

/** Lets the routes of `scope` (and only those) take multipart/form-data with one picture in `fileField`. */
export async function acceptPictureForms(scope: FastifyInstance, fileField: string): Promise<void> {
  await acceptFileForms(scope, { name: fileField, maxBytes: LIMITS.uploadMaxBytes, tooLarge: PICTURE_FILE_MESSAGES.size });
}

/** An uploaded picture as the multipart reader hands it over, named after its form field. */
export const uploadedPicture = (field: string) =>
  z.custom<Buffer>((value) => Buffer.isBuffer(value), `${field} must be an image file`);
