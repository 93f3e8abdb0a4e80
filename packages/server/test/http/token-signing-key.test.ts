// Servers given the same token-signing key (`tokenSigningKey`, the CLI's --token-signing-key)
// accept each other's bearer tokens on their own memory stores, and a server started later with
// the key accepts a token issued before; a server with another key, or with none (keys made in its
// own store), refuses them.
import { rsaPrivateKeyPem } from '../signing-keys.js';
import { startServer, type Harness } from '../harness.js';
import { accessToken } from '../oauth2-helper.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(60_000);

const shared = rsaPrivateKeyPem();

const started: Harness[] = [];
const serverWith = async (tokenSigningKey?: string, previousTokenSigningKeys?: string[]) => {
  const server = await startServer({
    mode: 'hosted',
    testConsumer: true,
    ...(tokenSigningKey === undefined ? {} : { tokenSigningKey }),
    ...(previousTokenSigningKeys === undefined ? {} : { previousTokenSigningKeys }),
  });
  started.push(server);
  return server;
};
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

const countries = (server: Harness, token: string) =>
  server.call('GET', '/gw/api/v1/tax-vouchers/active-countries', {
    headers: { authorization: `Bearer ${token}` },
  });

it('accepts, on a server given the same key, a token another issued, also after it stopped', async () => {
  const first = await serverWith(shared);
  const second = await serverWith(shared);
  const fromFirst = await accessToken(first, 'tax-vouchers.read');
  const fromSecond = await accessToken(second, 'tax-vouchers.read');
  expect((await countries(second, fromFirst)).status).toBe(200);
  expect((await countries(first, fromSecond)).status).toBe(200);
  await started.splice(started.indexOf(first), 1)[0]?.close();
  const restarted = await serverWith(shared);
  expect((await countries(restarted, fromFirst)).status).toBe(200);
});

it('refuses, on a server with another key or none, a token signed with the key', async () => {
  const signer = await serverWith(shared);
  const token = await accessToken(signer, 'tax-vouchers.read');
  for (const other of [await serverWith(rsaPrivateKeyPem()), await serverWith()]) {
    const answer = await countries(other, token);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ detail: 'Invalid token signature' });
  }
  // And the key's server refuses the tokens of a server without it.
  const unkeyed = await accessToken(started.at(-1) as Harness, 'tax-vouchers.read');
  expect((await countries(signer, unkeyed)).status).toBe(401);
});

it('changes the key without cutting a token short while the replaced key is given as previous', async () => {
  const before = await serverWith(shared);
  const old = await accessToken(before, 'tax-vouchers.read');
  const replaced = rsaPrivateKeyPem();
  const after = await serverWith(replaced, [shared]);
  expect((await countries(after, old)).status).toBe(200);
  const fresh = await accessToken(after, 'tax-vouchers.read');
  expect((await countries(after, fresh)).status).toBe(200);
  // The previous key only verifies: a server still on the old key alone refuses the new tokens.
  expect((await countries(before, fresh)).status).toBe(401);
  const withoutPrevious = await countries(await serverWith(replaced), old);
  expect([withoutPrevious.status, withoutPrevious.body]).toMatchObject([
    401,
    { detail: 'Invalid token signature' },
  ]);
});

it('refuses a bad key at start, naming the problem, and previous keys without a key', async () => {
  await expect(serverWith('not a key')).rejects.toThrow(
    'the token-signing key must be a PEM private key',
  );
  await expect(serverWith(shared, ['not a key'])).rejects.toThrow('previous key 1:');
  await expect(serverWith(undefined, [shared])).rejects.toThrow(
    'previous token-signing keys are given without a token-signing key',
  );
});
