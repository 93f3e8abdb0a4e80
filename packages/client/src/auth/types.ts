/** Pluggable authentication: adds credentials to every request the client sends. */
export interface AuthProvider {
  /** Returns the request with its credentials (a header, a cookie, a signature). */
  authorize(request: Request): Request | Promise<Request>;
  /** Called after a 401: refresh the credentials (a new token) and answer true to retry once. */
  refresh?(): Promise<boolean>;
}
