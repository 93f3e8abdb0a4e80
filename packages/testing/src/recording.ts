// A recording (a HAR file from `brokerage-server --record`) served back as a stub, for a test that
// runs offline against exactly what the service said: `useRecording(file)` in a test file.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBrokerageClient, type BrokerageClient } from '@brokerage/client';
import { createReplayHandler, readRecording } from '@brokerage/server';
import { globalHooks, type Hooks } from './use-sandbox.js';

export interface Replay {
  /** `http://127.0.0.1:<port>`: give it to the code under test. */
  baseUrl: string;
  /** A typed client of the stub (pacing and retries off). */
  client: BrokerageClient;
  close(): Promise<void>;
}

/** Serves `file` on a free loopback port. Prefer `useRecording()` in a test file. */
export async function startReplay(file: string): Promise<Replay> {
  const listener: Server = createServer(createReplayHandler(readRecording(file)));
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', resolve);
  });
  const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  return {
    baseUrl,
    client: createBrokerageClient({ baseUrl, pacing: false, retry: false }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        listener.closeAllConnections();
        listener.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The recording served for the current test file: started before its tests, closed after. A
 * stub keeps its place in repeated requests across the file's tests (no reset). */
export function useRecording(file: string, options: { hooks?: Hooks } = {}): Replay {
  const { hooks = globalHooks() } = options;
  let current: Replay | undefined;
  const started = (): Replay => {
    if (!current)
      throw new Error('useRecording: the stub starts in beforeAll; use it inside tests');
    return current;
  };
  hooks.beforeAll(async () => {
    current = await startReplay(file);
  });
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
    close: () => started().close(),
  };
}
