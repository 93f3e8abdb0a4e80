// The server's options as the command line gives them, and the parsers that check each flag's
// value (a bad one is a usage error naming what was expected).
import { InvalidArgumentError } from 'commander';
import { readMarketDataFile, type ConfiguredReplay, type Mode, type TrustProxy } from '../index.js';
import { readTokenSigningKey } from '../compose/token-signing-key.js';
import { isRedisUrl } from '../store/open-store.js';

export interface CliOptions {
  port: number;
  host: string;
  tls: boolean;
  mode: Mode;
  pacing: boolean;
  sessionTimeout: number;
  seed: number;
  /** `--market-replay <conid>=<file>[@YYYY-MM-DD]`, repeatable. */
  marketReplay: MarketReplayFile[];
  logLevel: string;
  user: string;
  /** JSON files, each an OAuth 1.0a consumer to register (ConsumerRegistration). */
  registerConsumer: string[];
  /** JSON files, each an OAuth 2.0 client to register ({clientId, keys, scopes, endUsers}). */
  registerClient: string[];
  /** `--test-consumer` / `--no-test-consumer`: serve `TESTCONS`; unset: in gateway mode only. */
  testConsumer?: boolean;
  /** False with `--no-control`. */
  control: boolean;
  controlToken: string | undefined;
  /** `--token-signing-key`: the PEM of the key that signs the server's tokens, checked. */
  tokenSigningKey?: string;
  /** `--token-signing-key-previous`, repeatable: the PEMs of keys that verify but no longer sign. */
  tokenSigningKeyPrevious: string[];
  trustProxy: TrustProxy;
  /** Base URL of an upstream to forward to, validating the traffic (`--proxy`). */
  proxy: string | undefined;
  /** Where the proxy's NDJSON report goes (`-`: stdout). */
  proxyReport: string;
  /** Accept the upstream's self-signed certificate. */
  insecure: boolean;
  /** Bytes of each body the proxy keeps to check it; a larger body is not checked. */
  proxyCheckBytes: number;
  /** How long a shutdown waits for in-flight requests before closing their connections (ms). */
  shutdownGrace: number;
  /** `memory`, or the Redis the state lives on (`redis://host:port/db`). */
  store: string;
  /** Server processes on the port (`--workers`; more than one needs a shared store). */
  workers: number;
  /** What a process does when its Redis store's state is lost (`--on-store-lost`). */
  onStoreLost: 'reseed' | 'exit';
  /** A HAR file every exchange is written to (`--record`), with or without `--proxy`. */
  record: string | undefined;
  /** False with `--no-redact`: secrets are recorded as they were. */
  redact: boolean;
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function integer(min: number, max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}.`);
    }
    return number;
  };
}

export function storeSpec(value: string): string {
  if (value === 'memory' || isRedisUrl(value)) return value;
  throw new InvalidArgumentError('expected memory or redis://host:port/db.');
}

export function upstreamUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // answered below
  }
  throw new InvalidArgumentError('expected an http(s) base URL.');
}

/** A `--market-replay` file: read as the server starts (`readMarketReplays`). */
export interface MarketReplayFile {
  conid: number;
  file: string;
  day?: string;
}

/** `--market-replay <conid>=<file>[@YYYY-MM-DD]`: the spec checked at once; the file is read as
 * the server starts (a piece at a time). */
export function marketReplayOption(value: string): MarketReplayFile {
  const match = /^(\d+)=(.+?)(?:@(\d{4}-\d{2}-\d{2}))?$/.exec(value);
  if (!match) {
    throw new InvalidArgumentError('expected <conid>=<file>, optionally @YYYY-MM-DD after it');
  }
  const [, conid, file = '', day] = match;
  return { conid: Number(conid), file, ...(day === undefined ? {} : { day }) };
}

/** The replays of the `--market-replay` files, each read as it arrives; a bad one fails naming
 * its contract, its file and the row. */
export async function readMarketReplays(
  files: readonly MarketReplayFile[],
): Promise<ConfiguredReplay[]> {
  const replays: ConfiguredReplay[] = [];
  for (const { conid, file, day } of files) {
    try {
      const source = await readMarketDataFile(file, conid);
      replays.push({ conid, source: day === undefined ? source : { ...source, day } });
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      throw new Error(`Market replay of ${conid}: ${error.message}`);
    }
  }
  return replays;
}

/** `--token-signing-key <file>` (or `BROKERAGE_TOKEN_SIGNING_KEY`): a file holding the key, or
 * the PEM text itself; read and checked at once, so a bad key stops the start naming what is wrong
 * (never what the key holds). */
export function tokenSigningKeyOption(value: string): string {
  try {
    return readTokenSigningKey(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

/** `--token-signing-key-previous <file>` (repeatable; or `BROKERAGE_TOKEN_SIGNING_KEY_PREVIOUS`):
 * a key that verifies the tokens it signed before `--token-signing-key` replaced it, read and
 * checked as that one is. */
export function previousTokenSigningKeyOption(value: string, previous: string[] = []): string[] {
  return [...previous, tokenSigningKeyOption(value)];
}

/** `--trust-proxy`: `true`, a number of hops, or a list of addresses, subnets and names. */
export function parseTrustProxy(value: string): TrustProxy {
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}
