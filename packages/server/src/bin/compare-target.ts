// Where `compare` sends the recorded requests: a base URL given, or a fresh sandbox started in
// this process (gateway mode, pacing off: the recording is replayed as fast as it goes).
import type { AddressInfo } from 'node:net';
import { createServer } from '../compose/server.js';

export interface CompareTarget {
  baseUrl: string;
  close(): Promise<void>;
}

export async function freshSandbox(seed: number): Promise<CompareTarget> {
  const server = createServer({ seed, pacing: false });
  await server.ready;
  const listener = server.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    listener.once('listening', resolve);
    listener.once('error', reject);
  });
  const { port } = listener.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await server.close();
    },
  };
}
