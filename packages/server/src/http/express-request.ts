import type { Request } from 'express';
import type { CheckedRequest, Reply } from './handler.js';
import type { PipelineResponse } from './request-locals.js';
import { endOf } from './response-end.js';

/** The handler's request, read from the Express request once the validator has checked it: one
 * object per request, its abort signal made only when a handler reads it (few do). */
export class ExpressRequest implements CheckedRequest {
  readonly params: CheckedRequest['params'];
  readonly query: unknown;
  readonly body: unknown;
  readonly headers: CheckedRequest['headers'];
  readonly url: string;
  readonly method: string;
  readonly ip: string;
  #ended: AbortSignal | undefined;
  readonly #res: PipelineResponse;

  constructor(req: Request, res: PipelineResponse) {
    this.params = res.locals.params ?? {};
    this.query = req.query;
    this.body = req.body as unknown;
    this.headers = req.headers;
    this.url = req.originalUrl;
    this.method = req.method;
    this.ip = res.locals.ip ?? '';
    this.#res = res;
  }

  get signal(): AbortSignal {
    return (this.#ended ??= endOf(this.#res));
  }
}

/** The session cookie's attributes (Express copies them for each cookie). */
const cookieAttributes = Object.freeze({ httpOnly: true, sameSite: 'lax', path: '/' } as const);

/** What a handler may add to its answer, on the Express response. */
export class ExpressReply implements Reply {
  readonly #res: PipelineResponse;

  constructor(res: PipelineResponse) {
    this.#res = res;
  }

  setCookie(name: string, value: string): void {
    this.#res.cookie(name, value, cookieAttributes);
  }

  setHeader(name: string, value: string): void {
    this.#res.setHeader(name, value);
  }
}
