// Error statuses: every documented error of every operation, forced by fault injection and
// checked against the document's body shape; and the errors the reference server reaches on its
// own (no credentials, pacing, the request timeout, session expiry).
import { tickleSession } from '@brokerage/client';
import { contractClient } from '../src/client.js';
import { operations, type DocumentOperation } from '../src/document.js';
import { invoke, type Answer } from '../src/invoke.js';
import {
  exampleRequests,
  generatedRequest,
  requestIsValid,
  type OperationRequest,
} from '../src/requests.js';
import { controls, describeInProcess } from '../src/target.js';
import { useTarget } from './support/target.js';

/** A request of the operation that passes validation (so that it reaches the handler). */
function validRequest(op: DocumentOperation): OperationRequest {
  return (
    exampleRequests(op).find((request) => requestIsValid(op, request)) ?? generatedRequest(op, 0)
  );
}

describeInProcess('every documented error status, injected', () => {
  const suite = useTarget();
  const cases = operations.flatMap((op) =>
    [...op.responses.keys()]
      .filter((status) => status >= 400)
      .map((status) => [op.operationId, status, op] as const),
  );

  it.each(cases)(
    '%s answers an injected %i in its documented shape',
    async (operationId, status, op) => {
      const { server } = controls(suite.target);
      server.faults.setFault(op.operationId as never, { status, times: 1 });
      const answer = await invoke(contractClient(suite.target, 'fault'), op, validRequest(op));
      server.faults.clear();
      expect(answer.status).toBe(status);
    },
  );
});

/** Sends a request and moves the server's clock until the answer arrives. */
async function whileAdvancing(
  clock: { advance(ms: number): void },
  stepMs: number,
  send: Promise<Answer>,
): Promise<Answer> {
  let settled = false;
  void send.finally(() => (settled = true));
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    clock.advance(stepMs);
  }
  return send;
}

describeInProcess('errors the reference server reaches on its own', () => {
  describe('hosted mode', () => {
    const suite = useTarget({ mode: 'hosted' });

    it.each(['tickle', 'getAccounts', 'getPortfolioAccounts'])(
      '%s without credentials answers 401',
      async (operationId) => {
        const op = operations.find((o) => o.operationId === operationId) as DocumentOperation;
        const answer = await invoke(suite.client, op, validRequest(op));
        expect(answer.status).toBe(401);
      },
    );
  });

  describe('pacing', () => {
    const suite = useTarget({ pacing: true });

    it('a second ping within a second answers 429 with Retry-After', async () => {
      expect((await suite.client.POST('/v1/api/tickle')).response.status).toBe(200);
      const { response } = await suite.client.POST('/v1/api/tickle');
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('the request timeout', () => {
    const suite = useTarget({ requestTimeoutMs: 10_000 });

    it('a request that takes more than 10 seconds answers 503', async () => {
      const { server, clock } = controls(suite.target);
      server.faults.setLatency('getAccounts', 30_000);
      const op = operations.find((o) => o.operationId === 'getAccounts') as DocumentOperation;
      const answer = await whileAdvancing(clock, 2_000, invoke(suite.client, op, validRequest(op)));
      server.faults.clear();
      expect(answer.status).toBe(503);
      expect(JSON.stringify(answer.body)).toMatch(/10 seconds/);
    });
  });

  describe('session expiry', () => {
    const suite = useTarget({ sessionTimeoutMs: 60_000 });

    it('an idle session ends: its cookie answers 401 afterwards', async () => {
      const { session } = tickleSession(await suite.client.ok(suite.client.POST('/v1/api/tickle')));
      controls(suite.target).clock.advance(60_001);
      const { response } = await suite.client.POST('/v1/api/tickle', {
        headers: { cookie: `api=${session}` },
      });
      expect(response.status).toBe(401);
    });
  });
});
