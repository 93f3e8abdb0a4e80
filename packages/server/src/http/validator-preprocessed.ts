// express-openapi-validator preprocesses its document at every start (its `SchemaPreprocessor`:
// every schema of the document visited for the requests' copy and the responses' one, `$ref`s of
// the paths resolved, discriminators, read-only and write-only properties, the serialisers of
// formats): 25–40 ms of a sandbox's start, in every process. For a plain document kept by
// `validatorSpec`, what comes out depends on that document, the preprocessing's steps
// (`preProcessPlain`, of the validator's version followed) and which formats have a serialiser,
// so it is kept beside the document and a later process reads it back instead (validator-spec.ts
// says when). What is kept is the graph itself (v8's serialisation: a node the preprocessing
// shares stays shared, in both copies), but for the serialisers, which hold functions: each is
// kept as a marker, shared as it was, and given the process's own serialiser's members back.
import { deserialize, serialize } from 'node:v8';

/** What the preprocessing reads of a format's serialiser (express-openapi-validator's `serDes`). */
export type SerDesMap = Record<string, { serialize?: unknown; deserialize?: unknown }>;

/** The document and the responses' copy, as the preprocessing leaves them. */
export interface Preprocessed {
  apiDoc: object;
  apiDocRes: object | null;
}

/** Keeps the serialiser of a format in the kept graph. */
const markerKey = 'x-brokerage-serdes';

interface Kept extends Preprocessed {
  /** The marker of each format's serialiser, by format (the same objects the graph refers to). */
  markers: Record<string, Record<string, unknown>>;
}

/** The formats of the serialisers and which way each converts: what the preprocessing reads of
 * them (part of a kept entry's name). */
export const serDesFormats = (serDesMap: SerDesMap): unknown =>
  Object.entries(serDesMap).map(([format, serDes]) => [
    format,
    Boolean(serDes.serialize),
    Boolean(serDes.deserialize),
  ]);

/** An object of no class: its prototype is an `Object.prototype` (of any realm: the responses'
 * copy is made by `structuredClone`, whose realm may not be the caller's) or none. */
const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/** The preprocessing's result as text to keep, or undefined when its graph holds anything but
 * plain objects, arrays, primitives and the serialisers (then it is not kept). */
export function keepPreprocessed(result: Preprocessed, serDesMap: SerDesMap): string | undefined {
  const copies = new Map<unknown, unknown>();
  const markers: Kept['markers'] = {};
  for (const [format, serDes] of Object.entries(serDesMap)) {
    const marker = { [markerKey]: format };
    markers[format] = marker;
    copies.set(serDes, marker);
  }
  const copy = (value: unknown): unknown => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    const known = copies.get(value);
    if (known !== undefined) return known;
    const isArray = Array.isArray(value);
    if (typeof value === 'function' || !(isArray || isPlainObject(value)))
      throw new TypeError('not plain data');
    const made: Record<string, unknown> | unknown[] = isArray ? [] : {};
    copies.set(value, made);
    for (const key of Object.keys(value))
      (made as Record<string, unknown>)[key] = copy((value as Record<string, unknown>)[key]);
    return made;
  };
  try {
    const kept: Kept = {
      apiDoc: copy(result.apiDoc) as object,
      apiDocRes: copy(result.apiDocRes) as object | null,
      markers,
    };
    return serialize(kept).toString('base64');
  } catch {
    return undefined;
  }
}

/** A kept result, its serialisers the process's own `serDesMap`'s (by their members; `serialisers`:
 * the objects the graph refers to, by format), or undefined when the text is not one or names a
 * format the map has not. */
export function restorePreprocessed(
  text: string,
  serDesMap: SerDesMap,
): (Preprocessed & { serialisers: SerDesMap }) | undefined {
  let kept: Kept;
  try {
    kept = deserialize(Buffer.from(text, 'base64')) as Kept;
  } catch {
    return undefined;
  }
  const markers = Object.entries(kept.markers ?? {});
  if (markers.some(([format]) => !Object.hasOwn(serDesMap, format))) return undefined;
  for (const [format, marker] of markers) {
    Reflect.deleteProperty(marker, markerKey);
    Object.assign(marker, serDesMap[format]);
  }
  return { apiDoc: kept.apiDoc, apiDocRes: kept.apiDocRes, serialisers: kept.markers };
}

/** Gives `document` the members of `restored` in place of its own: the validator holds the
 * document object itself (its spec), not its members. */
export function replaceMembers(document: object, restored: object): void {
  for (const key of Object.keys(document)) Reflect.deleteProperty(document, key);
  Object.assign(document, restored);
}
