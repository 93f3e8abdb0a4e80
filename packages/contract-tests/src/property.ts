// Settings of the property-based runs: seeded, bounded (PROPERTY_RUNS per property: 5 in the
// test command, 10 in the Redis pass of the fuller tier, whose first 5 are the test command's
// cases; 1000 in `test:property`, the deeper run behind the flag), reproducible with
// PROPERTY_SEED. The test command's 5 reach every response that 10 reach
// (docs/decisions/engineering/testing-tiers.md).
import fc from 'fast-check';
import type { SandboxOptions } from '@brokerage/testing';
import type { DocumentOperation } from './document.js';

export const propertySeed = Number(process.env.PROPERTY_SEED ?? 20260105);
export const propertyRuns = Number(process.env.PROPERTY_RUNS ?? 5);

export function configureProperties(): void {
  fc.configureGlobal({ seed: propertySeed, numRuns: propertyRuns });
}

/** The in-process server of the property runs checks requests but not its own answers: the
 * contract middleware checks every answer with the generated validators (a broken one fails the
 * run all the same), while the server's response validation compiles each route's schemas on its
 * first answer (express-openapi-validator walks the whole document for each), which was most of
 * these files' time once the 52 `/gw/api/v1` routes were added (73 s instead of 39 s for the
 * valid requests). The hand-written contract tests keep both checks. */
export const propertyServerOptions: SandboxOptions = { validateResponses: false };

/** The statuses an invalid request of the operation may get: its documented invalid-request
 * status (`x-invalid-request-status`, else 400), or, where the operation documents none (it
 * takes no input), any documented error status. */
export function invalidRequestStatuses(op: DocumentOperation, kind = ''): number[] {
  // Token operations check first the credentials the generated request does not carry (it
  // carries a bearer token where the operation names scopes: `sendsScopedToken`).
  if (op.checksCredentialsFirst && !sendsScopedToken(op)) return [401];
  // Common to every operation (docs/openapi-conventions.md): a body over the limit answers 413.
  if (kind === 'oversized body') return [413];
  if (op.responses.has(op.invalidRequestStatus)) return [op.invalidRequestStatus];
  return [...op.responses.keys()].filter((status) => status >= 400);
}

/** The property runs send a bearer token with the operation's scopes where it names some (the
 * `/gw/api/v1` operations, single sign-on: `test/support/bearer.ts`), so their requests reach
 * validation and the handler. */
export const sendsScopedToken = (op: DocumentOperation): boolean => op.scopes.length > 0;
