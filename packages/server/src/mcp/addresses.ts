import type { Request } from 'express';

/** The endpoint's path, as the service serves it. */
export const endpointPath = '/v1/api/mcp-public';

/** The protected-resource metadata: appended to the endpoint, as the service places it (not
 * inserted after the host as RFC 9728 would). */
export const resourceMetadataPath = `${endpointPath}/.well-known/oauth-protected-resource`;

export const authorizationServerMetadataPath = '/.well-known/oauth-authorization-server';

/** The authorization server's endpoints, at the service's addresses. */
export const oauthPaths = {
  authorize: '/oauth2/authorize',
  token: '/oauth2/api/v1/token',
  revoke: '/oauth2/api/v1/token/revoke',
  userinfo: '/oauth2/api/v1/userinfo',
  register: '/oauth2/register',
} as const;

/** The origin a request reached the server at (through `trust proxy` for the protocol). */
export const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** The MCP endpoint's URL: the resource tokens are asked for. */
export const resourceOf = (req: Request) => `${originOf(req)}${endpointPath}`;
