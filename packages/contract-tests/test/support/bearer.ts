import { bearerHeader } from '../../src/oauth2.js';
import { controls } from '../../src/target.js';
import type { Suite } from './target.js';

/** The Authorization header of a bearer access token of the test client for `scope` (the
 * `/gw/api/v1` operations), asked of the suite's target on its clock. */
export const bearer = (suite: Suite, scope: string): Promise<{ authorization: string }> =>
  bearerHeader(suite.client, suite.target.baseUrl, controls(suite.target).clock.now(), scope);
