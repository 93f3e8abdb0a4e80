import type { DocumentOperation } from '../../src/document.js';
import { accessToken, bearerHeader } from '../../src/oauth2.js';
import { sendsScopedToken } from '../../src/property.js';
import type { Suite } from './target.js';

/** The target's time: its clock in process, else this machine's. */
const nowOf = (suite: Suite): number => suite.target.inProcess?.clock.now() ?? Date.now();

/** The Authorization header of a bearer access token of the test client for `scope` (the
 * `/gw/api/v1` operations), asked of the suite's target on its clock. */
export const bearer = (suite: Suite, scope: string): Promise<{ authorization: string }> =>
  bearerHeader(suite.client, suite.target.baseUrl, nowOf(suite), scope);

/** The headers the property runs send to an operation: a bearer token with its scopes where it
 * names some (`sendsScopedToken`), none otherwise. A token is asked once per set of scopes and
 * again once half its lifetime has passed on the target's clock (the runs move it on). */
export function scopedCredentials(
  suite: Suite,
): (op: DocumentOperation) => Promise<Record<string, string>> {
  const tokens = new Map<string, { renewAt: number; header: { authorization: string } }>();
  return async (op) => {
    if (!sendsScopedToken(op)) return {};
    const scope = op.scopes.join(' ');
    const now = nowOf(suite);
    let token = tokens.get(scope);
    if (!token || now >= token.renewAt) {
      const issued = await accessToken(suite.client, suite.target.baseUrl, now, scope);
      token = { renewAt: now + issued.lifetimeMs / 2, header: issued.header };
      tokens.set(scope, token);
    }
    return token.header;
  };
}
