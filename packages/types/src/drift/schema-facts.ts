// What a schema says of the value it describes, through `$ref`, `allOf`, `anyOf`/`oneOf` and
// OpenAPI 3.0's `nullable`: its JSON types, format and enum (for surface.ts).
import { deref, type OpenApiDocument } from '@brokerage/types/document-operations';

export type Schema = Record<string, unknown>;

/** Deeper than any document we hold nests; a guard against runaway recursion, not a limit. */
export const maxDepth = 16;
const componentPrefix = '#/components/schemas/';

export const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

export const sortedUnique = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** Follows `$ref`s; answers the schema, whether a 3.0 `nullable` stood beside a reference, and
 * the last component schema passed through. */
export function follow(document: OpenApiDocument, schema: unknown, component?: string) {
  let current = schema;
  let nullable = false;
  let name = component;
  while (isObject(current) && typeof current.$ref === 'string') {
    if (current.nullable === true) nullable = true;
    if (current.$ref.startsWith(componentPrefix)) name = current.$ref.slice(componentPrefix.length);
    current = deref(document, { $ref: current.$ref });
  }
  return { schema: isObject(current) ? current : {}, nullable, component: name };
}

/** The alternatives a schema combines: its allOf parts are all of it, anyOf/oneOf any one. */
export const partsOf = (schema: Schema, keyword: 'allOf' | 'anyOf' | 'oneOf'): unknown[] =>
  Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : [];

export function typesOf(document: OpenApiDocument, raw: unknown, depth = 0): string[] {
  const { schema, nullable } = follow(document, raw);
  if (depth > maxDepth) return [];
  let types: string[] = [];
  if (typeof schema.type === 'string') types = [schema.type];
  else if (Array.isArray(schema.type)) types = schema.type.map(String);
  else if ('const' in schema) types = [jsonType(schema.const)];
  else if (Array.isArray(schema.enum)) types = schema.enum.map(jsonType);
  else {
    const all = partsOf(schema, 'allOf').map((part) => typesOf(document, part, depth + 1));
    const any = [...partsOf(schema, 'anyOf'), ...partsOf(schema, 'oneOf')].map((part) =>
      typesOf(document, part, depth + 1),
    );
    if (any.length > 0) types = any.some((t) => t.length === 0) ? [] : any.flat();
    else types = all.find((t) => t.length > 0) ?? [];
    if (types.length === 0 && isObject(schema.properties)) types = ['object'];
    if (types.length === 0 && schema.items !== undefined) types = ['array'];
  }
  if (types.length > 0 && (nullable || schema.nullable === true)) types.push('null');
  if (types.includes('integer') && types.includes('number'))
    types = types.filter((t) => t !== 'integer');
  return sortedUnique(types);
}

export function formatOf(document: OpenApiDocument, raw: unknown): string | undefined {
  const { schema } = follow(document, raw);
  if (typeof schema.format === 'string') return schema.format;
  const formats = sortedUnique(
    [...partsOf(schema, 'allOf'), ...partsOf(schema, 'anyOf'), ...partsOf(schema, 'oneOf')]
      .map((part) => formatOf(document, part))
      .filter((format): format is string => format !== undefined),
  );
  return formats.length === 1 ? formats[0] : undefined;
}

export function enumOf(document: OpenApiDocument, raw: unknown): string[] | undefined {
  const { schema } = follow(document, raw);
  if (Array.isArray(schema.enum)) return sortedUnique(schema.enum.map((v) => JSON.stringify(v)));
  if ('const' in schema) return [JSON.stringify(schema.const)];
  const alternatives = [...partsOf(schema, 'anyOf'), ...partsOf(schema, 'oneOf')];
  if (alternatives.length === 0) {
    return partsOf(schema, 'allOf')
      .map((part) => enumOf(document, part))
      .find((values) => values !== undefined);
  }
  const values: string[] = [];
  for (const alternative of alternatives) {
    const { schema: resolved } = follow(document, alternative);
    if (resolved.type === 'null') continue;
    const found = enumOf(document, alternative);
    if (found === undefined) return undefined;
    values.push(...found);
  }
  return sortedUnique(values);
}
