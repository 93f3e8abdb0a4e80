import type { AccountsArea } from '../accounts/brokerage.js';
import type { Instrument } from '../market/model.js';
import { pairCurrencies } from '../orders/fills.js';
import type { Execution } from '../orders/model.js';
import { cents } from '../kernel/money.js';

/** One execution with what the reports show of it. */
export interface ReportedExecution {
  execution: Execution;
  instrument: Instrument | undefined;
  symbol: string;
  currency: string;
  /** Signed: what a sale brought in (positive), what a purchase cost (negative). */
  proceeds: number;
}

export function reported(
  accounts: Pick<AccountsArea, 'market'>,
  execution: Execution,
): ReportedExecution {
  const instrument = accounts.market.instrument(execution.conid);
  const signed = execution.side === 'BUY' ? execution.size : -execution.size;
  return {
    execution,
    instrument,
    symbol: instrument?.symbol ?? String(execution.conid),
    currency: instrument?.currency ?? 'USD',
    proceeds: cents(-signed * execution.price * (instrument?.multiplier ?? 1)),
  };
}

/** A change of the account's cash: by an execution (its trade and its commission), by a
 * settled banking instruction or by a dividend paid. */
export interface CashMovement {
  time: number;
  kind:
    | 'Trade'
    | 'Commission'
    | 'Deposit'
    | 'Withdrawal'
    | 'Transfer in'
    | 'Transfer out'
    | 'Dividend'
    | 'Withholding tax';
  description: string;
  currency: string;
  amount: number;
}

/** The cash an execution moved, as the fill booked it (`orders/fills.ts`): a currency pair
 * exchanges its two currencies, a future settles its realized profit or loss, anything else
 * pays or receives its proceeds; the commission is taken in the contract's (quote) currency. */
export function cashMovements(item: ReportedExecution): CashMovement[] {
  const { execution, instrument, symbol } = item;
  const signed = execution.side === 'BUY' ? execution.size : -execution.size;
  const verb = execution.side === 'BUY' ? 'Bought' : 'Sold';
  const description = `${verb} ${execution.size} ${symbol} @ ${execution.price}`;
  const time = execution.time;
  const trade = (currency: string, amount: number): CashMovement => ({
    time,
    kind: 'Trade',
    description,
    currency,
    amount: cents(amount),
  });
  let currency = item.currency;
  let trades: CashMovement[];
  if (instrument?.secType === 'CASH') {
    const [base, quote] = pairCurrencies(instrument);
    currency = quote;
    trades = [trade(base, signed), trade(quote, -signed * execution.price)];
  } else if (instrument?.secType === 'FUT') {
    trades = execution.realizedPnl ? [trade(currency, execution.realizedPnl)] : [];
  } else {
    trades = [trade(currency, item.proceeds)];
  }
  const commission: CashMovement[] = execution.commission
    ? [
        {
          time,
          kind: 'Commission',
          description: `Commission on order ${execution.orderId}`,
          currency,
          amount: cents(-execution.commission),
        },
      ]
    : [];
  return [...trades, ...commission];
}
