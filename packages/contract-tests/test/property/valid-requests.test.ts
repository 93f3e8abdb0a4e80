// Generated valid requests of every operation get a documented status and a valid body (the
// contract middleware checks each answer), and never the server's 500 for an answer of its own
// that broke the document (named with the operation and the response check's message).
import fc from 'fast-check';
import { operations } from '../../src/document.js';
import { invoke } from '../../src/invoke.js';
import {
  brokenOwnDocument,
  configureProperties,
  propertyRuns,
  propertySeed,
} from '../../src/property.js';
import { validRequestArbitrary } from '../../src/requests.js';
import { externalBaseUrl } from '../../src/target.js';
import { useTarget } from '../support/target.js';

configureProperties();

describe(`generated valid requests (seed ${propertySeed}, ${propertyRuns} runs per operation)`, () => {
  const suite = useTarget({}, 'property');
  // Logging out would end the session an external target was given.
  const checked = operations.filter((op) => !(externalBaseUrl && op.operationId === 'logout'));

  it.each(checked.map((op) => [op.operationId, op] as const))(
    '%s: a documented status and a valid body',
    async (_id, op) => {
      await fc.assert(
        fc.asyncProperty(validRequestArbitrary(op), async (request) => {
          const answer = await invoke(suite.client, op, request);
          expect({ operation: op.operationId, broken: brokenOwnDocument(answer) }).toEqual({
            operation: op.operationId,
            broken: undefined,
          });
          expect(op.responses.has(answer.status)).toBe(true);
          suite.target.inProcess?.server.openGatewaySession();
        }),
      );
    },
  );
});
