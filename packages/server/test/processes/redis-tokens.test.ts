// Tokens the server signs (OAuth 2.0 access tokens, single sign-on session tokens) are signed with
// keys kept in the store: every process on one Redis accepts the tokens any of them issued, and a
// process started later (a restart) accepts them too. An operator's key changes on processes
// sharing a Redis without cutting a token short while the key it replaced is given as previous.
import { rsaPrivateKeyPem } from '../signing-keys.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientAssertion } from '@brokerage/types/oauth2';
import { startCommand, stopCommand, type Command } from '../command.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { testConsumerKeys } from '../../src/fixtures/test-consumer.js';

const scratch = useScratchRedis();
const commands: Command[] = [];

async function serverOn(prefix: string, ...args: string[]): Promise<Command> {
  const command = await startCommand([
    '--mode',
    'hosted',
    '--test-consumer',
    '--no-pacing',
    '--store',
    scratch.redis.urlWithPrefix(prefix),
    ...args,
  ]);
  commands.push(command);
  return command;
}

afterEach(async () => {
  await Promise.all(commands.splice(0).map(stopCommand));
});

/** A bearer token of the test client, asked of the server at `url`. */
async function accessToken(url: string, scope: string): Promise<string> {
  const { clientId, privateJwk } = testConsumerKeys.oauth2;
  const assertion = await clientAssertion({
    clientId,
    privateKey: privateJwk,
    audience: '/token',
    nowMs: Date.now(),
  });
  const answer = await fetch(`${url}/oauth2/api/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope,
    }).toString(),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function echo(url: string, token: string): Promise<number> {
  const answer = await fetch(`${url}/gw/api/v1/echo/https`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await answer.arrayBuffer();
  return answer.status;
}

describe('token signing keys on one Redis', () => {
  it('two processes accept each other’s bearer and session tokens, and a process started after them does too', async () => {
    const [first, second] = await Promise.all([serverOn('tokens'), serverOn('tokens')]);
    const bearer = await accessToken(first.url, 'echo.read sso-sessions.write');
    const fromSecond = await accessToken(second.url, 'echo.read');
    for (const url of [first.url, second.url]) {
      expect(await echo(url, bearer)).toBe(200);
      expect(await echo(url, fromSecond)).toBe(200);
    }

    // A single sign-on session opened through one process, used through the other.
    const opened = await fetch(`${first.url}/gw/api/v1/sso-sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ credential: 'demo_individual', ip: '127.0.0.1' }),
    });
    expect(opened.status).toBe(200);
    const session = ((await opened.json()) as { access_token: string }).access_token;
    for (const url of [second.url, first.url, second.url]) {
      const accounts = await fetch(`${url}/v1/api/iserver/accounts`, {
        headers: { authorization: `Bearer ${session}` },
      });
      await accounts.arrayBuffer();
      expect(accounts.status).toBe(200);
    }

    // Both stop; a process started afterwards accepts the tokens issued before.
    await Promise.all(commands.splice(0).map(stopCommand));
    const later = await serverOn('tokens');
    expect(await echo(later.url, bearer)).toBe(200);
    expect(await echo(later.url, fromSecond)).toBe(200);
  }, 60_000);
});

/** A file holding a new RSA private key (PEM). */
function keyFile(name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'signing-key-')), `${name}.pem`);
  writeFileSync(file, rsaPrivateKeyPem());
  return file;
}

// That a server without the previous key refuses the old key's tokens: http/token-signing-key.
describe("the operator's key on one Redis", () => {
  it('changes on both processes at a restart without cutting a token short while the old key is given as previous', async () => {
    const [oldKey, newKey] = [keyFile('old'), keyFile('new')];
    const before = await Promise.all([
      serverOn('rotation', '--token-signing-key', oldKey),
      serverOn('rotation', '--token-signing-key', oldKey),
    ]);
    const old = await accessToken(before[0].url, 'echo.read');
    expect(await echo(before[1].url, old)).toBe(200);

    await Promise.all(commands.splice(0).map(stopCommand));
    const rotated = ['--token-signing-key', newKey, '--token-signing-key-previous', oldKey];
    const after = await Promise.all([
      serverOn('rotation', ...rotated),
      serverOn('rotation', ...rotated),
    ]);
    const fresh = await accessToken(after[0].url, 'echo.read');
    for (const { url } of after) {
      expect(await echo(url, old)).toBe(200);
      expect(await echo(url, fresh)).toBe(200);
    }
  }, 120_000);
});
