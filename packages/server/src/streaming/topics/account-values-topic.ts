import type { Session } from '../../domain/accounts/sessions.js';
import { valueAccount } from '../../domain/accounts/valuation.js';
import type { DomainEvent } from '../../domain/kernel/events.js';
import type { Frame } from '../frames.js';
import * as views from '../stream-views.js';
import type { Fields, Topic, TopicSocket } from './topic.js';

/** `ssd` and `sld`: an account's summary values and its ledger, valued once for both, each entry
 * sent again when it changed (its time alone does not count). */
export class AccountValuesTopic implements Topic {
  /** Per account: the last values sent, and the keys asked for (all when none). */
  readonly #summaries = new Map<string, { sent: Record<string, Fields>; keys: string[] }>();
  readonly #ledgers = new Map<string, Record<string, Fields>>();

  constructor(private readonly socket: TopicSocket) {}

  readonly frames = {
    subscribeAccountSummary: (session: Session, { target: [accountId = ''], args }: Frame) => {
      this.socket.services.brokerage.accountFor(session, accountId);
      this.socket.roomFor(this.#summaries.has(accountId));
      this.#summaries.set(accountId, { sent: {}, keys: stringsOf(args.keys) });
      this.#send(accountId);
    },
    unsubscribeAccountSummary: (_session: Session, { target: [accountId = ''] }: Frame) => {
      this.#summaries.delete(accountId);
      this.socket.send(views.unsubscribed('summary'));
    },
    subscribeLedger: (session: Session, { target: [accountId = ''] }: Frame) => {
      this.socket.services.brokerage.accountFor(session, accountId);
      this.socket.roomFor(this.#ledgers.has(accountId));
      this.#ledgers.set(accountId, {});
      this.#send(accountId);
    },
    unsubscribeLedger: (_session: Session, { target: [accountId = ''] }: Frame) => {
      this.#ledgers.delete(accountId);
      this.socket.send(views.unsubscribed('ledger'));
    },
  };

  get held(): number {
    return this.#summaries.size + this.#ledgers.size;
  }

  onEvent(_session: Session, event: DomainEvent): void {
    if (event.type === 'executionBooked' || event.type === 'accountChanged')
      this.#send(event.accountId);
  }

  #send(accountId: string): void {
    const summary = this.#summaries.get(accountId);
    const ledger = this.#ledgers.get(accountId);
    const { brokerage } = this.socket.services;
    const account = brokerage.account(accountId);
    if ((!summary && !ledger) || !account) return;
    const now = this.socket.now();
    const values = valueAccount(account, brokerage.market);
    if (summary) {
      const all = views.accountSummaryValues(values, now);
      const asked =
        summary.keys.length === 0
          ? all
          : Object.fromEntries(Object.entries(all).filter(([key]) => summary.keys.includes(key)));
      const changed = changedEntries(summary.sent, asked, ['timestamp']);
      if (changed.length > 0) this.socket.send(views.accountSummary(accountId, changed));
    }
    if (ledger) {
      const entries = views.ledgerEntries(accountId, values, now);
      const changed = changedEntries(ledger, entries, ['timestamp']);
      if (changed.length > 0) this.socket.send(views.ledgerUpdate(accountId, changed));
    }
  }
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The entries whose fields changed (each with its key and what changed), ignoring `ignored`
 * fields alone; `sent` keeps the last values. */
function changedEntries(
  sent: Record<string, Fields>,
  next: Record<string, Fields>,
  ignored: string[],
): Fields[] {
  const changes: Fields[] = [];
  for (const [key, entry] of Object.entries(next)) {
    const changed = views.changedFields(sent[key], entry);
    sent[key] = entry;
    if (Object.keys(changed).some((field) => !ignored.includes(field)))
      changes.push({ ...changed, key });
  }
  return changes;
}
