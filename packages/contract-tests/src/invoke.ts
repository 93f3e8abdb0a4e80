// Sends a request to an operation by its operationId, through the typed client (so the contract
// middleware checks and records the answer).
import type { BrokerageClient } from './client.js';
import type { DocumentOperation } from './document.js';
import { signedJwtBody } from './oauth2.js';
import type { OperationRequest } from './requests.js';

export interface Answer {
  status: number;
  body: unknown;
  response: Response;
}

type Init = Record<string, unknown>;
type Send = (
  method: string,
  path: string,
  init: Init,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Calls the operation with the request's parameters and body (a raw body is sent as given, signed
 * claims as a JWT the test client signs now). */
export async function invoke(
  client: BrokerageClient,
  op: DocumentOperation,
  request: OperationRequest,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: Init = {
    params: { path: request.path, query: request.query },
    headers: { ...headers },
  };
  const raw =
    request.raw ??
    (request.signed === undefined
      ? undefined
      : { text: await signedJwtBody(request.signed), contentType: 'application/jwt' });
  if (raw) {
    const { text, contentType } = raw;
    init.body = text;
    init.bodySerializer = () => text;
    (init.headers as Record<string, string>)['content-type'] = contentType;
  } else if (request.body !== undefined) {
    init.body = request.body;
  }
  const send = (client.request as unknown as Send).bind(client);
  const { data, error, response } = await send(op.method.toUpperCase(), op.path, init);
  return { status: response.status, body: data ?? error, response };
}
