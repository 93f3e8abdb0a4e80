// Fetch API responses for the answers of the simulation: a 200 body, or an error in the shape the
// document gives for the operation and status.
import {
  answerFor,
  BinaryBody,
  errorReply,
  type ErrorAnswer,
  type OperationInfo,
  type Reply,
} from '@brokerage/server/core';

/** The headers a handler sets beside its body (cookies, `Retry-After`...), collected for the
 * response. */
export function collectedReply(): { reply: Reply; headers: Headers } {
  const headers = new Headers();
  return {
    headers,
    reply: {
      setCookie: (name, value) =>
        headers.append('Set-Cookie', `${name}=${value}; Path=/; HttpOnly; SameSite=Lax`),
      setHeader: (name, value) => headers.set(name, value),
    },
  };
}

export function okResponse(body: unknown, headers: Headers): Response {
  if (body instanceof BinaryBody) {
    headers.set('Content-Type', body.contentType);
    return new Response(new Uint8Array(body.bytes), { status: 200, headers });
  }
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status: 200, headers });
}

/** An error (a DomainError, a validation failure) answered as the server answers it. */
export const errorResponse = (error: unknown, operation: OperationInfo, path: string): Response =>
  answerResponse(answerFor(error, operation), operation, path);

export function answerResponse(
  answer: ErrorAnswer,
  operation: OperationInfo,
  path: string,
): Response {
  const reply = errorReply(answer, operation, path);
  const headers = new Headers({ 'Content-Type': `${reply.contentType}; charset=utf-8` });
  if (reply.retryAfterSeconds !== undefined)
    headers.set('Retry-After', String(reply.retryAfterSeconds));
  return new Response(reply.body, { status: reply.status, headers });
}
