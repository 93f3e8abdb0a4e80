// The MCP endpoint over streamable HTTP: a bearer token of the agent authorization on every
// request, one MCP session per `initialize` (bound to the grant that opened it), the SDK's
// transport for the rest.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import express, { Router, type Request, type Response } from 'express';
import type { AgentGrant } from '../domain/agent-access/model.js';
import { DomainError, unauthorized } from '../domain/kernel/errors.js';
import { secretHex } from '../domain/kernel/secrets.js';
import type { LookupThrottle } from '../http/lookup-throttle.js';
import { inUnit, type Store } from '../domain/kernel/store.js';
import { endpointPath, originOf, resourceMetadataPath } from './addresses.js';
import { createAgentServer, type AgentServerContext, type CallerInfo } from './agent-server.js';
import { bearerOf } from './bearer.js';

/** MCP sessions a process keeps at once; opening one more closes the oldest (a shared hosted
 * server must not grow without bound). */
export const maxAgentSessions = 1000;

interface OpenSession {
  transport: StreamableHTTPServerTransport;
  grantId: string;
}

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
  const sessions = new Map<string, OpenSession>();
  const router = Router();

  async function open(grantId: string): Promise<StreamableHTTPServerTransport> {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => secretHex(16),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        if (sessions.size >= maxAgentSessions) {
          const [oldest] = sessions.entries().next().value ?? [];
          if (oldest !== undefined) void sessions.get(oldest)?.transport.close();
        }
        sessions.set(id, { transport, grantId });
      },
      onsessionclosed: (id) => void sessions.delete(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createAgentServer(context).connect(transport);
    return transport;
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
      let grant: AgentGrant | undefined;
      try {
        grant = await authenticate(req, token);
      } catch (error) {
        if (!(error instanceof DomainError && error.kind === 'rateLimited')) throw error;
        res.status(429).set('Retry-After', String(error.retryAfterSeconds ?? 60));
        res.json({ error: 'Too many failed token checks' });
        return;
      }
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
      const caller: CallerInfo = { grant, origin: originOf(req) };
      Object.assign(req, {
        auth: { token, clientId: grant.clientId, scopes: grant.scope.split(' '), extra: caller },
      });
      const sessionId = req.get('mcp-session-id');
      const known = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (sessionId !== undefined && (!known || known.grantId !== grant.id)) {
        rpcError(res, 404, -32001, 'Session not found');
        return;
      }
      if (!known && !(req.method === 'POST' && isInitializeRequest(req.body))) {
        rpcError(res, 400, -32000, 'Bad Request: no session; send initialize first');
        return;
      }
      const transport = known?.transport ?? (await open(grant.id));
      await transport.handleRequest(req, res, req.body);
    },
  );
  return router;
}
