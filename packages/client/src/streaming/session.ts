import type { paths } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { BrokerageApiError } from '../errors.js';
import { tickleSession } from '../session/tickle.js';

/** The session id for the socket's `{"session": ...}` message, read from the HTTP client with
 * a ping (`POST /v1/api/tickle`, the `session` of its answer): whatever the HTTP client's auth
 * (cookie, OAuth, bearer), the socket joins the same session. */
export function sessionOf(client: Client<paths>): () => Promise<string> {
  return async () => {
    const { data, error, response } = await client.POST('/v1/api/tickle');
    if (error !== undefined || !data) throw new BrokerageApiError(response.status, 'tickle', error);
    const { session } = tickleSession(data);
    // Without it the socket cannot join the session: an answer of no use, told as an error.
    if (session === undefined) throw new BrokerageApiError(response.status, 'tickle', data);
    return session;
  };
}
