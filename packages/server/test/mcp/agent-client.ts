// An MCP client as an agent builds it with the SDK, against a test server's endpoint.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Harness } from '../harness.js';

export const endpointOf = (server: Pick<Harness, 'baseUrl'>) =>
  new URL('/v1/api/mcp-public', server.baseUrl);

/** A connected client with a bearer token (gateway mode's control-API shortcut, or the flow's). */
export async function connectWithToken(
  server: Pick<Harness, 'baseUrl'>,
  token: string,
): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(endpointOf(server), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** Tokens from the control API (no OAuth flow). */
export async function controlTokens(
  server: Harness,
  username = 'demo_individual',
): Promise<{ access_token: string; refresh_token: string }> {
  const answer = await server.call('POST', '/control/agent/tokens', { body: { username } });
  if (answer.status !== 200)
    throw new Error(`tokens: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
