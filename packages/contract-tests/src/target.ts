// What the suite runs against: by default the reference server started in process (with a manual
// clock and its in-process controls), or any implementation at CONTRACT_BASE_URL.
import type { BrokerageServer, ManualClock } from '@brokerage/server';
import { StrictMemoryStore } from '@brokerage/server/testing';
import { startSandbox, type SandboxOptions } from '@brokerage/testing';

export interface InProcess {
  server: BrokerageServer;
  clock: ManualClock;
}

export interface Target {
  baseUrl: string;
  /** Credentials sent with every request (external targets). */
  headers: Record<string, string>;
  /** The reference server's in-process controls; undefined against an external server. */
  inProcess: InProcess | undefined;
  close(): Promise<void>;
}

/** The external base URL, when the suite checks another implementation. */
export const externalBaseUrl = process.env.CONTRACT_BASE_URL?.replace(/\/+$/, '') || undefined;

/** Credentials for an external target: CONTRACT_COOKIE (the `api` session cookie's value or a
 * whole Cookie header) and/or CONTRACT_AUTHORIZATION (an Authorization header). */
export function externalHeaders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const headers: Record<string, string> = {};
  const cookie = env.CONTRACT_COOKIE;
  if (cookie) headers.cookie = cookie.includes('=') ? cookie : `api=${cookie}`;
  if (env.CONTRACT_AUTHORIZATION) headers.authorization = env.CONTRACT_AUTHORIZATION;
  return headers;
}

/** `BROKERAGE_TEST_STORE=redis` (the fuller tier): the in-process servers keep their state on a
 * scratch Redis of the suite's own (one per test process, a key prefix per server), as a shared
 * sandbox does. Otherwise on a strict memory store, which keeps records as Redis does. */
const onRedis = process.env.BROKERAGE_TEST_STORE === 'redis';

/** Starts the reference server in a sandbox of @brokerage/testing (pacing off unless asked
 * for), every socket message validated. */
export async function startReferenceServer(options: SandboxOptions = {}): Promise<Target> {
  const sandbox = await startSandbox({
    ...(onRedis ? { scratchRedis: true } : { store: new StrictMemoryStore() }),
    ...options,
    streaming: { validateMessages: true, ...options.streaming },
  });
  return {
    baseUrl: sandbox.baseUrl,
    headers: {},
    inProcess: { server: sandbox.server, clock: sandbox.clock },
    close: () => sandbox.close(),
  };
}

/** The external server when CONTRACT_BASE_URL is set, else a fresh in-process reference server. */
export async function startTarget(options: SandboxOptions = {}): Promise<Target> {
  if (externalBaseUrl) {
    return {
      baseUrl: externalBaseUrl,
      headers: externalHeaders(),
      inProcess: undefined,
      close: async () => undefined,
    };
  }
  return startReferenceServer(options);
}

/** The in-process controls of a target (only called inside `describeInProcess`). */
export function controls(target: Target): InProcess {
  if (!target.inProcess) throw new Error('this test needs the in-process reference server');
  return target.inProcess;
}

/** `describe` for tests that need the in-process controls (fault injection, clock, server
 * options); skipped, with a note, against an external server. */
export const describeInProcess: jest.Describe = externalBaseUrl
  ? Object.assign((name: string, fn: () => void) => {
      console.warn(
        `skipped against ${externalBaseUrl} (needs the in-process reference server): ${name}`,
      );
      describe.skip(name, fn);
    }, describe)
  : describe;
