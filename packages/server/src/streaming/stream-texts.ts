/** Every text and close code of the socket, in one table. The service's error texts are not
 * published (docs/decisions/engineering/stream-errors-backpressure-validation.md): these are the reference server's own. */
export const streamTexts = {
  waitingForSession: 'waiting for session',
  unsubscribed: (serverId: string) => `Unsubscribed ${serverId}`,
  errors: {
    badFrame: (problem: string) => `Invalid message: ${problem}`,
    unknownContract: (conid: string) => `Unknown contract ${conid}`,
    unknownHistory: (serverId: string) => `No history stream ${serverId}`,
    tooManySubscriptions: (limit: number) =>
      `Subscription limit reached: at most ${limit} at once on one socket`,
  },
} as const;

/** The close codes the server uses (1000-1015 as RFC 6455 defines them; 4000-4999 are the
 * application's own). */
export const closeCodes = {
  /** The session ended: logout, idle timeout or expiry. */
  sessionEnded: { code: 1000, reason: 'session ended' },
  /** Credentials or a `session` message that name no live session. */
  unauthorized: { code: 1008, reason: 'not authenticated' },
  /** No `tic` for longer than the interval. */
  ticTimeout: { code: 4001, reason: 'no tic received' },
  /** The client reads too slowly: past the outbox's bound. */
  slowConsumer: { code: 4008, reason: 'slow consumer' },
  /** The server failed on this socket (a bug): the socket ends, the brokerage goes on. */
  internalError: { code: 1011, reason: 'internal error' },
  /** More frames than the socket's message rate allows. */
  tooManyMessages: { code: 1008, reason: 'too many messages' },
  /** Too many failed session lookups from this address or of this credential. */
  tryAgainLater: { code: 1013, reason: 'too many failed session lookups' },
  /** The server is closing. */
  shutdown: { code: 1001, reason: 'server closing' },
} as const;

export type CloseCode = (typeof closeCodes)[keyof typeof closeCodes];
