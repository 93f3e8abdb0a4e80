// One operation of a document reduced to its surface: its parameters, the fields of its request
// body and of each response's body, each with its types, format, enum and required-ness, keyed
// by a pointer (`models[].customIndex`; `[]` an array's items, `{}` a map's values). A field its
// examples show and its schema does not is part of it too (marked `example`): the vendor's 2.27
// describes `models` as an array without items, and 2.29 sends `cashInIndependent` in its example
// of accounts-details but leaves it out of the schema.
import {
  deref,
  mediaExamples,
  type DocumentOperationEntry,
  type OpenApiDocument,
} from '@brokerage/types/document-operations';
import type { FieldFacts, OperationSurface } from './model.js';
import { pathParameterNames } from './read-description.js';

type Schema = Record<string, unknown>;
type Segments = readonly string[];

/** Deeper than any document we hold nests; a guard against runaway recursion, not a limit. */
const maxDepth = 16;
const componentPrefix = '#/components/schemas/';

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `['models', '[]', 'ci']` → `models[].ci`. */
export const pointerText = (segments: Segments): string =>
  segments.reduce(
    (text, segment) =>
      segment === '[]' || segment === '{}'
        ? text + segment
        : text === ''
          ? segment
          : `${text}.${segment}`,
    '',
  );

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

const sortedUnique = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** Follows `$ref`s; answers the schema, whether a 3.0 `nullable` stood beside a reference, and
 * the last component schema passed through. */
