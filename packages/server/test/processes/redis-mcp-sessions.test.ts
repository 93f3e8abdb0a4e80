// An MCP session opened on one process is answered by the others on the same Redis (`--workers`,
// processes behind a load balancer): the session lives in the store, not in the process that
// answered `initialize`. Each server here has its own replica and connection, as a process would.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type Harness } from '../harness.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { controlTokens, endpointOf } from '../mcp/agent-client.js';

const scratch = useScratchRedis();
const { started } = scratch;

async function serverOn(prefix: string): Promise<Harness> {
  const server = await startServer({ store: scratch.redis.urlWithPrefix(prefix) });
  started.push(server);
  return server;
}

describe('MCP sessions on one Redis', () => {
  it('are answered by whichever process a request reaches', async () => {
    const servers = [await serverOn('mcp'), await serverOn('mcp')] as const;
    const { access_token: token } = await controlTokens(servers[0]);
    // A load balancer handing requests round: each one to the other process.
    const reached: string[] = [];
    let next = 0;
    const roundRobin: typeof fetch = (input, init) => {
      const server = servers[next++ % servers.length] ?? servers[0];
      const url = new URL(String(input instanceof Request ? input.url : input));
      const target = new URL(`${url.pathname}${url.search}`, server.baseUrl);
      reached.push(target.origin);
      return fetch(target, init);
    };
    const transport = new StreamableHTTPClientTransport(endpointOf(servers[0]), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: roundRobin,
    });
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(transport.sessionId).toMatch(/^[0-9a-f]{32}$/);
      for (let call = 0; call < 4; call += 1) {
        expect((await client.listTools()).tools).toHaveLength(34);
        const summary = await client.callTool({ name: 'get_account_summary', arguments: {} });
        expect(summary.isError).toBeFalsy();
      }
      expect(new Set(reached)).toEqual(new Set(servers.map((server) => server.baseUrl)));
      // Ended on one process, the session is gone on the other.
      const sessionId = transport.sessionId ?? '';
      await transport.terminateSession();
      const after = await fetch(endpointOf(servers[1]), {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': sessionId,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      expect(after.status).toBe(404);
    } finally {
      await client.close();
    }
  });
});
