/** What the MCP endpoint's protected-resource metadata offers. */
export const resourceScopes = ['mcp.read', 'mcp.write'] as const;

/** What the authorization server's metadata lists. */
export const serverScopes = [
  'openid',
  'profile',
  'email',
  'account-ids',
  'mcp.read',
  'mcp.write',
  'mcp.orders.submit',
] as const;

/** The scope every registered client is given, whatever it asked for (the service's rewrite). */
export const registeredScope = 'mcp.orders.submit mcp.read mcp.write';

/** An access token's life in seconds, as the service gives it. */
export const accessTokenSeconds = 599;

/** How long an authorization request waits for consent, and a code for its redemption. */
export const pendingLifeMs = 10 * 60_000;

/** The scope asked for, or undefined when it names a scope the server does not know. */
export function knownScope(scope: string | undefined): string | undefined {
  const asked = (scope ?? resourceScopes.join(' ')).split(' ').filter(Boolean);
  const known: readonly string[] = serverScopes;
  return asked.every((name) => known.includes(name)) ? asked.join(' ') : undefined;
}

/** How long a registered client is kept, and how many at most: registration is open to anyone
 * (as the service's is), so neither may grow the state without bound. */
export const clientLifeMs = 30 * 24 * 60 * 60_000;
export const maxClients = 10_000;
