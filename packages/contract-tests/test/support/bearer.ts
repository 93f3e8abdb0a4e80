import { clientAssertion, oauth2Client } from '../../src/oauth2.js';
import { controls } from '../../src/target.js';
import type { Suite } from './target.js';

const tokenPath = '/oauth2/api/v1/token';

/** The Authorization header of a bearer access token of the test client for `scope` (the
 * `/gw/api/v1` operations), asked of the suite's target on its clock. */
export async function bearer(suite: Suite, scope: string): Promise<{ authorization: string }> {
  const assertion = clientAssertion(
    oauth2Client(),
    suite.target.baseUrl + tokenPath,
    controls(suite.target).clock.now(),
  );
  const issued = await suite.client.ok(
    suite.client.POST(tokenPath, {
      body: {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope,
      },
    }),
  );
  return { authorization: `Bearer ${issued.access_token}` };
}
