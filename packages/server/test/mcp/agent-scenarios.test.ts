// The failures users met at the MCP endpoint, armed through the control API as the other
// scenarios are, and what an agent sees of each.
import { request } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startServer, type Harness } from '../harness.js';
import { connectWithToken, controlTokens } from './agent-client.js';

let server: Harness;
let client: Client;
beforeAll(async () => {
  server = await startServer();
  client = await connectWithToken(server, (await controlTokens(server)).access_token);
});
afterAll(async () => {
  await client.close();
  await server.close();
});

/** A GET without any User-Agent (fetch always sends one). */
function bareGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const sent = request(url, { method: 'GET', headers: {} }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    sent.removeHeader('user-agent');
    sent.on('error', reject);
    sent.end();
  });
}

describe('MCP failure scenarios', () => {
  it('the firewall refuses discovery without a User-Agent', async () => {
    const metadata = '/.well-known/oauth-authorization-server';
    expect(await bareGet(metadata)).toBe(200);
    const armed = await server.call('POST', '/control/scenarios/mcp-firewall', {
      body: { enabled: true },
    });
    expect(armed.body).toMatchObject({ firewall: true });
    expect(await bareGet(metadata)).toBe(403);
    expect(await bareGet('/v1/api/mcp-public/.well-known/oauth-protected-resource')).toBe(403);
    expect((await fetch(new URL(metadata, server.baseUrl))).status).toBe(200);
    await server.call('POST', '/control/scenarios/mcp-firewall', { body: { enabled: false } });
    expect(await bareGet(metadata)).toBe(200);
  });

  it('registration refuses callers outside the allowlist', async () => {
    await server.call('POST', '/control/scenarios/mcp-registration-allowlist', {
      body: { enabled: true },
    });
    const answer = await fetch(`${server.baseUrl}/oauth2/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'] }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      error: 'access_denied',
      error_description: 'Caller IP is not in the DCR allowlist',
    });
    await server.call('POST', '/control/scenarios/mcp-registration-allowlist', {
      body: { enabled: false },
    });
  });

  it('the first tool list answers 503 once, the next one the tools', async () => {
    await server.call('POST', '/control/scenarios/mcp-tool-list-unavailable', { body: {} });
    await expect(client.listTools()).rejects.toMatchObject({ code: 503 });
    expect((await client.listTools()).tools).toHaveLength(34);
  });

  it('a tool answers its generic error', async () => {
    await server.call('POST', '/control/scenarios/mcp-tool-error', {
      body: { tool: 'search_contracts' },
    });
    const failed = await client.callTool({
      name: 'search_contracts',
      arguments: { query: 'AAPL' },
    });
    expect(failed).toMatchObject({
      isError: true,
      content: [
        { type: 'text', text: 'Error invoking method: An error occurred. Please try again later.' },
      ],
    });
    const next = await client.callTool({ name: 'search_contracts', arguments: { query: 'AAPL' } });
    expect(next.isError).toBeFalsy();
  });

  it('arguments sent as strings are refused, as the service refuses them, unless switched off', async () => {
    const asStrings = { name: 'get_price_snapshot', arguments: { contract_id: '265598' } };
    const refusal = 'Input validation error: /contract_id: string found, integer expected';
    // An agent that sends its numbers as strings fails by default ...
    await expect(client.callTool(asStrings)).rejects.toThrow(refusal);
    // ... and gets on once it sends the schema's types.
    const typed = await client.callTool({
      name: 'get_price_snapshot',
      arguments: { contract_id: 265598 },
    });
    expect(typed.isError).toBeFalsy();

    const converted = await server.call('POST', '/control/scenarios/mcp-string-arguments', {
      body: { enabled: false },
    });
    expect(converted.body).toMatchObject({ stringArgumentsRefused: false });
    const answer = await client.callTool(asStrings);
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ contract_id: 265598 });
    // A string that is no number is refused all the same.
    await expect(
      client.callTool({ name: 'get_price_snapshot', arguments: { contract_id: 'AAPL' } }),
    ).rejects.toThrow(refusal);

    await server.call('POST', '/control/scenarios/mcp-string-arguments', {
      body: { enabled: true },
    });
    await expect(client.callTool(asStrings)).rejects.toThrow(refusal);
    await server.call('POST', '/control/scenarios/mcp-string-arguments', {
      body: { enabled: false },
    });
    await server.call('POST', '/control/reset', { body: {} });
    expect(
      (
        await server.call('POST', '/control/scenarios/mcp-tool-list-unavailable', {
          body: { times: 0 },
        })
      ).body,
    ).toMatchObject({
      stringArgumentsRefused: true,
    });
  });

  it('an unknown tool in a scenario, or a bad body, is a 400 of the control API', async () => {
    const answer = await server.call('POST', '/control/scenarios/mcp-tool-error', {
      body: { times: 1 },
    });
    expect(answer.status).toBe(400);
  });
});
