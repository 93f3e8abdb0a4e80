// The tools' output schemas are the document's own where a tool answers what a REST operation
// answers: read from the bundled document, references inlined, and reduced to what every MCP
// client validates with (JSON Schema draft-07 through Ajv: the SDK's client), so that the tool and
// the operation can never describe one shape two ways.
import type { OperationId } from '@brokerage/types';
import { loadDocument } from '../http/document.js';

export type JsonSchema = Record<string, unknown>;

/** Keywords of OpenAPI 3.1 (or of 2020-12) that draft-07 validators do not read, or read
 * differently; formats go too, since clients differ in the formats they know. */
const dropped = new Set([
  'discriminator',
  'example',
  'xml',
  'externalDocs',
  'format',
  'prefixItems',
  'unevaluatedProperties',
  '$schema',
  'contentMediaType',
  'contentEncoding',
]);

const componentPrefix = '#/components/schemas/';

interface DocumentView {
  paths: Record<
    string,
    Record<string, { operationId?: string; responses?: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, JsonSchema>; responses?: Record<string, unknown> };
}

const document = () => loadDocument() as unknown as DocumentView;

/** A copy of the schema with its references inlined (a reference back into one being inlined is
 * left open: any value) and the keywords above dropped. */
function inline(schema: unknown, expanding: readonly string[]): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, expanding));
  if (schema === null || typeof schema !== 'object') return schema;
  const record = schema as JsonSchema;
  const ref = record.$ref;
  if (typeof ref === 'string' && ref.startsWith(componentPrefix)) {
    const name = ref.slice(componentPrefix.length);
    if (expanding.includes(name)) return {};
    const target = document().components.schemas[name];
    if (!target) throw new Error(`The document has no schema ${name}`);
    return inline(target, [...expanding, name]);
  }
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(record)) {
    if (dropped.has(key) || key.startsWith('x-')) continue;
    // `properties` holds names, not keywords: copy each property's schema.
    copy[key] =
      key === 'properties' || key === 'patternProperties' || key === '$defs'
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([name, sub]) => [
              name,
              inline(sub, expanding),
            ]),
          )
        : inline(value, expanding);
  }
  return copy;
}

const cache = new Map<string, JsonSchema>();

/** A schema of the document's components, inlined. */
export function documentSchema(name: string): JsonSchema {
  const key = `schema:${name}`;
  let schema = cache.get(key);
  if (!schema) {
    schema = inline({ $ref: `${componentPrefix}${name}` }, []) as JsonSchema;
    cache.set(key, schema);
  }
  return schema;
}

/** The JSON schema of an operation's 200 answer, inlined. */
export function answerSchema(operationId: OperationId): JsonSchema {
  const key = `answer:${operationId}`;
  let schema = cache.get(key);
  if (!schema) {
    const operation = Object.values(document().paths)
      .flatMap((item) => Object.values(item))
      .find((candidate) => candidate.operationId === operationId);
    const declared = operation?.responses?.['200'] as { $ref?: string } | undefined;
    const response = (
      declared?.$ref
        ? document().components.responses?.[declared.$ref.replace('#/components/responses/', '')]
        : declared
    ) as { content?: Record<string, { schema?: unknown }> } | undefined;
    const body = response?.content?.['application/json']?.schema;
    if (!body) throw new Error(`The document gives ${operationId} no JSON answer`);
    schema = inline(body, []) as JsonSchema;
    cache.set(key, schema);
  }
  return schema;
}

/** An object schema with the given properties, all required: a tool's answer must be an object. */
export function objectOf(
  properties: Record<string, JsonSchema>,
  optional: string[] = [],
): JsonSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
  };
}
