// The authorization an agent goes through with the SDK's client: discovery (401, protected-
// resource metadata appended to the endpoint, authorization-server metadata), dynamic
// registration, authorize with PKCE and `resource`, the user's consent (the control API), the
// code for tokens; then refresh (rotating), expiry after 599 s, revocation, a displaced grant.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { startServer, type Harness } from '../harness.js';
import { connectWithToken, controlTokens, endpointOf } from './agent-client.js';

/** What an agent keeps between runs: its registration, tokens and PKCE verifier. */
class MemoryProvider implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:8765/callback';
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'test-agent',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp.read mcp.write',
    };
  }
  clientInformation = () => this.client;
  saveClientInformation = (client: OAuthClientInformationMixed) => void (this.client = client);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

let server: Harness;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

/** Runs the whole flow with the SDK: answers the provider holding the tokens. */
async function authorize(): Promise<MemoryProvider> {
  const provider = new MemoryProvider();
  const transport = new StreamableHTTPClientTransport(endpointOf(server), {
    authProvider: provider,
  });
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  const url = provider.authorizationUrl;
  expect(url?.pathname).toBe('/oauth2/authorize');
  expect(url?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url?.searchParams.get('resource')).toBe(endpointOf(server).href);
  // The browser shows the login and consent pages; the user consents (the control API).
  expect((await fetch(url ?? '')).status).toBe(200);
  const consent = await server.call('POST', '/control/agent/consent', {
    body: { username: 'demo_individual' },
  });
  expect(consent.status).toBe(200);
  const redirect = new URL(consent.body.redirect);
  expect(redirect.searchParams.get('state')).toBe(url?.searchParams.get('state'));
  await transport.finishAuth(redirect.searchParams.get('code') ?? '');
  return provider;
}

describe('the MCP authorization', () => {
  it('publishes the metadata at the service addresses', async () => {
    const resource = await (
      await fetch(`${server.baseUrl}/v1/api/mcp-public/.well-known/oauth-protected-resource`)
    ).json();
    expect(resource).toEqual({
      resource: `${server.baseUrl}/v1/api/mcp-public`,
      authorization_servers: [server.baseUrl],
      scopes_supported: ['mcp.read', 'mcp.write'],
      bearer_methods_supported: ['header'],
    });
    const metadata = await (
      await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)
    ).json();
    expect(metadata).toMatchObject({
      issuer: server.baseUrl,
      token_endpoint: `${server.baseUrl}/oauth2/api/v1/token`,
      registration_endpoint: `${server.baseUrl}/oauth2/register`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
  });

  it('registers a public client with the scope rewritten', async () => {
    const answer = await fetch(`${server.baseUrl}/oauth2/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://localhost:3000/cb'], scope: 'mcp.read' }),
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({
      scope: 'mcp.orders.submit mcp.read mcp.write',
      token_endpoint_auth_method: 'none',
    });
    const refused = await fetch(`${server.baseUrl}/oauth2/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://example.com/cb'] }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('connects through the whole flow and lists the tools', async () => {
    const provider = await authorize();
    expect(provider.saved).toMatchObject({ expires_in: 599, scope: 'mcp.read mcp.write' });
    expect(provider.saved).not.toHaveProperty('id_token');
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(endpointOf(server), { authProvider: provider }),
    );
    expect((await client.listTools()).tools).toHaveLength(34);
    const info = await fetch(`${server.baseUrl}/oauth2/api/v1/userinfo`, {
      headers: { Authorization: `Bearer ${provider.saved?.access_token}` },
    });
    expect(await info.json()).toEqual({ sub: 'demo_individual', account_ids: ['U1234567'] });
    await client.close();
  });

  it('rotates refresh tokens, expires access tokens after 599 s, and revokes', async () => {
    const provider = await authorize();
    const first = provider.saved as OAuthTokens;
    const clientId = provider.client?.client_id ?? '';
    const token = `${server.baseUrl}/oauth2/api/v1/token`;
    const refreshed = await fetch(
      token,
      form({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        client_id: clientId,
      }),
    );
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as OAuthTokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reused = await fetch(
      token,
      form({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        client_id: clientId,
      }),
    );
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const client = await connectWithToken(server, second.access_token);
    await client.close();
    server.clock.advance(599_000);
    await expect(connectWithToken(server, second.access_token)).rejects.toThrow();

    const third = (await (
      await fetch(
        token,
        form({
          grant_type: 'refresh_token',
          refresh_token: second.refresh_token ?? '',
          client_id: clientId,
        }),
      )
    ).json()) as OAuthTokens;
    const revoked = await fetch(
      `${server.baseUrl}/oauth2/api/v1/token/revoke`,
      form({ token: third.access_token }),
    );
    expect(revoked.status).toBe(200);
    await expect(connectWithToken(server, third.access_token)).rejects.toThrow();
  });

  it('refuses a code without the right PKCE verifier', async () => {
    const provider = new MemoryProvider();
    const transport = new StreamableHTTPClientTransport(endpointOf(server), {
      authProvider: provider,
    });
    await expect(new Client({ name: 'a', version: '1' }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await fetch(provider.authorizationUrl ?? '');
    const { body } = await server.call('POST', '/control/agent/consent', {
      body: { username: 'demo_individual' },
    });
    const answer = await fetch(
      `${server.baseUrl}/oauth2/api/v1/token`,
      form({
        grant_type: 'authorization_code',
        code: new URL(body.redirect).searchParams.get('code') ?? '',
        code_verifier: 'not-the-verifier-not-the-verifier-not-the-verifier',
        client_id: provider.client?.client_id ?? '',
        redirect_uri: provider.redirectUrl,
      }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('sends authorize errors back to a valid redirect_uri; answers only a bad client or redirect_uri itself', async () => {
    const redirectUri = 'http://127.0.0.1:8765/callback';
    const registered = await fetch(`${server.baseUrl}/oauth2/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirectUri] }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const valid = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      resource: endpointOf(server).href,
      state: 'st-42',
    };
    const authorizeWith = (fields: Record<string, string>) =>
      fetch(`${server.baseUrl}/oauth2/authorize?${new URLSearchParams(fields).toString()}`, {
        redirect: 'manual',
      });
    expect((await authorizeWith(valid)).status).toBe(200);
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, response_type: 'token' }, 'unsupported_response_type'],
      [{ ...valid, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ ...valid, resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
      [{ ...valid, scope: 'mcp.everything' }, 'invalid_scope'],
    ];
    for (const [fields, error] of cases) {
      const answer = await authorizeWith(fields);
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toEqual(expect.any(String));
      expect(location.searchParams.get('state')).toBe('st-42');
    }
    // Without a state, none is sent back.
    const stateless = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== 'state'));
    const answer = await authorizeWith({ ...stateless, response_type: 'token' });
    expect(new URL(answer.headers.get('location') ?? '').searchParams.has('state')).toBe(false);
    // An unknown client or an unregistered redirect_uri is answered to the browser itself.
    for (const fields of [
      { ...valid, client_id: 'unknown' },
      { ...valid, redirect_uri: 'http://127.0.0.1:9999/elsewhere' },
    ]) {
      const refused = await authorizeWith(fields);
      expect(refused.status).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
      expect(await refused.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  it('displaces the grant before when the user grants again', async () => {
    const before = await controlTokens(server);
    await controlTokens(server);
    await expect(connectWithToken(server, before.access_token)).rejects.toThrow();
  });
});
