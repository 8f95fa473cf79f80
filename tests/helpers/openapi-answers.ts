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

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Holds real answers to the document that describes them (issue 39 item 11): the status must be one it
 * lists (or its range, 4XX), the content type one it names for that status, and a JSON body valid against
 * that status's schema, checked by Ajv on the document's own schemas (OpenAPI 3.0's `nullable` included).
 */
export class AnswerChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });

  constructor(private readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as object, 'document');
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
