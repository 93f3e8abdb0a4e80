// The typed client the contract tests call the API with (the project's createBrokerageClient,
// without its pacing and retries so that every answer is the server's first), and the
// middleware that checks every answer against the document and records it for the coverage figure.
import {
  createBrokerageClient,
  type AuthProvider,
  type BrokerageClient,
  type Fetch,
} from '@brokerage/client';
import { createRouteMatcher } from '@brokerage/types';
import { recordReceived, type Via } from './coverage.js';
import { operationIndex, operations, type DocumentOperation } from './document.js';
import type { Target } from './target.js';
import { responseProblems } from './validate.js';

export type { BrokerageClient };

/** openapi-fetch's middleware, as the client takes it. */
type Middleware = Parameters<BrokerageClient['use']>[0];

const byRoute = operationIndex(operations);

/** An answer that breaks the contract: undocumented status, wrong media type or body. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** Signs of a leaked stack trace or crash page in an answer. */
const leakedInternals = /\n\s+at [^\n]+:\d+:\d+|<pre>|TypeError|ReferenceError/;

/** 5xx messages that mean the server failed rather than refused: an unhandled exception, an
 * answer that broke its own contract, or an operation without a handler. */
const serverFailure =
  /^(Internal Server Error$|Response does not match the document|\w+ is not built yet)/;

function failureOf(status: number, body: unknown): string | undefined {
  if (status < 500 || typeof body !== 'object' || body === null) return undefined;
  // The sentence of each error shape: `message` of `{status, error, message}` (whose `error` is
  // only the status's name), `error` of the error object, `detail` of problem details.
  const {
    message: sentence,
    error,
    detail,
  } = body as {
    message?: unknown;
    error?: unknown;
    detail?: unknown;
  };
  const message = sentence ?? error ?? detail;
  return typeof message === 'string' && serverFailure.test(message)
    ? `the server failed: ${message}`
    : undefined;
}

/** Media types whose bodies are bytes (a PDF), checked as bytes rather than as text. */
const binaryMediaType = /^(application\/(pdf|octet-stream)|image\/)/i;

async function readBody(response: Response): Promise<{ text: string; body: unknown }> {
  if (binaryMediaType.test(response.headers.get('content-type') ?? ''))
    return { text: '', body: new Uint8Array(await response.clone().arrayBuffer()) };
  const text = await response.clone().text();
  if (text.length === 0) return { text, body: undefined };
  try {
    return { text, body: JSON.parse(text) };
  } catch {
    return { text, body: text };
  }
}

/** Checks one answer of an operation against the document (throwing a ContractViolation) and
 * records (operationId, status) when it keeps it. */
async function checkAnswer(
  operation: DocumentOperation,
  response: Response,
  via: Via,
): Promise<void> {
  const { text, body } = await readBody(response);
  const problems = responseProblems(
    operation,
    response.status,
    response.headers.get('content-type') ?? '',
    body,
  );
  if (leakedInternals.test(text)) problems.push('the body leaks internals (a stack trace)');
  const failure = failureOf(response.status, body);
  if (failure) problems.push(failure);
  if (problems.length > 0) {
    throw new ContractViolation(
      `${operation.operationId} answered ${response.status} against the document: ${problems.join('; ')}\n` +
        `body: ${text.slice(0, 500)}`,
    );
  }
  // Only answers that keep the contract count towards the coverage figure.
  recordReceived({ operationId: operation.operationId, status: response.status, via });
}

/** Checks each answer against the document (throwing a ContractViolation, which fails the
 * call) and records (operationId, status) of those that keep it. */
export function contractMiddleware(via: Via): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const operation = byRoute.get(`${request.method} ${schemaPath}`);
      if (!operation)
        throw new ContractViolation(`${request.method} ${schemaPath} is not in the document`);
      await checkAnswer(operation, response, via);
      return undefined;
    },
  };
}

// `prefix`: a base URL may carry a path before the document's.
const matchRoute = createRouteMatcher(operations, { prefix: true });

/** A fetch for code that sends its own requests outside the typed client (an auth provider's
 * token requests): each answer is checked against the document and recorded, as the
 * middleware does for the client's calls. */
export function contractFetch(via: Via, base: Fetch = (request) => fetch(request)): Fetch {
  return async (request) => {
    const path = new URL(request.url).pathname;
    const operation = matchRoute(request.method, path)?.route;
    if (!operation) throw new ContractViolation(`${request.method} ${path} is not in the document`);
    const response = await base(request);
    await checkAnswer(operation, response, via);
    return response;
  };
}

/** Adds fixed headers (the target's credentials, a test's own) to every request. */
function withHeaders(headers: Record<string, string>): AuthProvider {
  return {
    authorize(request) {
      if (Object.keys(headers).length === 0) return request;
      const merged = new Headers(request.headers);
      for (const [name, value] of Object.entries(headers)) merged.set(name, value);
      return new Request(request, { headers: merged });
    },
  };
}

/** Fixed headers, then the provider's credentials (a signature covers the final request). */
function withHeadersThen(headers: Record<string, string>, auth: AuthProvider): AuthProvider {
  const fixed = withHeaders(headers);
  return {
    authorize: async (request) => auth.authorize(await fixed.authorize(request)),
    refresh: auth.refresh?.bind(auth),
  };
}

/** A typed client for the target whose every answer is checked against the document; `auth`
 * adds a provider's credentials (OAuth 1.0a signatures) to the fixed headers. */
export function contractClient(
  target: Target,
  via: Via = 'contract',
  headers: Record<string, string> = {},
  auth?: AuthProvider,
): BrokerageClient {
  const fixed = { ...target.headers, ...headers };
  const client = createBrokerageClient({
    baseUrl: target.baseUrl,
    auth: auth ? withHeadersThen(fixed, auth) : withHeaders(fixed),
    pacing: false,
    retry: false,
    // A request waits as long as the test does (jest's testTimeout): on a loaded CI machine a
    // cold request can take seconds, and the suite checks answers, never how fast they come.
    timeoutMs: 60_000,
  });
  client.use(contractMiddleware(via));
  return client;
}
