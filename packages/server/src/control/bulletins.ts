import type { ControlSchema } from '@brokerage/types/control';
import type { Clock } from '../domain/kernel/clock.js';
import { badRequest } from '../domain/kernel/errors.js';
import type { DomainEvents } from '../domain/kernel/events.js';

/** The service's bulletins (`blt`), sent to every streaming socket through the event bus. */
export class BulletinControls {
  readonly #events: DomainEvents;
  readonly #clock: Clock;
  /** Bulletins sent since the last reset (their ids). */
  #sent = 0;

  constructor(events: DomainEvents, clock: Clock) {
    this.#events = events;
    this.#clock = clock;
  }

  post(message: string): ControlSchema<'Bulletin'> {
    if (typeof message !== 'string' || message.length === 0 || message.length > 1000)
      throw badRequest('message must be a text of 1 to 1000 characters');
    const id = String(++this.#sent);
    this.#events.publish({ type: 'bulletinPosted', time: this.#clock.now(), id, message });
    return { id, message };
  }

  /** Ids start again from 1 (a reset). */
  forget(): void {
    this.#sent = 0;
  }
}
