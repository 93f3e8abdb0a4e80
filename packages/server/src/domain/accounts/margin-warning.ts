import type { AreaContext } from './brokerage.js';
import type { Account } from './model.js';
import { valueAccount } from './valuation.js';

/** Below this share of net liquidation, excess liquidity makes a margin warning. */
export const marginWarningShare = 0.1;

/** Publishes a margin warning for `username` when the account's excess liquidity has fallen
 * below the warning share of its net liquidation (checked after each change of its holdings). */
export function warnOnMargin(
  context: AreaContext<'clock' | 'events', 'market'>,
  account: Account,
  username: string,
): void {
  const values = valueAccount(account, context.accounts.market);
  const netLiquidation = values.total.netLiquidation;
  if (netLiquidation <= 0 || values.excessLiquidity >= netLiquidation * marginWarningShare) return;
  context.events.publish({
    type: 'marginWarning',
    username,
    time: context.clock.now(),
    accountId: account.id,
    excessLiquidity: values.excessLiquidity,
    netLiquidation,
    currency: account.baseCurrency,
  });
}
