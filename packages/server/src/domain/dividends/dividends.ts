import type { AreaContext } from '../accounts/brokerage.js';
import type { DividendsStore } from './store-view.js';
import { holdersOf, keepAccounts, withDividendsReceivable } from '../accounts/holdings.js';
import { withCash } from '../accounts/cash.js';
import { badRequest } from '../kernel/errors.js';
import type { Index } from '../kernel/store.js';
import type { TimedTasks } from '../kernel/timed-tasks.js';
import { dayMs } from '../kernel/time-format.js';
import type { Dividend, DividendEntitlement, DividendSchedule } from './model.js';
import { amountsOf, exTime, payTime, scheduledDividends } from './schedule.js';

/** The timed task that applies the next ex-date or pay date. */
const dividendTask = 'dividendEvents';
const progressKey = 'processedTo';

export type DividendsContext = AreaContext<
  'clock' | 'timedTasks' | 'events',
  'market' | 'onLoad' | 'account' | 'accounts' | 'keepAccount',
  DividendsStore
>;

/** What the control API gives to declare a dividend. */
export interface DividendDeclaration {
  conid: number;
  /** Per share, in the contract's currency. */
  amount: number;
  exDate: string;
  payDate: string;
  declaredDate?: string;
  withholdingRate?: number;
  /** The issuer's country (ISO 3166 alpha-2); the contract's schedule's, else US. */
  country?: string;
  isin?: string;
}

interface DueEvent {
  at: number;
  kind: 'ex' | 'pay';
  dividend: Dividend;
}

const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/**
 * Dividends on the brokerage's clock: the fixtures' schedules and the dividends the control API
 * declares. At the start of an ex-date, every account holding the contract is owed its shares ×
 * the amount (a short position owes it), kept as an entitlement and as the account's dividends
 * receivable; at the start of the pay date, the receivable becomes cash. Events are applied in
 * time order up to the clock, once: the time applied up to is a record (`processedTo`), so a
 * timed task that runs twice, or late, changes nothing more. A standing timed task answers its
 * next run.
 */
export class Dividends {
  readonly #tasks: TimedTasks;
  readonly #byDividend: Index<DividendEntitlement>;
  readonly #byAccount: Index<DividendEntitlement>;

