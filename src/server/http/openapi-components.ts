/**
 * Named component schemas for an API document (issue 39 item 11): the shared zod schemas registered with
 * an id (`.meta({ id: 'Consignment' })`) arrive as `$ref`s already; every other request or answer body
 * that is an object is named after its operation here (`BookConsignmentRequest`, `IssueAccessTokenAnswer`),
 * so a client generator makes a type of each. A document keeps only the components it refers to.
 */

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

const SCHEMA_REF = '#/components/schemas/';

const pascal = (operationId: string) => operationId.charAt(0).toUpperCase() + operationId.slice(1);

const isInlineObject = (schema: Schema | undefined): schema is Schema =>
  schema !== undefined && !('$ref' in schema) && (schema.type === 'object' || 'properties' in schema);

/**
 * `paths` with each inline object body moved to `schemas` under its operation's name, and the schemas
 * added; one body under two content types (JSON and a form) is one component.
 */
export function nameBodySchemas<Paths extends Record<string, Record<string, object>>>(
  paths: Paths,
  schemas: Record<string, unknown>,
): { paths: Paths; schemas: Record<string, unknown> } {
  const named: Record<string, unknown> = { ...schemas };
  const refer = (name: string, schema: Schema) => {
    named[name] = schema;
    return { $ref: `${SCHEMA_REF}${name}` };
  };
  const nameAll = (content: Record<string, MediaType> | undefined, name: string) => {
    if (!content) return content;
    const bodies = Object.values(content).map(({ schema }) => JSON.stringify(schema));
    const alike = new Set(bodies).size === 1;
    return Object.fromEntries(
      Object.entries(content).map(([type, media], index) => {
        if (!isInlineObject(media.schema)) return [type, media];
        const own = alike || index === 0 ? name : `${name}${index + 1}`;
        return [type, { ...media, schema: refer(own, media.schema) }];
      }),
    );
  };
  const namedPaths = Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations as Record<string, Operation>).map(([method, operation]) => {
          if (!operation.operationId) return [method, operation];
          const base = pascal(operation.operationId);
          const requestBody = operation.requestBody && {
            ...operation.requestBody,
            content: nameAll(operation.requestBody.content, `${base}Request`),
          };
          const responses = Object.fromEntries(
            Object.entries(operation.responses ?? {}).map(([status, answer]) => [
              status,
              status.startsWith('2') ? { ...answer, content: nameAll(answer.content, `${base}Answer`) } : answer,
            ]),
          );
          return [method, { ...operation, ...(requestBody ? { requestBody } : {}), responses }];
        }),
      ),
    ]),
  ) as Paths;
  return { paths: namedPaths, schemas: named };
}

/** The component schemas `document` refers to, directly or through one another. */
export function schemasReferredTo(document: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const kept = new Set<string>();
  const pending = [document];
  while (pending.length > 0) {
    const text = JSON.stringify(pending.pop());
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !kept.has(name) && name in schemas) {
        kept.add(name);
        pending.push(schemas[name]);
      }
    }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}
