// The scopes a grant holds, told apart by the tools: those that change nothing need `mcp.read`,
// those that change state `mcp.write`; a token without it is answered 403 `insufficient_scope`.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { agentTools } from '../../src/mcp/tools/index.js';
import { startServer, type Harness } from '../harness.js';
import { connectWithToken, endpointOf } from './agent-client.js';

let server: Harness;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function connectWithScope(scope: string): Promise<Client> {
  const answer = await server.call('POST', '/control/agent/tokens', {
    body: { username: 'demo_individual', scope },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.scope).toBe(scope);
  return connectWithToken(server, answer.body.access_token);
}

const watchlist = { name: 'Scoped', instruments: ['265598'] };

describe('the MCP scopes', () => {
  it('mark each tool read or write', () => {
    const writes = agentTools.filter((tool) => !tool.readOnly).map((tool) => tool.name);
    expect(writes).toEqual(
      expect.arrayContaining(['create_watchlist', 'create_alert', 'create_order_instruction']),
    );
    expect(writes).not.toContain('get_account_summary');
  });

  it('mcp.read reads and is refused the tools that change state', async () => {
    const client = await connectWithScope('mcp.read');
    try {
      const read = await client.callTool({ name: 'get_account_summary', arguments: {} });
      expect(read.isError).toBeFalsy();
      const refused = client.callTool({ name: 'create_watchlist', arguments: watchlist });
      await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
      await expect(refused).rejects.toMatchObject({ code: 403 });
      const lists = await client.callTool({ name: 'get_watchlists', arguments: {} });
      expect(JSON.stringify(lists.structuredContent)).not.toContain('Scoped');
    } finally {
      await client.close();
    }
  });

  it('mcp.write changes state and is refused the reading tools', async () => {
    const client = await connectWithScope('mcp.write');
    try {
      const made = await client.callTool({ name: 'create_watchlist', arguments: watchlist });
      expect(made.isError).toBeFalsy();
      await expect(
        client.callTool({ name: 'get_account_summary', arguments: {} }),
      ).rejects.toMatchObject({ code: 403 });
    } finally {
      await client.close();
    }
  });

  it('answers the scope needed in WWW-Authenticate, as RFC 6750 words it', async () => {
    const { body } = await server.call('POST', '/control/agent/tokens', {
      body: { username: 'demo_individual', scope: 'mcp.read' },
    });
    const headers = {
      Authorization: `Bearer ${body.access_token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    };
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call' };
    const answer = await fetch(endpointOf(server), {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...call, params: { name: 'delete_watchlist', arguments: { id: 1 } } }),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="mcp.write", resource_metadata="${server.baseUrl}/v1/api/mcp-public/.well-known/oauth-protected-resource"`,
    );
    expect(await answer.json()).toMatchObject({ error: 'insufficient_scope' });
  });

  it('refuses an unknown scope in the control call', async () => {
    const answer = await server.call('POST', '/control/agent/tokens', {
      body: { username: 'demo_individual', scope: 'mcp.everything' },
    });
    expect(answer.status).toBe(400);
  });
});
