// A fuzz run of the `/gw/api/v1` operations (issue 39): every operation that names scopes is
// called with a token of each of its scopes alone, with generated requests whose signed-JWT
// bodies carry generated claims (an example's claims with generated values grafted in, or any
// JSON object), signed by the test client, and generated malformed requests. Every answer is documented and none is a 5xx: a
// malformed or unexpected claim is a client's mistake (400) or a refusal, never a server error;
// and the server keeps serving.
import fc from 'fast-check';
import { operations } from '../../src/document.js';
import { invoke } from '../../src/invoke.js';
import { bearerHeader } from '../../src/oauth2.js';
import {
  configureProperties,
  invalidRequestStatuses,
  propertyRuns,
  propertySeed,
  propertyServerOptions,
} from '../../src/property.js';
import {
  exampleRequests,
  invalidRequestArbitrary,
  requestIsValid,
  validRequestArbitrary,
  type OperationRequest,
} from '../../src/requests.js';
import { useTarget } from '../support/target.js';

configureProperties();

const jwtMediaType = 'application/jwt';

/** Generated claims: an example's, some replaced by generated JSON values, or any object. */
const claimsArbitrary = (examples: Record<string, unknown>[]) =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...(examples.length > 0 ? examples : [{}])),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
        fc.array(fc.nat(), { maxLength: 3 }),
      )
      .map(([example, extra, replaced]) => {
        const keys = Object.keys(example);
        const claims = { ...example, ...extra };
        for (const at of replaced) {
          const key = keys[at % Math.max(1, keys.length)];
          if (key !== undefined) claims[key] = extra[Object.keys(extra)[0] ?? ''] ?? null;
        }
        return claims;
      }),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 8 }),
  );

const scoped = operations.filter((op) => op.scopes.length > 0);

describe(`a fuzz run of the /gw operations (seed ${propertySeed}, ${propertyRuns} runs per operation and scope)`, () => {
  const suite = useTarget(propertyServerOptions, 'property');
  const nowOf = () => suite.target.inProcess?.clock.now() ?? Date.now();

  it.each(scoped.flatMap((op) => op.scopes.map((scope) => [op.operationId, scope, op] as const)))(
    '%s with only %s: documented answers, never a 5xx',
    async (_id, scope, op) => {
      const headers = await bearerHeader(suite.client, suite.target.baseUrl, nowOf(), scope);
      const signs = op.requestBody?.content[jwtMediaType] !== undefined;
      const examples = exampleRequests(op).map((request) => request.signed ?? {});
      const valid: fc.Arbitrary<OperationRequest> = signs
        ? fc
            .tuple(validRequestArbitrary(op), claimsArbitrary(examples))
            .map(([request, claims]) => ({
              ...request,
              signed: claims,
              kind: `signed generated claims ${JSON.stringify(claims).slice(0, 200)}`,
            }))
        : validRequestArbitrary(op);
      // Malformed ones too (odd ids, bodies that are not a JWT...): the operation's documented
      // error for a client's mistake, never a 5xx.
      const requests = fc.oneof(valid, invalidRequestArbitrary(op));
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answer = await invoke(suite.client, op, request, headers);
          const expected = requestIsValid(op, request)
            ? [...op.responses.keys()]
            : invalidRequestStatuses(op, request.kind);
          expect([request.kind, expected.includes(answer.status)]).toEqual([request.kind, true]);
          expect([request.kind, answer.status < 500]).toEqual([request.kind, true]);
        }),
      );
      const ping = await suite.client.POST('/v1/api/tickle');
      expect(ping.response.status).toBe(200);
    },
  );
});