  constructor(
    private readonly context: DividendsContext,
    private readonly schedules: readonly DividendSchedule[],
  ) {
    const entitlements = context.store.collection('dividendEntitlements');
    this.#byDividend = entitlements.index('byDividend', (entry) => entry.dividendId);
    this.#byAccount = entitlements.index('byAccount', (entry) => entry.accountId);
    this.#tasks = context.timedTasks;
    // The standing task runs at each next event; a declared dividend adds one-shot tasks at its
    // two dates, which the standing one (set before it) may not reach in time.
    this.#tasks.define<{ standing: boolean }>(dividendTask, ({ standing }) => {
      this.#catchUp();
      const next = standing ? this.#nextEvent() : undefined;
      return next === undefined ? undefined : { dueAt: next, args: { standing } };
    });
    if (this.#progress() === undefined) this.#start();
    context.accounts.onLoad(() => this.#start());
  }

  /** A new state (a first start, a reset): events count from now on. */
  #start(): void {
    this.context.store.collection('dividendProgress').set(progressKey, this.context.clock.now());
    this.#arm();
  }

  #progress(): number | undefined {
    return this.context.store.collection('dividendProgress').get(progressKey);
  }

  /** Declares a dividend of any contract; its ex-date must be after today. */
  declare(declaration: DividendDeclaration): Dividend {
    const instrument = this.context.accounts.market.instrument(declaration.conid);
    if (!instrument) throw badRequest(`No contract with conid ${declaration.conid}`);
    const { exDate, payDate } = declaration;
    const declaredDate =
      declaration.declaredDate ?? new Date(this.context.clock.now()).toISOString().slice(0, 10);
    for (const day of [exDate, payDate, declaredDate])
      if (!isDay(day)) throw badRequest(`${day} is not a date (YYYY-MM-DD)`);
    if (!(declaration.amount > 0) || !Number.isFinite(declaration.amount))
      throw badRequest('amount must be a positive amount per share');
    const withholdingRate = declaration.withholdingRate ?? 0;
    if (!(withholdingRate >= 0 && withholdingRate < 1))
      throw badRequest('withholdingRate must be from 0 to less than 1');
    if (payDate < exDate) throw badRequest('payDate must not be before exDate');
    if (declaredDate > exDate) throw badRequest('declaredDate must not be after exDate');
    const dividend: Dividend = {
      id: `${declaration.conid}-${exDate.replaceAll('-', '')}`,
      conid: declaration.conid,
      isin: declaration.isin ?? this.#schedule(declaration.conid)?.isin ?? '',
      country: declaration.country ?? this.#schedule(declaration.conid)?.country ?? 'US',
      perShare: declaration.amount,
      currency: instrument.currency,
      declaredDate,
      exDate,
      payDate,
      withholdingRate,
    };
    if (exTime(dividend) <= Math.max(this.#progress() ?? 0, this.context.clock.now()))
      throw badRequest(`exDate ${exDate} has begun: a dividend is declared before its ex-date`);
    if (this.#all(exTime(dividend), exTime(dividend)).some((known) => known.id === dividend.id))
      throw badRequest(`Contract ${dividend.conid} already has a dividend with ex-date ${exDate}`);
    this.context.store.collection('dividendDeclarations').set(dividend.id, dividend);
    for (const at of [exTime(dividend), payTime(dividend)])
      this.#tasks.add(dividendTask, at, { standing: false });
    return dividend;
  }

  #all(from: number, to: number): Dividend[] {
    const fromYear = new Date(from).getUTCFullYear() - 1;
    const toYear = new Date(to).getUTCFullYear() + 1;
    return [
      ...this.schedules.flatMap((schedule) => scheduledDividends(schedule, fromYear, toYear)),
      ...this.context.store.collection('dividendDeclarations').values(),
    ].filter((dividend) => exTime(dividend) >= from && exTime(dividend) <= to);
  }

  #schedule(conid: number): DividendSchedule | undefined {
    return this.schedules.find((schedule) => schedule.conid === conid);
  }

  /** What the account is owed or was paid, ex-date order. */
  entitlementsOf(accountId: string): DividendEntitlement[] {
    return [...this.#byAccount.get(accountId)].sort(
      (a, b) => a.exDate.localeCompare(b.exDate) || a.conid - b.conid,
    );
  }

  /** What was paid to the account from `from` to before `to` (epoch ms), in the order paid. */
  paidBetween(accountId: string, from: number, to: number): DividendEntitlement[] {
    return this.entitlementsOf(accountId)
      .filter((entry) => entry.paidAt !== undefined && entry.paidAt >= from && entry.paidAt < to)
      .sort((a, b) => (a.paidAt ?? 0) - (b.paidAt ?? 0));
  }

  /** Applies every ex-date and pay date due by the clock, in time order (an ex-date before a pay
   * date at the same time). */
  #catchUp(): void {
    const from = this.#progress();
    const now = this.context.clock.now();
    if (from === undefined || now <= from) return;
    const events: DueEvent[] = [];
    // Pay dates follow ex-dates by weeks at most: a year back covers every pay date due now.
    for (const dividend of this.#all(from - 366 * dayMs, now)) {
      const ex = exTime(dividend);
      const pay = payTime(dividend);
      if (ex > from && ex <= now) events.push({ at: ex, kind: 'ex', dividend });
      if (pay > from && pay <= now) events.push({ at: pay, kind: 'pay', dividend });
    }
    events.sort((a, b) => a.at - b.at || (a.kind === 'ex' ? -1 : 1));
    for (const event of events) {
      if (event.kind === 'ex') this.#accrue(event.dividend);
      else this.#pay(event.dividend, event.at);
    }
    this.context.store.collection('dividendProgress').set(progressKey, now);
  }

  /** The ex-date: each holder is owed its shares' amount. */
  #accrue(dividend: Dividend): void {
    const instrument = this.context.accounts.market.instrument(dividend.conid);
    const kept = this.context.store.collection('dividendEntitlements');
    for (const account of holdersOf(this.context.accounts, dividend.conid)) {
      const quantity =
        account.positions.find((position) => position.conid === dividend.conid)?.quantity ?? 0;
      const amounts = amountsOf(dividend, quantity);
      if (amounts.gross === 0) continue;
      const entitlement: DividendEntitlement = {
        id: `${account.id}/${dividend.id}`,
        accountId: account.id,
        dividendId: dividend.id,
        conid: dividend.conid,
        symbol: instrument?.symbol ?? String(dividend.conid),
        description: instrument?.companyName ?? '',
        isin: dividend.isin,
        country: dividend.country,
        currency: dividend.currency,
        quantity,
        perShare: dividend.perShare,
        exDate: dividend.exDate,
        payDate: dividend.payDate,
        ...amounts,
      };
      kept.set(entitlement.id, entitlement);
      keepAccounts(
        this.context.accounts,
        withDividendsReceivable(account, dividend.currency, amounts.net),
      );
    }
  }

  /** The pay date: what each holder was owed becomes cash. */
  #pay(dividend: Dividend, at: number): void {
    const kept = this.context.store.collection('dividendEntitlements');
    for (const entitlement of this.#byDividend.get(dividend.id)) {
      if (entitlement.paidAt !== undefined) continue;
      const account = this.context.accounts.account(entitlement.accountId);
      if (!account) continue;
      const { currency, net } = entitlement;
      keepAccounts(
        this.context.accounts,
        withCash(withDividendsReceivable(account, currency, -net), currency, net),
      );
      kept.set(entitlement.id, { ...entitlement, paidAt: at });
    }
  }

  /** The next ex-date or pay date after the time applied up to. */
  #nextEvent(): number | undefined {
    const from = this.#progress() ?? this.context.clock.now();
    let next: number | undefined;
    for (const dividend of this.#all(from - 366 * dayMs, from + 2 * 366 * dayMs)) {
      for (const at of [exTime(dividend), payTime(dividend)])
        if (at > from && (next === undefined || at < next)) next = at;
    }
    return next;
  }

  /** Adds the standing task for the next event. */
  #arm(): void {
    const next = this.#nextEvent();
    if (next !== undefined) this.#tasks.add(dividendTask, next, { standing: true });
  }
}
