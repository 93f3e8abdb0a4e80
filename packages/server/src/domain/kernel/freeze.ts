/** Freezes `value` and, when `deep`, everything it holds: a record changed in place (instead of
 * being set again) would never reach the other processes, so it throws instead; a kept view
 * stays what it was when made (and its JSON text is made once: `http/json-body.ts`). */
export function freeze<T>(value: T, deep: boolean): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (deep) for (const member of Object.values(value)) freeze(member, deep);
  return value;
}
