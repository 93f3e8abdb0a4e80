// Generated valid requests of every operation get a documented status and a valid body (the
// contract middleware checks each answer: a 500 for an answer of the server's own that broke the
// document fails with the operation and the response check's message). On the in-process server
// each request comes after a move of the simulation (its clock forward by any number of
// milliseconds, the prices walked a step every other time), so the answers are checked in the
// states the simulation reaches, not only at its start.
import fc from 'fast-check';
import { operations } from '../../src/document.js';
import { invoke } from '../../src/invoke.js';
import {
  configureProperties,
  propertyRuns,
  propertySeed,
  propertyServerOptions,
} from '../../src/property.js';
import { validRequestArbitrary } from '../../src/requests.js';
import { externalBaseUrl } from '../../src/target.js';
import { scopedCredentials } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

configureProperties();

/** The clock's move before request number `n`: spread over 0 to 4 minutes (within the
 * session's idle timeout, so the session and what it asked before stay), at any millisecond. A
 * function of the count, not a generated value, so the generated requests stay those of the
 * seed. */
const clockMoveMs = (n: number) => (n * 104_729) % (4 * 60_000);

describe(`generated valid requests (seed ${propertySeed}, ${propertyRuns} runs per operation)`, () => {
  const suite = useTarget(propertyServerOptions, 'property');
  const credentials = scopedCredentials(suite);
  // Logging out would end the session an external target was given.
  const checked = operations.filter((op) => !(externalBaseUrl && op.operationId === 'logout'));
  let requests = 0;

  /** Moves the in-process simulation before request number `n`. */
  async function move(n: number): Promise<void> {
    const server = suite.target.inProcess?.server;
    if (!server) return;
    const before = server.openGatewaySession().id;
    server.controls.advanceClock(clockMoveMs(n));
    if (n % 2 === 0) server.controls.walkPrices();
    // A day's end ends the gateway's sign-on: its client asks for its accounts again, as a real
    // one does, or every later trading call would answer 400 and check nothing more.
    if (server.openGatewaySession().id !== before)
      await suite.client.GET('/v1/api/iserver/accounts');
  }

  it.each(checked.map((op) => [op.operationId, op] as const))(
    '%s: a documented status and a valid body',
    async (_id, op) => {
      await fc.assert(
        fc.asyncProperty(validRequestArbitrary(op), async (request) => {
          await move(requests++);
          const answer = await invoke(suite.client, op, request, await credentials(op));
          expect(op.responses.has(answer.status)).toBe(true);
          suite.target.inProcess?.server.openGatewaySession();
        }),
      );
    },
  );
});
