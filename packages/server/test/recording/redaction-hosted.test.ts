// `--record` on a hosted server keeps no credential and no account id (issue 39, finding 7): a
// session with every kind of credential (session cookie, OAuth 1.0a tokens, secret, live session
// token and signatures, an OAuth 2.0 client assertion and access token, single sign-on session
// tokens and sign-in links, the control token) and account ids, names and e-mails in URLs, JSON,
// forms, JWTs and base64 bodies is recorded, and the file holds none of them.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecorder } from '../../src/recording/recorder.js';
import { tapExchanges } from '../../src/recording/sandbox-tap.js';
import { defaultFixtures } from '../../src/fixtures/index.js';
import { harnessControlToken, startServer, type Answer, type Harness } from '../harness.js';
import { TestConsumer } from '../oauth1-helper.js';
import { assertion, signedBody, tokenPath } from '../oauth2-helper.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(60_000);

describe('a recorded hosted session', () => {
  let server: Harness;
  let listener: Server;
  beforeAll(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterAll(async () => {
    listener.close();
    await server.close();
  });

  it('holds none of its credentials, account ids, names or e-mails', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'redaction-')), 'hosted.har');
    const recorder = createRecorder({ file });
    listener = createServer(tapExchanges(server.app, 4 * 1024 * 1024, recorder.record));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const secrets = new Set<string>([harnessControlToken]);
    const keep = (...values: (string | undefined)[]) => {
      for (const value of values) if (value) secrets.add(value);
    };
    const raw = async (
      method: string,
      path: string,
      init: { headers?: Record<string, string>; body?: string } = {},
    ) => {
      const response = await fetch(baseUrl + path, { method, redirect: 'manual', ...init });
      const text = await response.text();
      return { response, text };
    };
    const call = async (
      method: string,
      path: string,
      init: { body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<Answer> => {
      const { response, text } = await raw(method, path, {
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, headers: response.headers, body };
    };
    const tapped: Harness = { ...server, baseUrl, call };

    // The control token, and a session cookie.
    const created = await call('POST', '/control/sessions', {
      headers: { authorization: `Bearer ${harnessControlToken}` },
      body: { username: 'demo_individual' },
    });
    expect(created.status).toBe(200);
    const cookie = String(created.body.session);
    keep(cookie);
    expect(
      (await call('GET', '/v1/api/portfolio/accounts', { headers: { cookie: `api=${cookie}` } }))
        .status,
    ).toBe(200);

    // OAuth 1.0a: the three legs and a signed request.
    const consumer = new TestConsumer(tapped);
    await consumer.obtainAccessToken();
    expect((await consumer.createLiveSessionToken()).status).toBe(200);
    const signed = await consumer.signed('POST', '/v1/api/tickle');
    expect(signed.status).toBe(200);
    keep(
      consumer.accessToken,
      consumer.liveSessionToken.toString('hex'),
      consumer.secret.toString('base64'),
    );

    // OAuth 2.0: an assertion for a token with every scope the work below needs.
    const clientAssertion = await assertion(tapped, { aud: baseUrl + tokenPath });
    const token = await raw('POST', tokenPath, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion,
        scope:
          'sso-sessions.write sso-browser-sessions.write transfers.write statements.read accounts.write',
      }).toString(),
    });
    const accessToken = (JSON.parse(token.text) as { access_token: string }).access_token;
    keep(clientAssertion, accessToken);
    const bearer = { authorization: `Bearer ${accessToken}` };

    // Single sign-on: a session token, and a one-time sign-in link redeemed.
    const sso = await call('POST', '/gw/api/v1/sso-sessions', {
      headers: bearer,
      body: { credential: 'demo_individual', ip: '127.0.0.1' },
    });
    expect(sso.status).toBe(200);
    keep(sso.body.access_token, sso.body.sessionId);
    expect(
      (
        await call('GET', '/v1/api/portfolio/accounts', {
          headers: { authorization: `Bearer ${sso.body.access_token}` },
        })
      ).status,
    ).toBe(200);
    const link = await call('POST', '/gw/api/v1/sso-browser-sessions', {
      headers: bearer,
      body: { credential: 'demo_individual', ip: '127.0.0.1' },
    });
    expect(link.status).toBe(200);
    const linkUrl = new URL(String(link.body.url));
    keep(linkUrl.searchParams.get('token') ?? undefined);
    const redeemed = await raw('GET', `${linkUrl.pathname}${linkUrl.search}`);
    expect(redeemed.response.status).toBeLessThan(400);
    const portalCookie = /api=([^;]+)/.exec(redeemed.response.headers.get('set-cookie') ?? '')?.[1];
    keep(portalCookie);

    // Account ids first named as the source and target of a transfer; a statement as base64
    // JSON; a signed application naming a person.
    const transfer = await call('POST', '/gw/api/v1/internal-cash-transfers', {
      headers: bearer,
      body: {
        instructionType: 'INTERNAL_CASH_TRANSFER',
        instruction: {
          clientInstructionId: 8101,
          sourceAccountId: 'U2345671',
          targetAccountId: 'F7654321',
          amount: 10,
          currency: 'USD',
        },
      },
    });
    expect(transfer.status).toBeLessThan(500);
    const statement = await call('POST', '/gw/api/v1/statements', {
      headers: bearer,
      body: {
        accountId: 'U1234567',
        startDate: '20260105',
        endDate: '20260105',
        mimeType: 'application/json',
      },
    });
    expect(statement.status).toBe(200);
    const pdf = await raw('POST', '/gw/api/v1/statements', {
      headers: { ...bearer, 'content-type': 'application/json', accept: 'application/pdf' },
      body: JSON.stringify({ accountId: 'U3456782', startDate: '20260105', endDate: '20260105' }),
    });
    expect(pdf.response.status).toBe(200);
    const application = await signedBody({
      application: {
        customer: {
          type: 'INDIVIDUAL',
          externalId: 'crm-redact',
          userName: 'kim_redact',
          email: 'kim.redact@example.com',
          legalResidenceCountry: 'CAN',
          accountHolder: {
            accountHolderDetails: [{ name: { first: 'Kimberly', last: 'Redactson' } }],
          },
        },
        accounts: [{ baseCurrency: 'CAD' }],
      },
    });
    const applied = await raw('POST', '/gw/api/v1/accounts', {
      headers: { ...bearer, 'content-type': 'application/jwt' },
      body: application,
    });
    expect(applied.response.status).toBeLessThan(500);
    keep(application);
    recorder.close();

    const recorded = readFileSync(file, 'utf8');
    const everything = [
      recorded,
      // What base64 and JWTs in the file hold, decoded.
      ...[...recorded.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)].map(([text]) =>
        Buffer.from(
          text,
          text.includes('-') || text.includes('_') ? 'base64url' : 'base64',
        ).toString('latin1'),
      ),
    ].join('\n');
    const accountIds = defaultFixtures.accounts.map((account) => account.id);
    const names = ['Alex Morgan', 'Dana Okafor', 'Kimberly', 'Redactson', 'kim.redact@example.com'];
    for (const secret of [...secrets, ...accountIds, ...names])
      expect([secret, everything.includes(secret)]).toEqual([secret, false]);
    // The recording still reads as the session: every exchange is in it.
    expect(recorder.count).toBeGreaterThanOrEqual(15);
  });
});
