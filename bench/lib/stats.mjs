export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value below which `share` of `values` fall (nearest rank); NaN for none. */
export function percentile(values, share) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

export const round = (value, digits = 2) => Number(value.toFixed(digits));

/** Milliseconds taken by `run`. */
export async function timed(run) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}
