import type { SandboxOptions } from '@brokerage/testing';
import { contractClient, type BrokerageClient } from '../../src/client.js';
import type { Via } from '../../src/coverage.js';
import { startTarget, type Target } from '../../src/target.js';

export interface Suite {
  target: Target;
  client: BrokerageClient;
}

/** One target (and typed client) for the enclosing describe block: started before its tests,
 * closed after them. Server options apply only to the in-process reference server. */
export function useTarget(options: SandboxOptions = {}, via: Via = 'contract'): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.target = await startTarget(options);
    suite.client = contractClient(suite.target, via);
  });
  afterAll(() => suite.target.close());
  return suite;
}
