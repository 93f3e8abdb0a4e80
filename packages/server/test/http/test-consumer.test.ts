// The shipped test consumer and client TESTCONS (whose private keys ship in the package) are
// served in gateway mode and when asked for, never by default in hosted mode; a consumer or client
// registered on the server holds only the users and scopes it is registered for.
import { generateKeyPairSync } from 'node:crypto';
import { operationRoutes } from '@brokerage/types';
import { registerClient, registerConsumer } from '../../src/compose/services.js';
import { startServer, type Harness } from '../harness.js';
import { TestConsumer, testConsumer } from '../oauth1-helper.js';
import { assertion, registeredClient, requestToken } from '../oauth2-helper.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

let server: Harness | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A request to `path` signed by TESTCONS with RSA-SHA256, as its first leg would be. */
function signedByTestConsumer(harness: Harness, method: string, path: string) {
  const consumer = new TestConsumer(harness);
  return consumer.call(
    method,
    path,
    consumer.header(
      method,
      path.replace(/\{[^}]+\}/g, '1'),
      { oauth_callback: 'oob' },
      { rsa: true },
    ),
  );
}

describe('the shipped test consumer TESTCONS', () => {
  it('is refused on every operation of a hosted server not asked to serve it', async () => {
    // The harness asks for it: undefined is what a server given no such option has.
    server = await startServer({ mode: 'hosted', testConsumer: undefined });
    const token = await requestToken(server, await assertion(server));
    expect(token.status).toBe(401);
    expect(token.body).toMatchObject({ detail: 'Unknown client' });
    for (const route of operationRoutes) {
      if (route.access !== 'oauth1' && route.access !== 'bearer') continue;
      const path = route.path.replace(/\{[^}]+\}/g, '1');
      const answer = await signedByTestConsumer(server, route.method, path);
      expect([route.operationId, answer.status]).toEqual([route.operationId, 401]);
    }
  });

  it('is served in gateway mode, and in hosted mode with testConsumer', async () => {
    for (const options of [
      { mode: 'gateway' as const, testConsumer: undefined },
      { mode: 'hosted' as const },
    ]) {
      server = await startServer(options);
      expect((await requestToken(server, await assertion(server))).status).toBe(200);
      expect(await new TestConsumer(server).requestToken()).toMatch(/^[0-9a-f]+$/);
      await server.close();
      server = undefined;
    }
  });
});

describe('a registered consumer or client', () => {
  it('OAuth 1.0a: only the users it is registered for may authorize it', async () => {
    const harness = await startServer({ mode: 'hosted', testConsumer: undefined });
    server = harness;
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    registerConsumer(server.services, {
      consumerKey: 'PARTNER',
      signaturePublicKey: pem,
      encryptionPublicKey: pem,
      dhPrime: testConsumer.oauth1.dhPrime,
      users: ['demo_broker'],
    });
    const partner = new TestConsumer(server, 'PARTNER');
    Object.defineProperty(partner, 'signatureKey', { value: keys.privateKey });
    const authorize = async (username: string) => {
      const answer = await fetch(`${server?.baseUrl}/oauth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ oauth_token: await partner.requestToken(), username }),
      });
      return { status: answer.status, text: await answer.text() };
    };
    expect(await authorize('demo_advisor')).toMatchObject({
      status: 400,
      text: expect.stringContaining('PARTNER may not act for demo_advisor'),
    });
    expect(await authorize('demo_broker')).toMatchObject({ status: 200 });
    expect(() =>
      registerConsumer(harness.services, {
        consumerKey: 'AUTO',
        signaturePublicKey: pem,
        encryptionPublicKey: pem,
        dhPrime: testConsumer.oauth1.dhPrime,
        authorizesAutomatically: 'demo_advisor',
        users: ['demo_broker'],
      }),
    ).toThrow('must be one of users');
  });

  it('OAuth 2.0: granted only its scopes, acting only for its end users', async () => {
    const harness = await startServer({ mode: 'hosted', testConsumer: undefined });
    server = harness;
    const { publicJwk, assertion: signed } = await registeredClient(harness, {
      clientId: 'PARTNER',
      scopes: ['sso-sessions.write', 'transfers.write'],
      endUsers: ['demo_broker'],
    });
    const token = await requestToken(
      harness,
      signed,
      'sso-sessions.write transfers.write bank-instructions.write',
    );
    expect(token.status).toBe(200);
    expect(token.body.scope).toBe('sso-sessions.write transfers.write');
    const deposit = (accountId: string, clientInstructionId: number) =>
      harness.call('POST', '/gw/api/v1/external-cash-transfers', {
        headers: { authorization: `Bearer ${token.body.access_token}` },
        body: {
          instructionType: 'DEPOSIT',
          instruction: {
            accountId,
            amount: 100,
            bankInstructionMethod: 'WIRE',
            clientInstructionId,
            currency: 'USD',
          },
        },
      });
    expect((await deposit('U1234567', 1)).status).toBe(403);
    expect((await deposit('U3456781', 2)).status).toBe(202);
    const session = (credential: string) =>
      harness.call('POST', '/gw/api/v1/sso-sessions', {
        headers: { authorization: `Bearer ${token.body.access_token}` },
        body: { credential, ip: '127.0.0.1' },
      });
    expect((await session('demo_advisor')).status).toBe(403);
    expect((await session('demo_broker')).status).toBe(200);
    expect(() =>
      registerClient(harness.services, {
        clientId: 'X',
        keys: [{ ...publicJwk, d: 'secret' }],
        scopes: [],
        endUsers: [],
      }),
    ).toThrow('private part');
  });
});
