/** Drops the oldest entries of `map` (in insertion order) until it holds at most `limit`. */
export function dropOldest(map: Map<unknown, unknown>, limit: number): void {
  for (const oldest of map.keys()) {
    if (map.size <= limit) break;
    map.delete(oldest);
  }
}
