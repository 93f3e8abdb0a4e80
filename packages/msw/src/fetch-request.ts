// A Fetch API request (what MSW hands a resolver) read as the reference server reads its requests.
import type { IncomingRequest } from '@brokerage/server/core';

/** Header names in lower case, as Node gives them. */
export function headersOf(request: Request): IncomingRequest['headers'] {
  // A fetch request carries no Host header (a forbidden name): its URL's host stands for it, as
  // an HTTP server reads it (the OAuth 2.0 token operation checks its audience against it).
  const headers: IncomingRequest['headers'] = { host: new URL(request.url).host };
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return headers;
}

/** Query parameters by name; a repeated one gives an array (as the server's query parser does). */
export function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const previous = query[name];
    query[name] = previous === undefined ? value : [previous, value].flat();
  }
  return query;
}

/** The request's body: JSON (`application/json`, `+json`), form fields or a signed JWT
 * (`application/jwt`, as text), undefined when it has none; `error` when a JSON body does not parse, answered after the gate as the server does. */
export async function bodyOf(request: Request): Promise<{ body?: unknown; error?: Error }> {
  const text = await request.text();
  if (text === '') return {};
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
  if (contentType.startsWith('application/x-www-form-urlencoded'))
    return { body: Object.fromEntries(new URLSearchParams(text)) };
  if (contentType.startsWith('application/jwt')) return { body: text };
  if (!/^application\/([\w.-]+\+)?json/.test(contentType)) return {};
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: Object.assign(new Error((error as Error).message), { status: 400 }) };
  }
}
