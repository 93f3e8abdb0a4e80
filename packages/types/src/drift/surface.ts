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
import { pointerText } from './pointers.js';
import { pathParameterNames } from './read-description.js';
import {
  enumOf,
  follow,
  formatOf,
  isObject,
  jsonType,
  maxDepth,
  partsOf,
  sortedUnique,
  typesOf,
  type Schema,
} from './schema-facts.js';

type Segments = readonly string[];

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
