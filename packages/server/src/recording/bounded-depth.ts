// A JSON value from a recording (or an answer compared with one) is untrusted: however deep it is
// nested, it is walked without recursion here, and what lies deeper than `maxCompareDepth` is
// replaced by a marker, so that the recursive walks after it (shapes, ids, messages) stay shallow.

/** Levels of a JSON value compared; deeper ones are reported as one marker value. */
export const maxCompareDepth = 200;

/** What stands for a value deeper than `maxCompareDepth`. */
export const tooDeep = `(nested deeper than ${maxCompareDepth} levels: not compared)`;

/** A copy of `value` down to `maxDepth` levels, without recursion; deeper values are `tooDeep`. */
export function boundedDepth(value: unknown, maxDepth = maxCompareDepth): unknown {
  const root: { value: unknown } = { value: undefined };
  const pending: { source: unknown; depth: number; put: (copy: unknown) => void }[] = [
    { source: value, depth: 0, put: (copy) => (root.value = copy) },
  ];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { source, depth, put } = item;
    if (source === null || typeof source !== 'object') {
      put(source);
    } else if (depth >= maxDepth) {
      put(tooDeep);
    } else if (Array.isArray(source)) {
      const copy: unknown[] = new Array<unknown>(source.length);
      put(copy);
      source.forEach((child, index) =>
        pending.push({ source: child, depth: depth + 1, put: (c) => (copy[index] = c) }),
      );
    } else {
      const copy: Record<string, unknown> = {};
      put(copy);
      for (const [key, child] of Object.entries(source)) {
        copy[key] = undefined; // the keys in their order, filled as the walk reaches them
        pending.push({ source: child, depth: depth + 1, put: (c) => (copy[key] = c) });
      }
    }
  }
  return root.value;
}
