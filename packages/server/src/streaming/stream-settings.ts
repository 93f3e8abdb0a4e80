// What every socket of a streaming server is given: its settings (heartbeat, limits, the outbox's
// bounds) and the services it reads.
import type { streaming } from '@brokerage/types';
import type { Services } from '../domain/services.js';
import type { OutboxLimits } from './outbox.js';

/** What one socket may do (docs/decisions/engineering/security-throttles-and-socket-limits.md). */
export interface SocketLimits {
  /** The largest frame a client may send; a larger one closes the socket with 1009. */
  maxFrameBytes: number;
  /** Subscriptions held at once (market data, ladders, account summaries, ledgers); one more
   * is answered with an error on its topic. */
  maxSubscriptions: number;
  /** Frames a client may send within `messageWindowMs`; one more closes the socket with 1008. */
  maxMessages: number;
  messageWindowMs: number;
}

export const defaultSocketLimits: SocketLimits = {
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 100,
  maxMessages: 100,
  messageWindowMs: 1000,
};

export interface StreamSettings {
  /** The `system` heartbeat's interval (the service's: about 10 s). */
  heartbeatMs: number;
  /** A socket that sent no `tic` (or `ech+hb`) for this long is closed. */
  ticTimeoutMs: number;
  outbox: OutboxLimits;
  limits: SocketLimits;
  /** A market-data subscription ends by itself this long after it was made or last renewed
   * (the service's: 15 minutes; 0 keeps it for ever); the control API may set another. */
  marketDataLifetimeMs: number;
}

/** What every connection reads: the domain's services, the clock, and an optional check of
 * every message sent (the test mode that validates against the streaming document). */
export interface StreamContext {
  services: Services;
  settings: StreamSettings;
  check: ((message: streaming.ServerMessage) => void) | undefined;
}
