// The shape of a JSON answer, for comparing two answers whose values are expected to differ
// (prices, ids, times): each path (`$.orders[].side`; an array's items merge under `[]`) with
// the kinds of value found there. A number sent as text is a kind of its own.

export type Kind = 'null' | 'boolean' | 'number' | 'numeric string' | 'string' | 'array' | 'object';

export type Shape = Map<string, Set<Kind>>;

/** A key that is an id (an account's, a contract's): a value, compared as `{id}`. */
const idKey = /^[A-Za-z]{0,3}\d{4,}$/;

const numericText = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return numericText.test(value) ? 'numeric string' : 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'object';
}

export function shapeOf(value: unknown, path = '$', shape: Shape = new Map()): Shape {
  const kinds = shape.get(path) ?? new Set<Kind>();
  kinds.add(kindOf(value));
  shape.set(path, kinds);
  if (Array.isArray(value)) {
    for (const item of value) shapeOf(item, `${path}[]`, shape);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      shapeOf(item, `${path}.${idKey.test(key) ? '{id}' : key}`, shape);
    }
  }
  return shape;
}

export type ShapeDifferenceKind = 'missing' | 'extra' | 'type' | 'null' | 'number as string';

export interface ShapeDifference {
  path: string;
  difference: ShapeDifferenceKind;
  /** The kinds of value recorded there (empty: absent). */
  recorded: Kind[];
  /** The kinds of value answered there now (empty: absent). */
  live: Kind[];
}

const parentOf = (path: string): string => path.replace(/(\[\]|\.[^.[]+)$/, '');

function differenceOf(recorded: Set<Kind>, live: Set<Kind>): ShapeDifferenceKind {
  const both = new Set([...recorded, ...live]);
  if (both.has('number') && both.has('numeric string')) return 'number as string';
  if (recorded.has('null') !== live.has('null')) return 'null';
  return 'type';
}

/** Whether `path` lies under an array that has no items in `shape` (nothing to compare). */
function underEmptyArray(shape: Shape, path: string): boolean {
  for (let at = path; at !== parentOf(at); at = parentOf(at)) {
    if (at.endsWith('[]') && !shape.has(at)) return true;
  }
  return false;
}

/** Absent from `shape` while its parent is there as an object or array: the outermost absence. */
function outermostAbsent(shape: Shape, path: string): boolean {
  const parent = shape.get(parentOf(path));
  return (
    !shape.has(path) &&
    (parent?.has('object') === true || parent?.has('array') === true) &&
    !underEmptyArray(shape, path)
  );
}

/** Where `live` differs from `recorded`: a key missing or extra (the outermost one only, not
 * what lies under it), or other kinds of value. Items of an array empty on one side are not
 * compared; a string that is numeric in one answer and not in the other is not a difference. */
export function compareShapes(recorded: Shape, live: Shape): ShapeDifference[] {
  const differences: ShapeDifference[] = [];
  for (const [path, kinds] of recorded) {
    const other = live.get(path);
    if (!other) {
      if (outermostAbsent(live, path)) {
        differences.push({ path, difference: 'missing', recorded: [...kinds], live: [] });
      }
      continue;
    }
    const loose = (set: Set<Kind>) =>
      new Set([...set].map((kind) => (kind === 'numeric string' ? 'string' : kind)));
    const [left, right] = [loose(kinds), loose(other)];
    const same = left.size === right.size && [...left].every((kind) => right.has(kind));
    const numberAsString =
      (kinds.has('number') && other.has('numeric string') && !other.has('number')) ||
      (other.has('number') && kinds.has('numeric string') && !kinds.has('number'));
    if (!same || numberAsString) {
      differences.push({
        path,
        difference: differenceOf(kinds, other),
        recorded: [...kinds],
        live: [...other],
      });
    }
  }
  for (const [path, kinds] of live) {
    if (outermostAbsent(recorded, path)) {
      differences.push({ path, difference: 'extra', recorded: [], live: [...kinds] });
    }
  }
  return differences;
}
