import type { OperationId } from '@brokerage/types';
import type { OperationRequest } from '../http/handler.js';

/** The Authorization header of a request, as one string. */
export function authorizationOf(request: OperationRequest<OperationId>): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
}
