/** An error of the OAuth endpoints, answered `{error, error_description}` (RFC 6749 §5.2) with
 * its status, not in the document's shapes: these endpoints serve MCP clients' OAuth libraries. */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
    readonly status: 400 | 401 | 403 | 503 = 400,
  ) {
    super(description);
  }
}

/** An error of an authorization request whose client and `redirect_uri` are valid: answered by
 * redirecting the user's browser to that `redirect_uri` with `error`, `error_description` and
 * the request's `state` (OAuth 2.1 §4.1.2.1), not to the browser itself. */
export class OAuthRedirectError extends OAuthError {
  constructor(
    code: string,
    description: string,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(code, description);
  }

  /** The address the browser is sent to. */
  location(): string {
    const url = new URL(this.redirectUri);
    url.searchParams.set('error', this.code);
    url.searchParams.set('error_description', this.description);
    if (this.state !== undefined) url.searchParams.set('state', this.state);
    return url.toString();
  }
}
