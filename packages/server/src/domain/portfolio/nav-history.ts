import type { PortfolioStore } from './store-view.js';
import type { Account } from '../accounts/model.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { valueAccount } from '../accounts/valuation.js';
import { SeededRandom } from '../kernel/random.js';
import { dayMs, dayOf, dayOfYmd, isBusinessDay } from './calendar.js';
import { roundTo } from '../kernel/money.js';

/** One day's net asset value of an account, in its base currency. */
export interface NavPoint {
  day: number;
  nav: number;
}

/** What the store keeps of an account's daily history. */
export interface NavHistoryRecord {
  accountId: string;
  /** First day the clock records; the seeded history covers the year before it. */
  firstDay: number;
  /** Net asset value the seeded history ends at: the account's when its history began. */
  anchorNav: number;
  /** Closes of the business days the server's clock passed, oldest first. */
  closes: NavPoint[];
}

/** Calendar days of seeded history before the first recorded day. */
const seededDays = 365;
/** Daily return of the seeded history: a drift and a uniform spread around it. */
const seededDrift = 0.0003;
const seededSpread = 0.012;

/** A 32-bit FNV-1a hash: the seed of an account's seeded history, so that it depends on the
 * account alone and takes nothing from the simulation's random source. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash >>> 0;
}

/** The history before `record.firstDay`: the account's fixture closes when it has some,
 * otherwise a year of business days walked back from the record's anchor. */
function seededPoints(account: Account, record: NavHistoryRecord): NavPoint[] {
  if (account.navHistory)
    return account.navHistory
      .map(({ date, nav }) => ({ day: dayOfYmd(date), nav }))
      .filter(({ day }) => isBusinessDay(day) && day < record.firstDay);
  const random = new SeededRandom(hashOf(record.accountId));
  const points: NavPoint[] = [];
  let nav = record.anchorNav;
  for (let day = record.firstDay - 1; day >= record.firstDay - seededDays; day--) {
    if (!isBusinessDay(day)) continue;
    points.push({ day, nav: roundTo(nav, 4) });
    nav /= 1 + seededDrift + seededSpread * (2 * random.next() - 1);
  }
  return points.reverse();
}

export type NavHistoryContext = AreaContext<'clock', 'market' | 'accounts', PortfolioStore>;

/** The daily history of the accounts' net asset value, built by the clock: a seeded year of
 * business days (or the account's fixture closes) before the first day, then at every UTC midnight the close of the business day
 * that ended (the net asset value at that moment: prices move only when told to, so it is the
 * day's last value). Reading it adds today's live value as the last point. */
export class NavHistory {
  constructor(private readonly context: NavHistoryContext) {
    this.scheduleClose();
  }

  /** The account's history, oldest first, ending with today's live net asset value. */
  points(account: Account): NavPoint[] {
    const today = dayOf(this.context.clock.now());
    const record = this.recordOf(account, today);
    return [
      ...seededPoints(account, record),
      ...record.closes,
      { day: today, nav: this.navOf(account) },
    ];
  }

  private navOf(account: Account): number {
    return valueAccount(account, this.context.accounts.market).total.netLiquidation;
  }

  private recordOf(account: Account, firstDay: number): NavHistoryRecord {
    const histories = this.context.store.collection('navHistories');
    let record = histories.get(account.id);
    if (!record) {
      record = { accountId: account.id, firstDay, anchorNav: this.navOf(account), closes: [] };
      histories.set(account.id, record);
    }
    return record;
  }

  private closeDay(day: number): void {
    for (const account of this.context.accounts.accounts()) {
      const record = this.recordOf(account, day);
      if (!isBusinessDay(day) || day < record.firstDay) continue;
      const close = { day, nav: roundTo(this.navOf(account), 4) };
      // Once a day per account: the record is set again with the day's close.
      this.context.store
        .collection('navHistories')
        .set(account.id, { ...record, closes: [...record.closes, close] });
    }
  }

  /** Closes the current day at the next UTC midnight of the server's clock, then the next. */
  private scheduleClose(): void {
    const now = this.context.clock.now();
    const midnight = (dayOf(now) + 1) * dayMs;
    this.context.clock.schedule(midnight - now, () => {
      const day = dayOf(midnight) - 1;
      const closed = this.context.store.collection('navClosedDays');
      if ((closed.get('last') ?? -Infinity) < day) {
        closed.set('last', day);
        this.closeDay(day);
      }
      this.scheduleClose();
    });
  }
}
