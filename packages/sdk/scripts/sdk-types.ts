import openapiTS, { type OpenAPI3 } from 'openapi-typescript';

/** Where the generated types are committed. */
export const SDK_TYPES_FILE = new URL('../src/openapi.ts', import.meta.url);

const HEADER = `// Generated from /api/v1/openapi.json by \`npm run sdk:generate\` (openapi-typescript, decision 156). Do not edit:
// a change to the API is made in its zod schemas and routes, and this file generated again.
`;

/** The SDK's types for the merchant API document, as the committed file has them. */
export async function sdkTypesOf(document: string): Promise<string> {
  return `${HEADER}${await openapiTS(JSON.parse(document) as OpenAPI3)}`;
}
