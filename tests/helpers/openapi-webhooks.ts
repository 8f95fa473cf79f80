import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface HeaderParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: object;
}

interface WebhookOperation {
  post: {
    parameters?: HeaderParameter[];
    requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
  };
}

/** A 3.1 document's `webhooks` and component schemas, as the merchant API's test reads them. */
export interface DocumentWithWebhooks {
  webhooks: Record<string, WebhookOperation>;
  components: { schemas: Record<string, { examples?: unknown[] }> };
}

/**
 * Checks bodies against an OpenAPI 3.1 document's own schemas, JSON Schema 2020-12 (issue 41): an event
 * type's body, and each component's examples against the component.
 */
export class WebhookChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  constructor(private readonly document: DocumentWithWebhooks) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as object, 'document');
  }

  private problemsAt(ref: string, body: unknown): string[] {
    const validate = this.ajv.getSchema(`document${ref}`);
    if (!validate) return [`no schema at ${ref}`];
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  }

  /** How `body` differs from what the document says an event of `type` is; none when it conforms. */
  eventProblems(type: string, body: unknown): string[] {
    const operation = this.document.webhooks[type];
    if (!operation) return [`${type} is not in the document's webhooks`];
    return this.problemsAt(operation.post.requestBody.content['application/json'].schema.$ref, body);
  }

  /** How the headers a delivery came with differ from the header parameters the document gives its type. */
  headerProblems(type: string, headers: Record<string, string | string[] | undefined>): string[] {
    const parameters = this.document.webhooks[type]?.post.parameters ?? [];
    if (parameters.length === 0) return [`${type} names no headers`];
    return parameters.flatMap((parameter) => {
      const value = headers[parameter.name.toLowerCase()];
      if (value === undefined) return parameter.required ? [`${parameter.name} is missing`] : [];
      const validate = this.ajv.compile(parameter.schema);
      return validate(value) ? [] : [`${parameter.name}: ${this.ajv.errorsText(validate.errors)}`];
    });
  }

  /** Every component example its own schema refuses, named with why. */
  exampleProblems(): string[] {
    return Object.entries(this.document.components.schemas).flatMap(([name, schema]) =>
      (schema.examples ?? []).flatMap((example) =>
        this.problemsAt(`#/components/schemas/${name}`, example).map((problem) => `${name}: ${problem}`),
      ),
    );
  }
}
