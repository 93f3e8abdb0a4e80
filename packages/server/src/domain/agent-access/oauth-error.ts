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
