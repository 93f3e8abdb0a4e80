import { globalRequestsPerSecond, pacingIntervals } from '@brokerage/types';
import { sleep, type Clock } from '../clock.js';
import { endpointOf, type FetchLayer } from './layer.js';

export interface PacingLimits {
  /** Requests per second, all endpoints together. */
  globalPerSecond: number;
  /** Minimum milliseconds between two requests to one endpoint, keyed "METHOD /path". */
  perEndpointIntervalMs: Record<string, number>;
  /** Added to every window and interval, against network jitter between client and service. */
  marginMs: number;
}

/** The service's published limits, as the document states them (`x-pacing`,
 * `x-pacing-interval-ms`): 10/s through the gateway, 50/s on the hosted service. */
export function defaultPacing(mode: 'gateway' | 'hosted' = 'gateway'): PacingLimits {
  return {
    globalPerSecond: globalRequestsPerSecond(mode),
    perEndpointIntervalMs: pacingIntervals(),
    marginMs: 25,
  };
}

/** Hands out send times so that no one-second window holds more than the global limit and no
 * endpoint is called more often than its interval. Reservations are made synchronously, so
 * concurrent requests queue instead of racing. */
export class Pacer {
  #slots: number[] = [];
  readonly #nextByEndpoint = new Map<string, number>();
  readonly #intervals: { method: string; path: string; ms: number }[];

  constructor(
    private readonly clock: Clock,
    private readonly limits: PacingLimits,
  ) {
    this.#intervals = Object.entries(limits.perEndpointIntervalMs).map(([endpoint, ms]) => {
      const [method = '', path = ''] = endpoint.split(' ');
      return { method: method.toUpperCase(), path, ms };
    });
  }

  /** Reserves a send time for a request to `endpoint` ("METHOD /path"); answers the wait in ms. */
  reserve(endpoint: string): number {
    const now = this.clock.now();
    const windowMs = 1000 + this.limits.marginMs;
    this.#slots = this.#slots.filter((at) => at > now - windowMs);
    const [method = '', pathname = ''] = endpoint.split(' ');
    const interval = this.#intervals.find(
      (item) => item.method === method && pathname.endsWith(item.path),
    );
    const key = interval ? `${interval.method} ${interval.path}` : undefined;

    let at = Math.max(now, key === undefined ? now : (this.#nextByEndpoint.get(key) ?? now));
    for (;;) {
      const near = this.#slots.filter((slot) => slot > at - windowMs && slot < at + windowMs);
      if (near.length < this.limits.globalPerSecond) break;
      at = (near[0] ?? at) + windowMs;
    }
    this.#slots = [...this.#slots, at].sort((a, b) => a - b);
    if (interval && key) this.#nextByEndpoint.set(key, at + interval.ms + this.limits.marginMs);
    return at - now;
  }
}

/** Waits for the pacer's send time before each attempt. */
export function pacingLayer(clock: Clock, pacer: Pacer): FetchLayer {
  return (next) => async (request) => {
    const wait = pacer.reserve(endpointOf(request));
    if (wait > 0) await sleep(clock, wait, request.signal);
    return next(request);
  };
}
