import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { agentTools } from '../../src/mcp/tools/index.js';
import { startServer, type Harness } from '../harness.js';
import { connectWithToken, controlTokens, endpointOf } from './agent-client.js';

let server: Harness;
let client: Client;
let transport: StreamableHTTPClientTransport;

beforeAll(async () => {
  server = await startServer();
  client = await connectWithToken(server, (await controlTokens(server)).access_token);
  transport = client.transport as StreamableHTTPClientTransport;
});

const rpcHeaders = (token: string, sessionId?: string) => ({
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  ...(sessionId === undefined ? {} : { 'Mcp-Session-Id': sessionId }),
});

/** A bare `initialize` asking `protocolVersion`. */
const initialize = (token: string, protocolVersion = '2025-06-18') =>
  fetch(endpointOf(server), {
    method: 'POST',
    headers: rpcHeaders(token),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'bare', version: '1' } },
    }),
  });
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('the MCP endpoint', () => {
  it('names itself as the service does', () => {
    expect(client.getServerVersion()).toEqual({ name: 'ibkr-cpapi-mcp', version: '1.2.2' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {}, resources: {} });
  });

  it('answers the protocol version of the service, 2025-06-18, whatever the client asks', async () => {
    // The SDK's client asks its latest version and accepts the service's answer.
    expect(transport.protocolVersion).toBe('2025-06-18');
    const { access_token: token } = await controlTokens(server, 'demo_broker');
    for (const asked of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const answer = await initialize(token, asked);
      expect(answer.status).toBe(200);
      expect((await answer.json()).result.protocolVersion).toBe('2025-06-18');
    }
  });

  it('lists 34 tools, each with input and output schemas of type object', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(34);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(typeof tool.annotations?.readOnlyHint).toBe('boolean');
    }
  });

  it('answers 401 with the appended resource metadata address without a token', async () => {
    const answer = await fetch(endpointOf(server), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${server.baseUrl}/v1/api/mcp-public/.well-known/oauth-protected-resource"`,
    );
  });

  it('answers the account summary the REST operation answers', async () => {
    const result = await client.callTool({ name: 'get_account_summary', arguments: {} });
    await server.call('GET', '/v1/api/portfolio/accounts');
    const rest = await server.call('GET', '/v1/api/portfolio/U1234567/summary');
    expect(rest.status).toBe(200);
    expect(result.isError).toBeFalsy();
    expect(Object.keys(result.structuredContent ?? {})).toEqual(Object.keys(rest.body));
    expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '')).toEqual(
      result.structuredContent,
    );
  });
});

describe('MCP sessions', () => {
  it('are bound to the grant, ended by DELETE, and stream nothing of their own', async () => {
    const { access_token: token } = await controlTokens(server, 'demo_advisor');
    const opened = await initialize(token);
    const sessionId = opened.headers.get('mcp-session-id') ?? '';
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
    const list = (id: string, bearer = token) =>
      fetch(endpointOf(server), {
        method: 'POST',
        headers: { ...rpcHeaders(bearer, id), 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
    expect((await list(sessionId)).status).toBe(200);
    // A later request speaks the version initialize answered, or none.
    const otherVersion = await fetch(endpointOf(server), {
      method: 'POST',
      headers: { ...rpcHeaders(token, sessionId), 'MCP-Protocol-Version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    });
    expect(otherVersion.status).toBe(400);
    // Another grant's token does not reach the session.
    const other = await controlTokens(server, 'demo_broker');
    expect((await list(sessionId, other.access_token)).status).toBe(404);
    expect((await list('0'.repeat(32))).status).toBe(404);
    const stream = await fetch(endpointOf(server), {
      headers: { ...rpcHeaders(token, sessionId), Accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(405);
    const ended = await fetch(endpointOf(server), {
      method: 'DELETE',
      headers: rpcHeaders(token, sessionId),
    });
    expect(ended.status).toBe(200);
    expect((await list(sessionId)).status).toBe(404);
  });
});

describe('docs/mcp.md', () => {
  it('lists every tool next to the REST operations it mirrors', () => {
    const page = readFileSync(new URL('../../../../docs/mcp.md', import.meta.url), 'utf8');
    for (const tool of agentTools) {
      const cells = page
        .split('\n')
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .find((row) => row[1] === `\`${tool.name}\``);
      const mirrors = cells?.[2];
      expect({ tool: tool.name, mirrors }).toEqual({
        tool: tool.name,
        mirrors: tool.mirrors.length === 0 ? '—' : tool.mirrors.map((id) => `\`${id}\``).join(', '),
      });
    }
  });
});

describe('in hosted mode without the control API', () => {
  it('grants nothing: the token shortcut is not served, and the endpoint answers 401', async () => {
    const hosted = await startServer({ mode: 'hosted', controlToken: undefined });
    try {
      const shortcut = await hosted.call('POST', '/control/agent/tokens', {
        body: { username: 'demo_individual' },
      });
      expect(shortcut.status).toBe(404);
      const anonymous = await fetch(endpointOf(hosted), { method: 'POST' });
      expect(anonymous.status).toBe(401);
    } finally {
      await hosted.close();
    }
  });
});

describe('guessing tokens', () => {
  it('is throttled per address: 429 with Retry-After past 20 failures in a minute', async () => {
    const guessed = await startServer();
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt += 1) {
        const answer = await fetch(endpointOf(guessed), {
          method: 'POST',
          headers: { Authorization: `Bearer guess-${attempt}` },
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 19).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await guessed.close();
    }
  });
});
