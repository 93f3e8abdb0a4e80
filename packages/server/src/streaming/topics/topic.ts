import type { streaming } from '@brokerage/types';
import type { Session } from '../../domain/accounts/sessions.js';
import type { DomainEvent } from '../../domain/kernel/events.js';
import type { Services } from '../../domain/services.js';
import type { Frame } from '../frames.js';

export type Fields = Record<string, unknown>;

/** What a topic uses of its socket. */
export interface TopicSocket {
  readonly services: Services;
  now(): number;
  send(message: streaming.ServerMessage): void;
  /** Throws when one more subscription would pass the socket's limit; `renewing` (a subscription
   * the topic holds already) always passes. */
  roomFor(renewing: boolean): void;
  /** Runs `work` after `ms` of the brokerage's clock; answers how to cancel it. */
  schedule(ms: number, work: () => void): () => void;
}

/** A frame of a subscribed socket, for its topic. */
export type FrameHandler = (session: Session, frame: Frame) => void;

/** One topic of a socket: the frames it answers (subscribe, unsubscribe), what a domain event
 * changes in its subscriptions, and how many of them count toward the socket's limit. */
export interface Topic {
  readonly frames: Partial<Record<streaming.ClientMessageName, FrameHandler>>;
  /** A price change or an account's change (any user's), or a change of the socket's user. */
  onEvent?(session: Session, event: DomainEvent): void;
  /** The socket closed: what the topic scheduled is cancelled. */
  close?(): void;
  readonly held: number;
}
