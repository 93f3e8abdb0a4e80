/** Deep equality of plain data (primitives, arrays, plain objects), as `util.isDeepStrictEqual`
 * decides it for such values (a key set to `undefined` differs from a missing key), without a
 * Node module: the domain runs in a browser too. */
export function sameData(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
    return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every(
    (key) =>
      Object.hasOwn(right, key) &&
      sameData((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}
