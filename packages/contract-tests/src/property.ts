// Settings of the property-based runs: seeded, bounded (PROPERTY_RUNS per property, 25 in the
// test command, 500 in `test:property`), reproducible with PROPERTY_SEED.
import fc from 'fast-check';
import type { DocumentOperation } from './document.js';

export const propertySeed = Number(process.env.PROPERTY_SEED ?? 20260105);
export const propertyRuns = Number(process.env.PROPERTY_RUNS ?? 25);

export function configureProperties(): void {
  fc.configureGlobal({ seed: propertySeed, numRuns: propertyRuns });
}

/** The statuses an invalid request of the operation may get: its documented invalid-request
 * status (`x-invalid-request-status`, else 400), or, where the operation documents none (it
 * takes no input), any documented error status. */
export function invalidRequestStatuses(op: DocumentOperation, kind = ''): number[] {
  // Token operations check the credentials the generated request does not carry first.
  if (op.checksCredentialsFirst) return [401];
  // Common to every operation (docs/openapi-conventions.md): a body over the limit answers 413.
  if (kind === 'oversized body') return [413];
  if (op.responses.has(op.invalidRequestStatus)) return [op.invalidRequestStatus];
  return [...op.responses.keys()].filter((status) => status >= 400);
}

/** The account-management operations (`/gw/api/v1`, but single sign-on): they need an OAuth 2.0
 * bearer token with their scopes, which the property runs do not hold yet (with them a run never
 * ends); `utilities.test.ts` covers them. */
export const needsScopedToken = (path: string): boolean => /^\/gw\/api\/v1\/(?!sso)/.test(path);
