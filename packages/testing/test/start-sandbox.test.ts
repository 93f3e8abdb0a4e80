// startSandbox for custom set-ups, and useSandbox with the hooks passed explicitly (as with
// vitest without globals).
import { startSandbox, useSandbox } from '../src/index.js';

describe('startSandbox', () => {
  it('takes the server options and closes cleanly', async () => {
    const sandbox = await startSandbox({
      gatewayUser: 'demo_advisor',
      start: Date.UTC(2026, 5, 1),
    });
    const { data } = await sandbox.client.GET('/v1/api/portfolio/accounts');
    expect(data?.length).toBeGreaterThan(1);
    expect(sandbox.clock.now()).toBe(Date.UTC(2026, 5, 1));
    await sandbox.close();
    await expect(fetch(`${sandbox.baseUrl}/health`)).rejects.toThrow();
  });
});

describe('useSandbox with explicit hooks', () => {
  const calls: string[] = [];
  const record =
    (name: string, hook: (callback: () => unknown) => void) => (callback: () => unknown) =>
      hook(async () => {
        calls.push(name);
        await callback();
      });
  const brokerage = useSandbox({
    hooks: {
      beforeAll: record('beforeAll', beforeAll),
      afterEach: record('afterEach', afterEach),
      afterAll: record('afterAll', afterAll),
    },
  });

  it('runs on the hooks it was given', async () => {
    expect(calls).toEqual(['beforeAll']);
    expect((await fetch(`${brokerage.baseUrl}/health`)).status).toBe(200);
  });

  it('resets after each test', () => {
    expect(calls).toEqual(['beforeAll', 'afterEach']);
  });
});

describe('a sandbox used outside a test', () => {
  it('says where to use it', () => {
    const unstarted = useSandbox({
      hooks: { beforeAll: () => undefined, afterEach: () => undefined, afterAll: () => undefined },
    });
    expect(() => unstarted.client).toThrow('the sandbox starts in beforeAll');
  });
});