function follow(document: OpenApiDocument, schema: unknown, component?: string) {
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
const partsOf = (schema: Schema, keyword: 'allOf' | 'anyOf' | 'oneOf'): unknown[] =>
  Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : [];

function typesOf(document: OpenApiDocument, raw: unknown, depth = 0): string[] {
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

function formatOf(document: OpenApiDocument, raw: unknown): string | undefined {
  const { schema } = follow(document, raw);
  if (typeof schema.format === 'string') return schema.format;
  const formats = sortedUnique(
    [...partsOf(schema, 'allOf'), ...partsOf(schema, 'anyOf'), ...partsOf(schema, 'oneOf')]
      .map((part) => formatOf(document, part))
      .filter((format): format is string => format !== undefined),
  );
  return formats.length === 1 ? formats[0] : undefined;
}

function enumOf(document: OpenApiDocument, raw: unknown): string[] | undefined {
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

interface Members {
  properties: Map<string, { schemas: unknown[]; requiredIn: number; component?: string }>;
  items: unknown[];
  values: unknown[];
}

/** The properties, items and map values a schema describes, through allOf (all of them) and
 * anyOf/oneOf (a property is required only where every alternative requires it). */
function membersOf(
  document: OpenApiDocument,
  raw: unknown,
  component: string | undefined,
  members: Members,
  depth: number,
): void {
  const followed = follow(document, raw, component);
  const { schema } = followed;
  if (depth > maxDepth) return;
  if (isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    for (const [name, sub] of Object.entries(schema.properties)) {
      const entry = members.properties.get(name) ?? {
        schemas: [],
        requiredIn: 0,
        component: followed.component,
      };
      entry.schemas.push(sub);
      if (required.has(name)) entry.requiredIn += 1;
      members.properties.set(name, entry);
    }
  }
  if (schema.items !== undefined && typeof schema.items !== 'boolean')
    members.items.push(schema.items);
  if (isObject(schema.additionalProperties)) members.values.push(schema.additionalProperties);
  for (const part of partsOf(schema, 'allOf'))
    membersOf(document, part, followed.component, members, depth + 1);
  const alternatives = [...partsOf(schema, 'anyOf'), ...partsOf(schema, 'oneOf')].filter(
    (alternative) => follow(document, alternative).schema.type !== 'null',
  );
  if (alternatives.length > 0) {
    // A property counts as required where every alternative requires it.
    const inner: Members = { properties: new Map(), items: [], values: [] };
    for (const alternative of alternatives)
      membersOf(document, alternative, followed.component, inner, depth + 1);
    for (const [name, entry] of inner.properties) {
      const outer = members.properties.get(name) ?? {
        schemas: [],
        requiredIn: 0,
        component: entry.component,
      };
      outer.schemas.push(...entry.schemas);
      if (entry.requiredIn === alternatives.length) outer.requiredIn += 1;
      members.properties.set(name, outer);
    }
    members.items.push(...inner.items);
    members.values.push(...inner.values);
  }
}

function record(fields: Record<string, FieldFacts>, pointer: string, facts: FieldFacts): void {
  const known = fields[pointer];
  if (known === undefined) {
    fields[pointer] = facts;
    return;
  }
  known.types =
    known.types.length === 0 || facts.types.length === 0
      ? []
      : sortedUnique([...known.types, ...facts.types]);
  if (known.format !== facts.format) delete known.format;
  if (known.enum !== undefined && facts.enum !== undefined)
    known.enum = sortedUnique([...known.enum, ...facts.enum]);
  else delete known.enum;
  known.required = known.required && facts.required;
}

/** Flattens a schema into `fields`. */
function flatten(
  document: OpenApiDocument,
  raw: unknown,
  segments: Segments,
  required: boolean,
  fields: Record<string, FieldFacts>,
  stack: readonly string[] = [],
  declaredIn?: string,
): void {
  const followed = follow(document, raw);
  // The component a field is written in: the one declaring it, else its own schema's.
  const component = declaredIn ?? followed.component;
  const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
  const types = typesOf(document, raw);
  const format = formatOf(document, raw);
  const values = enumOf(document, raw);
  record(fields, pointerText(segments), {
    types,
    ...(format === undefined ? {} : { format }),
    ...(values === undefined ? {} : { enum: values }),
    required,
    from: 'schema',
    ...(component === undefined ? {} : { component }),
  });
  if (segments.length > maxDepth || (ref !== undefined && stack.includes(ref))) return;
  const nextStack = ref === undefined ? stack : [...stack, ref];
  const members: Members = { properties: new Map(), items: [], values: [] };
  membersOf(document, raw, component, members, 0);
  for (const [name, entry] of members.properties) {
    for (const sub of entry.schemas) {
      flatten(
        document,
        sub,
        [...segments, name],
        entry.requiredIn > 0,
        fields,
        nextStack,
        entry.component,
      );
    }
  }
  for (const items of members.items)
    flatten(document, items, [...segments, '[]'], false, fields, nextStack, component);
  for (const value of members.values)
    flatten(document, value, [...segments, '{}'], false, fields, nextStack, component);
}

/** Adds the fields an example shows that the schema does not (types only: as shown). */
function inferFromExample(
  value: unknown,
  segments: Segments,
  fields: Record<string, FieldFacts>,
): void {
  if (segments.length > maxDepth) return;
  // Keys of a map the schema describes (`additionalProperties`) are values, not fields.
  const isMap = fields[pointerText([...segments, '{}'])] !== undefined;
  const children: [string, unknown][] = Array.isArray(value)
    ? value.map((item) => ['[]', item])
    : isObject(value)
      ? Object.entries(value).map(([key, child]) => [isMap ? '{}' : key, child])
      : [];
  for (const [name, child] of children) {
    const childSegments = [...segments, name];
    const pointer = pointerText(childSegments);
    const known = fields[pointer];
    if (known === undefined) {
      fields[pointer] = { types: [jsonType(child)], required: false, from: 'example' };
    } else if (known.from === 'example') {
      known.types = sortedUnique([...known.types, jsonType(child)]);
    }
    inferFromExample(child, childSegments, fields);
  }
}

/** The fields of one media type object: its schema's, and those its examples add. */
function bodyFields(
  document: OpenApiDocument,
  media: Schema,
  required: boolean,
  examples: boolean,
): Record<string, FieldFacts> {
  const fields: Record<string, FieldFacts> = {};
  flatten(document, media.schema, [], required, fields);
  if (examples) {
    for (const example of mediaExamples(document, media))
      inferFromExample(example.value, [], fields);
  }
  return fields;
}

/** The media type compared: the first JSON one, else the first. */
function chosenMedia(content: unknown): Schema | undefined {
  if (!isObject(content)) return undefined;
  const entries = Object.entries(content);
  const json = entries.find(([type]) => /json/i.test(type)) ?? entries[0];
  return json !== undefined && isObject(json[1]) ? json[1] : undefined;
}

export function operationSurface(
  document: OpenApiDocument,
  entry: DocumentOperationEntry,
  key: string,
  examples = true,
): OperationSurface {
  const { operation, item, method, path } = entry;
  const fields: OperationSurface['fields'] = {};
  // Operation parameters override the path item's of the same name and place.
  const parameters = new Map<string, Schema>();
  for (const raw of [
    ...((item.parameters as unknown[]) ?? []),
    ...((operation.parameters as unknown[]) ?? []),
  ]) {
    const parameter = deref<Schema>(document, raw);
    if (
      isObject(parameter) &&
      typeof parameter.in === 'string' &&
      typeof parameter.name === 'string'
    ) {
      parameters.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  for (const parameter of parameters.values()) {
    const place = String(parameter.in);
    const placeFields = (fields[place] ??= {});
    const media =
      parameter.schema === undefined
        ? chosenMedia(parameter.content)
        : { schema: parameter.schema };
    flatten(
      document,
      media?.schema,
      [String(parameter.name)],
      parameter.required === true || place === 'path',
      placeFields,
    );
  }
  const body = deref<Schema>(document, operation.requestBody);
  const bodyMedia = isObject(body) ? chosenMedia(body.content) : undefined;
  if (bodyMedia !== undefined)
    fields.request = bodyFields(document, bodyMedia, body.required === true, examples);
  const statuses: string[] = [];
  for (const [status, raw] of Object.entries(
    isObject(operation.responses) ? operation.responses : {},
  )) {
    statuses.push(status);
    const response = deref<Schema>(document, raw);
    const media = isObject(response) ? chosenMedia(response.content) : undefined;
    fields[`response ${status}`] =
      media === undefined ? {} : bodyFields(document, media, true, examples);
  }
  return {
    key,
    method: method.toUpperCase(),
    path,
    ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
    ...(typeof operation.summary === 'string' ? { summary: operation.summary } : {}),
    pathParameters: pathParameterNames(path),
    statuses,
    fields,
  };
}
