import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

interface MediaType {
  schema?: object;
}

interface Answer {
  content?: Record<string, MediaType>;
}

export interface DocumentedOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Answer>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentedOperation>>;
  components: { schemas?: Record<string, object> };
}

/** What came back from the server for one request. */
export interface RealAnswer {
  status: number;
  contentType: string | null;
  /** The body as parsed JSON when it is JSON, else its text (or undefined when empty). */
  body: unknown;
}

/**
 * The document's schemas as JSON Schema draft 7, which Ajv reads: OpenAPI 3.0's boolean
 * `exclusiveMinimum`/`exclusiveMaximum` beside `minimum`/`maximum` become the number they mean.
 */
function asDraft7(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asDraft7);
  if (value === null || typeof value !== 'object') return value;
  const { exclusiveMinimum, exclusiveMaximum, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, child]) => [key, asDraft7(child)]));
  for (const [exclusive, flag, bound] of [
    ['exclusiveMinimum', exclusiveMinimum, 'minimum'],
    ['exclusiveMaximum', exclusiveMaximum, 'maximum'],
  ] as const) {
    if (flag === true) {
      converted[exclusive] = converted[bound];
      delete converted[bound];
    } else if (typeof flag === 'number') converted[exclusive] = flag;
  }
  return converted;
}

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Holds real answers to the document that describes them (issue 39 item 11): the status must be one it
 * lists (or its range, 4XX), the content type one it names for that status, and a JSON body valid against
 * that status's schema, checked by Ajv on the document's own schemas (OpenAPI 3.0's `nullable` included).
 */
export class AnswerChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
  /** Parameters arrive as text: this one reads `?page=5` as the integer its schema may say. */
  private readonly parameterAjv = new Ajv({ strict: false, coerceTypes: true });

  constructor(private readonly document: OpenApiDocument) {
    for (const ajv of [this.ajv, this.parameterAjv]) {
      addFormats.default(ajv);
      ajv.addSchema(asDraft7(document) as object, 'document');
    }
  }

  /**
   * Whether the document accepts `request` for `method path`: its JSON body against the request body's
   * schema, its query and header parameters against theirs (a required one missing is refused).
   */
  accepts(
    method: string,
    path: string,
    request: { json?: unknown; query?: Record<string, string>; headers?: Record<string, string> },
  ): boolean {
    const operation = this.document.paths[path]?.[method];
    if (!operation) throw new Error(`${method} ${path} is not in the document`);
    const at = (...parts: string[]) => `document#/${['paths', path, method, ...parts].map(pointerPart).join('/')}`;
    if (request.json !== undefined) {
      const validate = this.ajv.getSchema(at('requestBody', 'content', 'application/json', 'schema'));
      if (!validate?.(request.json)) return false;
    }
    for (const [index, parameter] of (operation.parameters ?? []).entries()) {
      if (parameter.in !== 'query' && parameter.in !== 'header') continue;
      const given = parameter.in === 'query' ? request.query : request.headers;
      const value = Object.entries(given ?? {}).find(([name]) => name.toLowerCase() === parameter.name.toLowerCase())?.[1];
      if (value === undefined) {
        if (parameter.required) return false;
        continue;
      }
      const validate = this.parameterAjv.getSchema(at('parameters', String(index), 'schema'));
      if (!validate?.(value)) return false;
    }
    return true;
  }

  /** Each way `answer` differs from what the document says `method path` answers; none when it conforms. */
  problems(method: string, path: string, answer: RealAnswer): string[] {
    const operation = this.document.paths[path]?.[method];
    if (!operation) return [`${method} ${path} is not in the document`];
    const range = `${String(answer.status)[0]}XX`;
    const status = String(answer.status) in operation.responses ? String(answer.status) : range;
    const documented = operation.responses[status];
    if (!documented) return [`answered ${answer.status}, which the document does not list`];
    const content = documented.content ?? {};
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    if (Object.keys(content).length === 0) {
      return answer.body === undefined ? [] : [`answered ${answer.status} with a body the document does not describe`];
    }
    if (!mediaType || !(mediaType in content))
      return [
        `answered ${answer.status} as ${mediaType ?? 'no content type'}; the document says ${Object.keys(content).join(', ')}`,
      ];
    if (!mediaType.includes('json') || !content[mediaType]?.schema) return [];
    const pointer = ['paths', path, method, 'responses', status, 'content', mediaType, 'schema'].map(pointerPart).join('/');
    const validate = this.ajv.getSchema(`document#/${pointer}`);
    if (!validate) return [`no schema at ${pointer}`];
    if (validate(answer.body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${answer.status} body${error.instancePath || ''} ${error.message ?? ''} (${error.schemaPath})`,
    );
  }
}

/**
 * A document's text parsed with each request body's and success answer's named schema (`{ $ref }`) written
 * in place: for tests that read a body's fields from the operation itself. Refusals keep their reference.
 */
export function withBodiesInline<Document>(text: string): Document {
  const document = JSON.parse(text) as OpenApiDocument;
  const named = document.components.schemas ?? {};
  const inline = (content: Record<string, MediaType> | undefined) => {
    for (const media of Object.values(content ?? {})) {
      const ref = (media.schema as { $ref?: string } | undefined)?.$ref;
      if (ref) media.schema = named[ref.split('/').pop() ?? ''] ?? media.schema;
    }
  };
  for (const operation of Object.values(document.paths).flatMap((operations) => Object.values(operations))) {
    inline(operation.requestBody?.content);
    for (const [status, answer] of Object.entries(operation.responses)) if (status.startsWith('2')) inline(answer.content);
  }
  return document as Document;
}
