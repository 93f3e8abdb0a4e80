import type { FetchLayer } from '../fetch/layer.js';
import type { AuthProvider } from './types.js';

async function authorize(auth: AuthProvider, request: Request): Promise<Request> {
  const authorized = await auth.authorize(request);
  // Keep the timeout's signal even if the provider built a fresh request.
  return authorized === request ? request : new Request(authorized, { signal: request.signal });
}

/** Adds credentials to every attempt (so signatures and nonces are fresh on each retry); after a
 * 401, asks the provider to refresh and, when it can, sends the request once more. */
export function authLayer(auth: AuthProvider): FetchLayer {
  return (next) => async (request) => {
    const spare = auth.refresh ? (request.body === null ? request : request.clone()) : undefined;
    const response = await next(await authorize(auth, request));
    if (response.status !== 401 || !spare || !auth.refresh || !(await auth.refresh()))
      return response;
    await response.body?.cancel();
    return next(await authorize(auth, spare));
  };
}
