/** What went wrong, in the brokerage's own terms. The HTTP layer maps each kind to the status
 * and body shape the document gives for the operation at hand. */
export type DomainErrorKind =
  | 'badRequest' // the input cannot be used (400)
  | 'unauthorized' // no valid credentials or session (401)
  | 'forbidden' // authenticated, but not allowed (403)
  | 'notFound' // no such route (404)
  | 'rejected' // the request cannot be processed: wrong id, invalid values (500)
  | 'unprocessable' // well formed, but refused by a business rule (422)
  | 'tooLarge' // more data than the server takes (413)
  | 'rateLimited' // over a pacing limit (429)
  | 'unavailable'; // timed out, not offered to this customer, or invalidated (503)

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Seconds to wait, for `rateLimited` (and an `unavailable` that knows). */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DomainErrorKind, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new DomainError('badRequest', message);
export const unauthorized = (message = 'not authenticated') =>
  new DomainError('unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('notFound', message);
export const rejected = (message: string) => new DomainError('rejected', message);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
export const tooLarge = (message: string) => new DomainError('tooLarge', message);
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError('unavailable', message, retryAfterSeconds);
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError('rateLimited', 'Too Many Requests', retryAfterSeconds);
