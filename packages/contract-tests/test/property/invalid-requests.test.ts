// Generated invalid requests (wrong types, missing or extra fields, odd parameters, malformed,
// oversized or mistyped bodies) of every operation get the operation's documented error, never
// an undocumented status or a stack trace (the contract middleware checks each answer), and the
// server keeps serving.
import fc from 'fast-check';
import { operations } from '../../src/document.js';
import { invoke } from '../../src/invoke.js';
import {
  configureProperties,
  invalidRequestStatuses,
  propertyRuns,
  propertySeed,
  propertyServerOptions,
} from '../../src/property.js';
import { invalidRequestArbitrary, requestIsValid } from '../../src/requests.js';
import { scopedCredentials } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

configureProperties();

describe(`generated invalid requests (seed ${propertySeed}, ${propertyRuns} runs per operation)`, () => {
  const suite = useTarget(propertyServerOptions, 'property');
  const credentials = scopedCredentials(suite);

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: its documented error',
    async (_id, op) => {
      await fc.assert(
        fc.asyncProperty(invalidRequestArbitrary(op), async (request) => {
          const expected = invalidRequestStatuses(op, request.kind);
          const answer = await invoke(suite.client, op, request, await credentials(op));
          if (requestIsValid(op, request)) expect(op.responses.has(answer.status)).toBe(true);
          else if (!expected.includes(answer.status)) {
            throw new Error(
              `${request.kind}: answered ${answer.status}, documented ${expected.join(' or ')}`,
            );
          }
          suite.target.inProcess?.server.openGatewaySession();
        }),
      );
      const ping = await suite.client.POST('/v1/api/tickle');
      expect(ping.response.status).toBe(200);
    },
  );
});
