// The authorization server the MCP endpoint names (OAuth 2.1 as the service runs it): metadata,
// dynamic registration, authorize (consent is the control API's), token, revocation, userinfo.
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { OAuthError, OAuthRedirectError } from '../domain/agent-access/oauth-error.js';
import { resourceScopes, serverScopes } from '../domain/agent-access/scopes.js';
import { inUnit, type Store } from '../domain/kernel/store.js';
import type { Services } from '../domain/services.js';
import {
  authorizationServerMetadataPath,
  oauthPaths,
  originOf,
  resourceMetadataPath,
  resourceOf,
} from './addresses.js';
import { bearerOf } from './bearer.js';

/** The grants the token endpoint answers here; others (client_credentials with a signed
 * assertion) go on to the document's operation `createOAuth2Token`. */
const agentGrants = new Set(['authorization_code', 'refresh_token']);

/** Answers an OAuth error as RFC 6749 shapes it (a redirect to the client's `redirect_uri` for
 * an authorization request's); anything else goes to the error handlers. */
function sendOAuthError(error: unknown, res: Response, next: NextFunction): void {
  if (error instanceof OAuthRedirectError) return res.redirect(302, error.location());
  if (!(error instanceof OAuthError)) return next(error);
  res.status(error.status).json({ error: error.code, error_description: error.description });
}

/** A field of a parsed form or JSON body, if it is a string. */
const fieldsOf = (body: unknown): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(body && typeof body === 'object' ? body : {}).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : undefined,
    ]),
  );

export function oauthRouter(
  services: Services,
  options: { store: Store; bodyLimitBytes: number },
): Router {
  const { agentAuthorization, agentScenarios } = services;
  const { store } = options;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: options.bodyLimitBytes });
  const json = express.json({ limit: options.bodyLimitBytes });

  // The firewall in front of discovery and registration refuses requests without a User-Agent.
  const firewall = async (req: Request, res: Response, next: NextFunction) => {
    const armed = await inUnit(store, () => agentScenarios.current());
    if (armed.firewall && !req.get('user-agent')) {
      res.status(403).type('text/html').send('<html><body><h1>403 Forbidden</h1></body></html>');
      return;
    }
    next();
  };

  router.get(resourceMetadataPath, firewall, (req, res) => {
    res.json({
      resource: resourceOf(req),
      authorization_servers: [originOf(req)],
      scopes_supported: [...resourceScopes],
      bearer_methods_supported: ['header'],
    });
  });

  router.get(authorizationServerMetadataPath, firewall, (req, res) => {
    const origin = originOf(req);
    res.json({
      issuer: origin,
      authorization_endpoint: `${origin}${oauthPaths.authorize}`,
      token_endpoint: `${origin}${oauthPaths.token}`,
      revocation_endpoint: `${origin}${oauthPaths.revoke}`,
      userinfo_endpoint: `${origin}${oauthPaths.userinfo}`,
      registration_endpoint: `${origin}${oauthPaths.register}`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...serverScopes],
    });
  });

  router.post(oauthPaths.register, firewall, json, async (req, res, next) => {
    try {
      const client = await inUnit(store, () => {
        if (agentScenarios.current().registrationAllowlist) {
          throw new OAuthError('access_denied', 'Caller IP is not in the DCR allowlist', 403);
        }
        return agentAuthorization.register(req.body ?? {});
      });
      res.status(201).json({
        client_id: client.clientId,
        client_id_issued_at: Math.floor(client.createdAt / 1000),
        client_name: client.clientName,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: client.scope,
      });
    } catch (error) {
      sendOAuthError(error, res, next);
    }
  });

  // The user's login and consent happen in the service's pages; here the request waits for the
  // control API to consent in the user's name (`POST /control/agent/consent`).
  router.get(oauthPaths.authorize, async (req, res, next) => {
    try {
      const pending = await inUnit(store, () =>
        agentAuthorization.authorize(fieldsOf(req.query), resourceOf(req)),
      );
      res
        .status(200)
        .type('text/html')
        .send(
          `<!doctype html><html><head><title>Authorize</title></head><body><p>Authorization request ${pending.id} waits for the user's consent: POST /control/agent/consent.</p></body></html>`,
        );
    } catch (error) {
      sendOAuthError(error, res, next);
    }
  });

  router.post(oauthPaths.revoke, form, async (req, res) => {
    await inUnit(store, () => agentAuthorization.revoke(fieldsOf(req.body).token));
    res.status(200).end();
  });

  router.get(oauthPaths.userinfo, async (req, res) => {
    const token = bearerOf(req);
    const grant = token
      ? await inUnit(store, () => agentAuthorization.authenticate(token))
      : undefined;
    if (!grant) {
      res
        .status(401)
        .json({ error: 'invalid_token', error_description: 'Unknown or expired token' });
      return;
    }
    res.json({ sub: grant.username, account_ids: [grant.accountId] });
  });

  return router;
}

/** The token endpoint's grants of the MCP authorization. The path is a documented operation's
 * (`createOAuth2Token`), which skips the routes outside the document: this route is mounted on
 * the app before the pipeline, and hands every other grant on to the operation. */
export function agentTokenRoute(
  services: Services,
  options: { store: Store; bodyLimitBytes: number },
): Router {
  const { agentAuthorization } = services;
  const { store } = options;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: options.bodyLimitBytes });
  // A body over the limit is left unread for the operation, which answers 413 in its shape.
  const formWithinLimit = (req: Request, res: Response, next: NextFunction) =>
    Number(req.get('content-length') ?? 0) > options.bodyLimitBytes ? next() : form(req, res, next);
  router.post(oauthPaths.token, formWithinLimit, async (req, res, next) => {
    const fields = fieldsOf(req.body);
    if (!fields.grant_type || !agentGrants.has(fields.grant_type)) return next();
    try {
      const tokens = await inUnit(store, () =>
        fields.grant_type === 'refresh_token'
          ? agentAuthorization.refresh(fields)
          : agentAuthorization.exchangeCode(fields),
      );
      res.set('Cache-Control', 'no-store').json(tokens);
    } catch (error) {
      sendOAuthError(error, res, next);
    }
  });

  return router;
}
