// The sandbox as a test file uses it: started before the file's tests, reset after each one,
// closed after the last, through the test runner's hooks.
import { startSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';

type Hook = (callback: () => unknown, timeout?: number) => void;

/** The test runner's hooks. Jest, and vitest with `globals: true`, have them as globals; with
 * vitest's default, pass them: `useSandbox({ hooks: { beforeAll, afterEach, afterAll } })`. */
export interface Hooks {
  beforeAll: Hook;
  afterEach: Hook;
  afterAll: Hook;
}

export function globalHooks(): Hooks {
  const scope = globalThis as unknown as Partial<Hooks>;
  const { beforeAll, afterEach, afterAll } = scope;
  if (!beforeAll || !afterEach || !afterAll) {
    throw new Error(
      'useSandbox: no global beforeAll/afterEach/afterAll; pass them: useSandbox({ hooks: { beforeAll, afterEach, afterAll } })',
    );
  }
  return { beforeAll, afterEach, afterAll };
}

/** A sandbox for the current test file: `const brokerage = useSandbox();` at the top of the file,
 * then `brokerage.client`, `brokerage.controls`, `brokerage.clock` inside the tests. */
export function useSandbox(options: SandboxOptions & { hooks?: Hooks } = {}): Sandbox {
  const { hooks = globalHooks(), ...sandboxOptions } = options;
  let current: Sandbox | undefined;
  const started = (): Sandbox => {
    if (!current)
      throw new Error('useSandbox: the sandbox starts in beforeAll; use it inside tests');
    return current;
  };
  hooks.beforeAll(async () => {
    current = await startSandbox(sandboxOptions);
  });
  hooks.afterEach(() => current?.reset());
  hooks.afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get client() {
      return started().client;
    },
    get controls() {
      return started().controls;
    },
    get clock() {
      return started().clock;
    },
    get server() {
      return started().server;
    },
    replayMarket: (conid, data) => started().replayMarket(conid, data),
    reset: (resetOptions) => started().reset(resetOptions),
    close: () => started().close(),
  };
}
