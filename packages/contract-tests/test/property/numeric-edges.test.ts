// Every numeric path and query parameter, set to a number past its bounds (the infinities a
// coercing validator lets through, the first values outside the range, a fraction for an
// integer), gets the operation's documented error: a handler never sees such a value.
import { operations } from '../../src/document.js';
import { invoke } from '../../src/invoke.js';
import { invalidRequestStatuses, propertyServerOptions } from '../../src/property.js';
import { numericEdgeRequests } from '../../src/requests.js';
import { scopedCredentials } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

const cases = operations
  .map((op) => [op.operationId, op, numericEdgeRequests(op)] as const)
  .filter(([, , requests]) => requests.length > 0);

describe('numeric parameters past their bounds', () => {
  const suite = useTarget(propertyServerOptions, 'property');
  const credentials = scopedCredentials(suite);

  it('covers the operations with numeric parameters', () => {
    expect(cases.map(([id]) => id)).toContain('getTrades');
  });

  it.each(cases)('%s: its documented error', async (_id, op, requests) => {
    const expected = invalidRequestStatuses(op);
    const wrong: string[] = [];
    for (const request of requests) {
      const answer = await invoke(suite.client, op, request, await credentials(op));
      if (!expected.includes(answer.status)) wrong.push(`${request.kind}: ${answer.status}`);
      suite.target.inProcess?.server.openGatewaySession();
    }
    expect(wrong).toEqual([]);
  });
});
