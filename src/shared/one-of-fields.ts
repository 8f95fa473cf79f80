/**
 * "At least one of these fields" in JSON Schema, which a zod refine checks but cannot say in the API
 * document (issue 39 item 11): given to `.meta()` right beside the refine it documents, so a client
 * generated from the document refuses what the server refuses.
 */
export const atLeastOneOf = (...fields: string[]) => ({ anyOf: fields.map((field) => ({ required: [field] })) });
