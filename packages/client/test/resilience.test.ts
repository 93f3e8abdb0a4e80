import { BrokerageApiError, RequestTimeoutError, tickleSession } from '../src/index.js';
import { setup, type Setup } from './support/server.js';

const statuses = (env: Setup) => env.sent.map((entry) => entry.status);

describe('retries, Retry-After, timeouts', () => {
  let env: Setup;
  beforeAll(async () => {
    env = await setup();
  });
  afterAll(() => env.close());
  beforeEach(() => {
    env.sent.length = 0;
    env.server.faults.clear();
  });

  it('honours Retry-After on 429 and retries, on the clock', async () => {
    env.server.faults.setFault('tickle', { status: 429, times: 2 });
    const client = env.client({ pacing: false });
    const started = env.clock.now();
    const ping = tickleSession(await env.drive(client.ok(client.POST('/v1/api/tickle'))));
    expect(ping.iserver?.authStatus?.authenticated).toBe(true);
    expect(statuses(env)).toEqual([429, 429, 200]);
    // The server's injected 429 carries Retry-After: 1.
    expect(env.clock.now() - started).toBe(2000);
  });

  it('gives the 429 back once the retries are spent', async () => {
    env.server.faults.setFault('tickle', { status: 429, times: 5 });
    const client = env.client({ pacing: false, retry: { maxRetries: 2 } });
    const failure = await env
      .drive(client.ok(client.POST('/v1/api/tickle')))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BrokerageApiError);
    expect(failure).toMatchObject({ status: 429, operation: 'tickle' });
    expect(statuses(env)).toEqual([429, 429, 429]);
  });

  it('retries an idempotent GET on 503 with exponential backoff', async () => {
    env.server.faults.setFault('getAuthStatus', { status: 503, times: 2 });
    const client = env.client({ pacing: false });
    const started = env.clock.now();
    const status = await env.drive(client.ok(client.GET('/v1/api/iserver/auth/status')));
    expect(status.authenticated).toBe(true);
    expect(statuses(env)).toEqual([503, 503, 200]);
    expect(env.clock.now() - started).toBe(500 + 1000);
  });

  it('does not retry a POST on 503', async () => {
    env.server.faults.setFault('checkAuthStatus', { status: 503, times: 1 });
    const client = env.client({ pacing: false });
    const failure = await env
      .drive(client.ok(client.POST('/v1/api/iserver/auth/status')))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, operation: 'checkAuthStatus' });
    expect(statuses(env)).toEqual([503]);
  });

  it('aborts a request with no answer after the timeout and throws RequestTimeoutError', async () => {
    env.server.faults.setLatency('getAuthStatus', 60_000);
    const client = env.client({ pacing: false, retry: false, timeoutMs: 2000 });
    const started = env.clock.now();
    const failure = await env
      .drive(client.GET('/v1/api/iserver/auth/status'), { ioWaitMs: 300 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(failure).toMatchObject({ operation: 'getAuthStatus', timeoutMs: 2000 });
    expect(env.clock.now() - started).toBe(2000);
    expect(env.clock.pending('client')).toBe(0);
  });

  it("lets the caller's own AbortSignal abort a request", async () => {
    env.server.faults.setLatency('getAuthStatus', 60_000);
    const client = env.client({ pacing: false, retry: false });
    const controller = new AbortController();
    const call = client.GET('/v1/api/iserver/auth/status', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(call).rejects.toThrow('caller gave up');
  });
});

describe('client-side pacing against the server limits', () => {
  let env: Setup;
  beforeAll(async () => {
    env = await setup({ pacing: true });
  });
  afterAll(() => env.close());

  it('spreads a burst so that the server never answers 429 (10/s global, tickle 1/s)', async () => {
    env.server.pacer?.reset(); // forget the set-up's warm-up request
    const client = env.client({ retry: false });
    const burst = [
      ...Array.from({ length: 25 }, () => client.GET('/v1/api/iserver/auth/status')),
      ...Array.from({ length: 3 }, () => client.POST('/v1/api/tickle')),
    ];
    const started = env.clock.now();
    const answers = await env.drive(Promise.all(burst));
    expect(statuses(env)).not.toContain(429);
    expect(answers.map((answer) => answer.response.status).every((status) => status === 200)).toBe(
      true,
    );
    // 28 requests at 10 per second need at least two more seconds.
    expect(env.clock.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('without client pacing, the server answers 429 and the client waits Retry-After', async () => {
    env.server.pacer?.reset();
    env.sent.length = 0;
    const client = env.client({ pacing: false });
    await env.drive(Promise.all([client.POST('/v1/api/tickle'), client.POST('/v1/api/tickle')]));
    expect(statuses(env)).toEqual([200, 429, 200]);
  });
});
