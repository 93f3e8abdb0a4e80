// The MCP endpoint over streamable HTTP: a bearer token of the agent authorization on every
// request; a session (`Mcp-Session-Id`) opened by `initialize`, kept in the store and bound to the
// grant that opened it, so that any process on a shared store answers its next request; each
// request served by a fresh MCP server on the SDK's transport without sessions of its own.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import express, { Router, type Request, type Response } from 'express';
import type { AgentGrant } from '../domain/agent-access/model.js';
import { DomainError, unauthorized } from '../domain/kernel/errors.js';
import type { LookupThrottle } from '../http/lookup-throttle.js';
import { inUnit, type Store } from '../domain/kernel/store.js';
import { endpointPath, originOf, resourceMetadataPath } from './addresses.js';
import { createAgentServer, type AgentServerContext, type CallerInfo } from './agent-server.js';
import { bearerOf } from './bearer.js';
import { protocolVersion } from './server-identity.js';
import { missingScope } from './tool-scopes.js';

/** A JSON-RPC error answer outside any request's id (the transport's own form). */
function rpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

const isToolsList = (body: unknown) =>
  (Array.isArray(body) ? body : [body]).some(
    (message) => (message as { method?: unknown } | null)?.method === 'tools/list',
  );

export function agentEndpointRouter(
  context: AgentServerContext & {
    store: Store;
    bodyLimitBytes: number;
    throttle: LookupThrottle | undefined;
  },
): Router {
  const { services, store } = context;
  const tools = new Map(context.tools.map((tool) => [tool.name, tool]));
  const router = Router();

  /** Serves one request with an MCP server of its own (the SDK's transport without sessions:
   * the session is this router's, in the store). */
  async function serve(req: Request, res: Response): Promise<void> {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const server = createAgentServer(context);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  /** The token's grant, failed checks counted per address and token (the server's lookup
   * throttle: 429 past its limit); undefined for no token or an unknown one. */
  async function authenticate(req: Request, token: string | undefined) {
    if (token === undefined) return undefined;
    const lookup = () =>
      inUnit(store, () => {
        const found = services.agentAuthorization.authenticate(token);
        if (!found) throw unauthorized('invalid token');
        return found;
      });
    const { throttle } = context;
    try {
      return await (throttle
        ? throttle.check({ address: req.ip ?? 'unknown', credential: token }, lookup)
        : lookup());
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unauthorized') return undefined;
      throw error;
    }
  }

  router.all(
    endpointPath,
    express.json({ limit: context.bodyLimitBytes }),
    async (req: Request, res: Response) => {
      const token = bearerOf(req);
      let found: AgentGrant | undefined;
      try {
        found = await authenticate(req, token);
      } catch (error) {
        if (!(error instanceof DomainError && error.kind === 'rateLimited')) throw error;
        res.status(429).set('Retry-After', String(error.retryAfterSeconds ?? 60));
        res.json({ error: 'Too many failed token checks' });
        return;
      }
      const grant = found;
      if (!token || !grant) {
        res
          .status(401)
          .set(
            'WWW-Authenticate',
            `Bearer resource_metadata="${originOf(req)}${resourceMetadataPath}"`,
          )
          .json({ error: 'invalid_token', error_description: 'A valid bearer token is required' });
        return;
      }
      if (
        req.method === 'POST' &&
        isToolsList(req.body) &&
        (await inUnit(store, () => services.agentScenarios.takeToolListFailure()))
      ) {
        res.status(503).set('Retry-After', '1').json({ error: 'Service temporarily unavailable' });
        return;
      }
      const scope = req.method === 'POST' ? missingScope(req.body, grant, tools) : undefined;
      if (scope !== undefined) {
        res
          .status(403)
          .set(
            'WWW-Authenticate',
            `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${originOf(req)}${resourceMetadataPath}"`,
          )
          .json({ error: 'insufficient_scope', error_description: `This tool needs ${scope}` });
        return;
      }
      const caller: CallerInfo = { grant, origin: originOf(req) };
      Object.assign(req, {
        auth: { token, clientId: grant.clientId, scopes: grant.scope.split(' '), extra: caller },
      });
      if (req.method === 'POST' && isInitializeRequest(req.body)) {
        // The service answers one version whatever the client asks.
        req.body.params.protocolVersion = protocolVersion;
        const id = await inUnit(store, () => services.agentSessions.open(grant, protocolVersion));
        res.set('Mcp-Session-Id', id);
        await serve(req, res);
        return;
      }
      const sessionId = req.get('mcp-session-id');
      if (sessionId === undefined) {
        rpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
        return;
      }
      const session = await inUnit(store, () => services.agentSessions.find(sessionId, grant));
      if (!session) {
        rpcError(res, 404, -32001, 'Session not found');
        return;
      }
      const asked = req.get('mcp-protocol-version');
      if (asked !== undefined && asked !== session.protocolVersion) {
        // The one version the session speaks (the transport would take any the SDK knows).
        rpcError(
          res,
          400,
          -32000,
          `Bad Request: Unsupported protocol version: ${asked} (supported versions: ${session.protocolVersion})`,
        );
        return;
      }
      if (req.method === 'DELETE') {
        await inUnit(store, () => services.agentSessions.close(sessionId, grant));
        res.status(200).end();
        return;
      }
      if (req.method !== 'POST') {
        // No stream of the server's own: its answers come as JSON to each POST.
        res.status(405).set('Allow', 'POST, DELETE').end();
        return;
      }
      await serve(req, res);
    },
  );
  return router;
}
