import { moduleIdentity } from './validator-cache-entries.js';

/** Keys whose value maps names chosen by the document's author to objects (a property named
 * `description` is a schema, not an annotation). */
const nameMaps = new Set([
  'paths',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'content',
  'encoding',
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);

/** Annotations: no effect on validation. */
const annotations = new Set(['description', 'summary', 'example', 'examples', 'externalDocs']);

/** Values that are data, not schemas: kept as they are. */
const dataKeys = new Set(['enum', 'const', 'default']);

/** A query parameter object (not a schema: a schema's own keys hold no `in: 'query'`). */
const isQueryParameter = (value: Record<string, unknown>): boolean =>
  value.in === 'query' && typeof value.name === 'string';

function strip(value: unknown, inNameMap: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, false));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (!inNameMap && annotations.has(key)) continue;
    copy[key] =
      !inNameMap && dataKeys.has(key) ? child : strip(child, !inNameMap && nameMaps.has(key));
  }
  // A query value is read as a form field (`+` a space, `%2B` a plus) and its reserved
  // characters (`:`, `/`, `@`) are data, as the service and the generated validators read it;
  // without `allowReserved` express-openapi-validator refuses any of them unescaped
  // (`?symbol=BRK+B`, `?startTime=20250106-21:00:00`). docs/decisions/service/parameters-numeric-text.md
  if (!inNameMap && isQueryParameter(copy)) copy.allowReserved = true;
  return copy;
}

/** A copy of the document for the request and response validator, without descriptions and
 * examples: two thirds of the document's size, which Ajv would otherwise walk again for every
 * route it compiles (each route's schema carries the whole of `paths` and `components`), and
 * with every query parameter taking reserved characters. */
export function validatorDocument<Document extends object>(document: Document): Document {
  return strip(document, false) as Document;
}

/** The identity of this module's source (`moduleIdentity`), or null when it cannot be read: what
 * `validatorDocument` makes of a document depends on that text alone (its stripping calls nothing
 * outside it), so a result kept under this hash and the document's is the result it would give. */
export const strippingIdentity = (): string | null => moduleIdentity('http/validator-document');

/** Whether an operation takes a `multipart/` body (express-openapi-validator's file uploads: its
 * multipart step does nothing for a document without one). Path items and request bodies may be
 * components. */
export function takesMultipart(document: {
  paths?: Record<string, unknown>;
  components?: { pathItems?: Record<string, unknown>; requestBodies?: Record<string, unknown> };
}): boolean {
  const pathItems = [
    ...Object.values(document.paths ?? {}),
    ...Object.values(document.components?.pathItems ?? {}),
  ];
  const bodies = [
    ...pathItems.flatMap((item) =>
      Object.values(item as Record<string, { requestBody?: unknown } | undefined>).map(
        (operation) => operation?.requestBody,
      ),
    ),
    ...Object.values(document.components?.requestBodies ?? {}),
  ];
  return bodies.some((body) => {
    const content = (body as { content?: object } | undefined)?.content;
    return content !== undefined && Object.keys(content).some((type) => /^multipart\//i.test(type));
  });
}
