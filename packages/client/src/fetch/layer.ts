/** The fetch the typed client calls: one request in, one response out. */
export type Fetch = (request: Request) => Promise<Response>;

/** One concern of the request path (auth, timeout, pacing, retry) wrapped around the next. */
export type FetchLayer = (next: Fetch) => Fetch;

/** Wraps `base` in `layers`, the first outermost. */
export function compose(base: Fetch, layers: FetchLayer[]): Fetch {
  return layers.reduceRight<Fetch>((next, layer) => layer(next), base);
}

/** "GET /v1/api/tickle": the method and the URL's path, as pacing limits and operations name them. */
export function endpointOf(request: Request): string {
  return `${request.method.toUpperCase()} ${new URL(request.url).pathname}`;
}
