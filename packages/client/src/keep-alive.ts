import type { Clock } from './clock.js';

export interface KeepAliveOptions {
  /** Time between two pings (default 60 s). */
  intervalMs?: number;
  /** First retry delay after a failed ping, doubled per failure up to the interval (default 1 s). */
  retryDelayMs?: number;
  /** When a ping finds the brokerage session closed (lost, or taken over by a competing login),
   * open it again with `POST /iserver/auth/ssodh/init` (default true). */
  reinitialize?: boolean;
  /** The session is gone (401), or the brokerage session was closed (`authenticated: false`). */
  onSessionLost?: (event: SessionLostEvent) => void;
  /** A ping failed for a transient reason (timeout, network, 429, 5xx); the keep-alive goes on. */
  onTickError?: (error: unknown) => void;
}

export interface SessionLostEvent {
  /** `unauthorized`: the session ended (the keep-alive stops). `brokerageClosed`: the session lives
   * but its brokerage session is not authenticated (re-open it; the keep-alive goes on). */
  reason: 'unauthorized' | 'brokerageClosed';
  detail?: unknown;
}

/** What one ping found. */
export type TickOutcome =
  | { kind: 'alive' }
  | { kind: 'brokerageClosed'; detail: unknown }
  | { kind: 'unauthorized'; detail: unknown }
  | { kind: 'failed'; error: unknown };

/** A throwing callback must not stop the keep-alive: its error is dropped. */
function notify(callback: () => void): void {
  try {
    callback();
  } catch {
    // ignored on purpose
  }
}

/** Pings on a schedule until stopped or the session is lost; never dies on a failed ping. */
export class KeepAlive {
  readonly #intervalMs: number;
  readonly #retryDelayMs: number;
  #cancelTimer: (() => void) | undefined;
  #inFlight: { controller: AbortController; done: Promise<void> } | undefined;
  #failures = 0;
  #brokerageClosed = false;
  #running = false;

  /** `reopen`: opens the brokerage session again (`ssodh/init`), when `reinitialize` allows. */
  constructor(
    private readonly ping: (signal: AbortSignal) => Promise<TickOutcome>,
    private readonly clock: Clock,
    private readonly options: KeepAliveOptions = {},
    private readonly reopen?: (signal: AbortSignal) => Promise<void>,
  ) {
    this.#intervalMs = options.intervalMs ?? 60_000;
    this.#retryDelayMs = options.retryDelayMs ?? 1000;
  }

  get running(): boolean {
    return this.#running;
  }

  /** Consecutive failed pings so far. */
  get failures(): number {
    return this.#failures;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(this.#intervalMs);
  }

  /** Stops ticking, aborts a ping in flight and waits for it: no timer or request is left. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    const inFlight = this.#inFlight;
    inFlight?.controller.abort();
    await inFlight?.done;
  }

  #schedule(ms: number): void {
    this.#cancelTimer = this.clock.schedule(ms, () => {
      this.#cancelTimer = undefined;
      const controller = new AbortController();
      const done = this.#tick(controller.signal).finally(() => {
        this.#inFlight = undefined;
      });
      this.#inFlight = { controller, done };
    });
  }

  /** Opens the brokerage session again; a failure is a failed tick, told and retried at the
   * next ping. */
  async #reopen(signal: AbortSignal): Promise<void> {
    if (!this.reopen || this.options.reinitialize === false) return;
    try {
      await this.reopen(signal);
    } catch (error) {
      notify(() => this.options.onTickError?.(error));
    }
  }

  async #tick(signal: AbortSignal): Promise<void> {
    let outcome: TickOutcome;
    try {
      outcome = await this.ping(signal);
    } catch (error) {
      outcome = { kind: 'failed', error };
    }
    if (!this.#running) return;
    switch (outcome.kind) {
      case 'unauthorized':
        this.#running = false;
        notify(() =>
          this.options.onSessionLost?.({ reason: 'unauthorized', detail: outcome.detail }),
        );
        return;
      case 'failed':
        this.#failures += 1;
        notify(() => this.options.onTickError?.(outcome.error));
        this.#schedule(Math.min(this.#intervalMs, this.#retryDelayMs * 2 ** (this.#failures - 1)));
        return;
      case 'brokerageClosed':
        this.#failures = 0;
        if (!this.#brokerageClosed) {
          notify(() =>
            this.options.onSessionLost?.({ reason: 'brokerageClosed', detail: outcome.detail }),
          );
        }
        this.#brokerageClosed = true;
        await this.#reopen(signal);
        if (!this.#running) return;
        break;
      case 'alive':
        this.#failures = 0;
        this.#brokerageClosed = false;
        break;
    }
    this.#schedule(this.#intervalMs);
  }
}
