import type {
  ErrorRequestHandler,
  Express,
  NextFunction,
  Request,
  RequestHandler,
  Response,
} from 'express';

/** Express's `app.handle`, as `enterDirectly` replaces it. */
type Handle = (req: Request, res: Response, callback?: NextFunction) => void;

/**
 * The app's requests enter `steps` directly, not through Express's router. The app has one
 * middleware (every request's steps as one `sequence`) and one error handler, mounted as usual, so
 * the router would only find them again on every request: its walk (the matching of each layer,
 * the parameter processing, the restoring of `req.baseUrl` and `req.next` for the layers after)
 * was a tenth of a read's CPU time. What Express sets up before the walk is set up here the same
 * way: the request's and response's references to each other, the app's request and response
 * prototypes, `res.locals`, and the values the router gives the first layer (`req.baseUrl`,
 * `req.originalUrl`, `req.params`). An app mounted in another (`parent.use(path, app)`) keeps the
 * `req.originalUrl` and `req.baseUrl` the parent's router set, and hands what it does not answer
 * to the parent's `next`.
 */
export function enterDirectly(
  app: Express,
  steps: RequestHandler,
  errors: ErrorRequestHandler,
): void {
  const handle: Handle = function handle(this: Express, req, res, callback) {
    // What Express and the steps add to the request and the response is added before their
    // prototypes change: V8 adds a property to an object whose prototype changed slowly (each
    // such addition cost about as much as a validation step).
    req.res = res;
    res.req = req;
    res.locals ??= Object.create(null) as Record<string, unknown>;
    req.originalUrl ||= req.url;
    req.baseUrl ??= '';
    req.params = {};
    // body-parser adds `body`; the validator `openapi`; `parseurl` its parse of the URL.
    const open = req as { body?: unknown; openapi?: unknown; _parsedUrl?: unknown };
    if (!('body' in open)) open.body = undefined;
    open.openapi = undefined;
    open._parsedUrl = undefined;
    // The validator hooks `res.json` on each response: the app's own, made the response's own.
    res.json = this.response.json;
    // Express computes `req.query` on each read (the validator reads it several times, then the
    // checks after it and the handler's request): computed once, by Express's own getter, it is
    // the request's own property, which every step shares and may replace.
    const ownQuery = Object.hasOwn(req, 'query');
    if (!ownQuery) Object.defineProperty(req, 'query', queryDescriptor);
    Object.setPrototypeOf(req, this.request);
    Object.setPrototypeOf(res, this.response);
    if (!ownQuery) req.query = Reflect.get(this.request, 'query', req) as Request['query'];
    const done: NextFunction = callback ?? unanswered(res);
    void steps(req, res, (error?: unknown) => {
      if (error === undefined || error === 'route' || error === 'router') done();
      else void errors(error, req, res, done);
    });
  };
  (app as unknown as { handle: Handle }).handle = handle;
}

/** The request's own `query`: writable, enumerable and configurable, so that the validator's way
 * of making it writable for a while (defined, then restored, on every request) changes nothing
 * in the request's shape. */
const queryDescriptor: PropertyDescriptor = {
  value: undefined,
  writable: true,
  enumerable: true,
  configurable: true,
};

/** What a request that no step answered gets outside another app: the error handler answers
 * every error, and the last step refuses with 404, so this is only a guard that the request is
 * never left open. */
const unanswered =
  (res: Response): NextFunction =>
  (error?: unknown) => {
    if (!res.headersSent) res.statusCode = error === undefined ? 404 : 500;
    res.end();
  };
