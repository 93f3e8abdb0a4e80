import type { PortfolioStore } from './store-view.js';
import type { Schema } from '@brokerage/types';
import type { AreaContext } from '../accounts/brokerage.js';
import { contractOrFail } from '../contracts/contracts.js';
import type { DividendEntitlement } from '../dividends/model.js';
import { executionsInContract } from '../orders/trades.js';
import { dayMs } from './calendar.js';
import { cents, roundTo } from '../kernel/money.js';

/** Days of history when the request names none. */
export const defaultTransactionDays = 90;

/** Built with the first transaction (a formatter costs milliseconds to build). */
let newYork: Intl.DateTimeFormat | undefined;
const newYorkDays = () =>
  (newYork ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZoneName: 'short',
  }));

/** The New York day of a time: `Mon Jun 10 00:00:00 EDT 2024` (the service's date text) and
 * `20240610`. */
function tradeDay(epochMs: number): { text: string; ymd: string } {
  const part = Object.fromEntries(
    newYorkDays()
      .formatToParts(new Date(epochMs))
      .map(({ type, value }) => [type, value]),
  );
  const month = String(new Date(`${part.month} 1, 2000`).getMonth() + 1).padStart(2, '0');
  return {
    text: `${part.weekday} ${part.month} ${part.day} 00:00:00 ${part.timeZoneName} ${part.year}`,
    ymd: `${part.year}${month}${part.day}`,
  };
}

export interface TransactionsQuery {
  accountIds: string[];
  conid: number;
  currency: string;
  days: number;
}

/** The dividends paid to an account from `from` to before `to` (epoch ms). */
export type DividendsPaid = (accountId: string, from: number, to: number) => DividendEntitlement[];

type Transaction = NonNullable<Schema<'Transactions'>['transactions']>[number];

/** The executions and the dividends paid of the accounts in one contract over the last days,
 * newest first, with the realized profit and loss per New York day and account
 * (`Transactions`). */
export function transactions(
  context: AreaContext<'clock', 'market', PortfolioStore>,
  query: TransactionsQuery,
  dividendsPaid: DividendsPaid,
): Schema<'Transactions'> {
  const { market } = context.accounts;
  const instrument = contractOrFail(market, query.conid);
  const to = context.clock.now();
  const from = to - query.days * dayMs;
  const fxRate = market.rate(instrument.currency, query.currency);
  const executions = executionsInContract(context.store, query.accountIds, query.conid, from);
  const realizedByDay = new Map<string, { date: string; acctid: string; amount: number }>();
  for (const execution of executions) {
    if (!execution.realizedPnl) continue;
    const date = tradeDay(execution.time).ymd;
    const key = `${date} ${execution.account}`;
    const entry = realizedByDay.get(key) ?? { date, acctid: execution.account, amount: 0 };
    entry.amount += execution.realizedPnl;
    realizedByDay.set(key, entry);
  }
  const realized = [...realizedByDay.values()];
  const net = realized.reduce((total, entry) => total + entry.amount, 0);
  return {
    rc: 0,
    nd: query.days,
    rpnl: {
      data: realized.map((entry) => ({
        date: entry.date,
        cur: instrument.currency,
        fxRate,
        side: entry.amount < 0 ? ('L' as const) : ('G' as const),
        acctid: entry.acctid,
        amt: String(roundTo(Math.abs(entry.amount), 4)),
        conid: String(instrument.conid),
      })),
      amt: String(roundTo(Math.abs(net), 4)),
    },
    currency: query.currency,
    from,
    id: 'getTransactions',
    to,
    includesRealTime: true,
    transactions: [
      ...executions.map((execution) => ({
        time: execution.time,
        entry: {
          date: tradeDay(execution.time).text,
          cur: instrument.currency,
          fxRate,
          pr: execution.price,
          qty: execution.side === 'BUY' ? execution.size : -execution.size,
          acctid: execution.account,
          amt: cents(execution.size * execution.price * instrument.multiplier),
          conid: instrument.conid,
          type: execution.side === 'BUY' ? ('Buy' as const) : ('Sell' as const),
          desc: instrument.companyName,
        } satisfies Transaction,
      })),
      ...query.accountIds.flatMap((accountId) =>
        dividendsPaid(accountId, from, to + 1)
          .filter((paid) => paid.conid === instrument.conid)
          .map((paid) => ({
            time: paid.paidAt ?? 0,
            entry: {
              date: tradeDay(paid.paidAt ?? 0).text,
              cur: instrument.currency,
              fxRate,
              pr: paid.perShare,
              qty: paid.quantity,
              acctid: accountId,
              amt: paid.gross,
              conid: instrument.conid,
              type: 'Dividend' as const,
              desc: instrument.companyName,
            } satisfies Transaction,
          })),
      ),
    ]
      .sort((a, b) => b.time - a.time)
      .map(({ entry }) => entry),
  };
}
