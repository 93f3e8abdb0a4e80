// The evidence about one `required` property: what a schema of the vendor says of it at a
// property path (fieldVerdict), and the values of examples and recorded answers walked beside
// our schema down to the objects that should hold it (walkRequired). Used by
// scripts/audit-required.mjs.
import { escapePointer, resolve } from '../packages/types/document-operations.mjs';

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

// --- where a field sits: tokens of a property path ---------------------------------------------
// A property path is a list of tokens from the response body down: a property name, `[]` for
// the items of an array, `{}` for the values of a map (additionalProperties).

/** The schemas one token below `schema` (not through combinators). */
function childSchemas(schema, token) {
  if (token === '[]') return schema.items === undefined ? [] : [schema.items];
  if (token === '{}') {
    return [
      ...(isObject(schema.additionalProperties) ? [schema.additionalProperties] : []),
      ...Object.values(schema.patternProperties ?? {}),
    ];
  }
  return schema.properties?.[token] === undefined ? [] : [schema.properties[token]];
}

/** Joins verdicts that all hold of one value (allOf): required wins, then described. */
export const allOfVerdict = (verdicts) =>
  verdicts.includes('required')
    ? 'required'
    : verdicts.includes('optional')
      ? 'optional'
      : undefined;

/**
 * Whether `schema` (of `document`) marks `name` required in the objects at `tokens`: `required`,
 * `optional` (described, not required), or undefined (not described there). Through anyOf or
 * oneOf, a field is required only when every alternative that describes it requires it.
 */
export function fieldVerdict(document, schema, tokens, name, seen = new Set()) {
  const { value, pointer } = resolve(document, schema);
  if (!isObject(value) || seen.has(pointer)) return undefined;
  const within = pointer === '' ? seen : new Set([...seen, pointer]);
  const [token, ...rest] = tokens;
  const own =
    token === undefined
      ? (value.required ?? []).includes(name)
        ? 'required'
        : value.properties?.[name] !== undefined
          ? 'optional'
          : undefined
      : allOfVerdict(
          childSchemas(value, token).map((child) =>
            fieldVerdict(document, child, rest, name, within),
          ),
        );
  const members = (value.allOf ?? []).map((member) =>
    fieldVerdict(document, member, tokens, name, within),
  );
  const alternatives = [...(value.anyOf ?? []), ...(value.oneOf ?? [])]
    .map((member) => fieldVerdict(document, member, tokens, name, within))
    .filter((verdict) => verdict !== undefined);
  const alternative =
    alternatives.length === 0
      ? undefined
      : alternatives.every((verdict) => verdict === 'required')
        ? 'required'
        : 'optional';
  return allOfVerdict([own, ...members, alternative]);
}

// --- evidence: values of examples and recordings walked beside the schema -----------------------

/** Property names a schema declares, through $ref and allOf. */
function declaredNames(document, schema, seen = new Set()) {
  const { value, pointer } = resolve(document, schema);
  if (!isObject(value) || seen.has(pointer)) return new Set();
  const within = new Set([...seen, pointer]);
  return new Set([
    ...Object.keys(value.properties ?? {}),
    ...(value.allOf ?? []).flatMap((member) => [...declaredNames(document, member, within)]),
  ]);
}

/** How well a value fits one alternative: -1 for another JSON type, else the number of its keys
 * (of it, or of its items) the alternative declares. */
function fit(document, schema, instance) {
  const { value } = resolve(document, schema);
  if (!isObject(value)) return 0;
  const types = [value.type ?? []].flat();
  const type = instance === null ? 'null' : Array.isArray(instance) ? 'array' : typeof instance;
  const typeMatches =
    types.length === 0 ||
    types.includes(type) ||
    (type === 'number' && types.includes('integer') && Number.isInteger(instance));
  if (!typeMatches) return -1;
  if (Array.isArray(instance) && value.items !== undefined) {
    return instance.reduce((sum, item) => sum + Math.max(0, fit(document, value.items, item)), 0);
  }
  if (!isObject(instance)) return 0;
  const names = declaredNames(document, value);
  return Object.keys(instance).filter((key) => names.has(key)).length;
}

/** The values one token below `instances`; a map's values are those of undeclared keys. */
function childInstances(instances, token, declared) {
  if (token === '[]') return instances.filter(Array.isArray).flat();
  const objects = instances.filter(isObject);
  if (token === '{}') {
    return objects.flatMap((object) =>
      Object.entries(object)
        .filter(([key]) => !declared.has(key))
        .map(([, value]) => value),
    );
  }
  return objects.filter((object) => Object.hasOwn(object, token)).map((object) => object[token]);
}

const mapStreams = (streams, map) =>
  streams.map((stream) => ({ ...stream, instances: map(stream.instances) }));

/**
 * Walks one response schema of our document with the values of every evidence stream beside it
 * (a stream: one vendor example or one recorded answer) and calls `onRequired` for each required
 * property it meets: `{ pointer, name, tokens, streams }` (the streams' values are the objects
 * that should hold the property).
 */
export function walkRequired(
  document,
  schema,
  pointer,
  tokens,
  streams,
  onRequired,
  stack = new Set(),
) {
  const { value, pointer: at } = resolve(document, schema, pointer);
  if (!isObject(value) || stack.has(at)) return;
  const within = new Set([...stack, at]);
  const walk = (child, childPointer, childTokens, childStreams) =>
    walkRequired(document, child, childPointer, childTokens, childStreams, onRequired, within);
  for (const name of value.required ?? []) {
    onRequired({
      pointer: at,
      name,
      tokens,
      streams: mapStreams(streams, (instances) => instances.filter(isObject)),
    });
  }
  const declared = new Set(Object.keys(value.properties ?? {}));
  for (const [name, property] of Object.entries(value.properties ?? {})) {
    walk(
      property,
      `${at}/properties/${escapePointer(name)}`,
      [...tokens, name],
      mapStreams(streams, (instances) => childInstances(instances, name, declared)),
    );
  }
  if (value.items !== undefined) {
    walk(
      value.items,
      `${at}/items`,
      [...tokens, '[]'],
      mapStreams(streams, (instances) => childInstances(instances, '[]', declared)),
    );
  }
  const mapValues = [
    ...(isObject(value.additionalProperties)
      ? [[value.additionalProperties, `${at}/additionalProperties`]]
      : []),
    ...Object.entries(value.patternProperties ?? {}).map(([pattern, sub]) => [
      sub,
      `${at}/patternProperties/${escapePointer(pattern)}`,
    ]),
  ];
  for (const [sub, subPointer] of mapValues) {
    walk(
      sub,
      subPointer,
      [...tokens, '{}'],
      mapStreams(streams, (instances) => childInstances(instances, '{}', declared)),
    );
  }
  for (const [index, member] of (value.allOf ?? []).entries()) {
    walk(member, `${at}/allOf/${index}`, tokens, streams);
  }
  // A value counts for the alternatives that fit it best, so that one shape's answers are no
  // evidence about another's fields.
  for (const keyword of ['anyOf', 'oneOf']) {
    const members = value[keyword] ?? [];
    const chosen = (instance) => {
      const scores = members.map((member) => fit(document, member, instance));
      const best = Math.max(...scores);
      return scores.map((score) => score === best && score >= 0);
    };
    for (const [index, member] of members.entries()) {
      walk(
        member,
        `${at}/${keyword}/${index}`,
        tokens,
        mapStreams(streams, (instances) => instances.filter((instance) => chosen(instance)[index])),
      );
    }
  }
}
