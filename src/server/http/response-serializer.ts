import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are written by a serializer compiled once per route from its zod response schema (through
 * its JSON Schema), instead of being checked by zod and stringified on every request: the schema still
 * decides which fields leave the server (unknown ones are dropped, a missing required one is an error),
 * at a fraction of the cost. A schema JSON Schema cannot express (a transform, a date) keeps zod's own
 * check-then-stringify.
 */
export const compiledResponseSerializer: FastifySerializerCompiler<Parameters<typeof zodSerializerCompiler>[0]['schema']> = (
  route,
) => {
  if (route.schema instanceof z.ZodType) {
    try {
      const jsonSchema = z.toJSONSchema(route.schema, { target: 'draft-07', io: 'output', unrepresentable: 'throw' });
      return fastJsonStringify(jsonSchema as Schema);
    } catch {
      // falls through to zod's serializer
    }
  }
  return zodSerializerCompiler(route);
};
