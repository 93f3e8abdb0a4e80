import type { Market } from '../market/market.js';
import { parseDashedTimestamp } from '../kernel/time-format.js';
import type { Alert, AlertCondition } from './model.js';

/** The one contract a condition watches, if any (none for `*@*`, any contract). */
export function conidOf(condition: AlertCondition): number | undefined {
  const conid = condition.conidex?.split('@')[0] ?? '';
  return /^[0-9]+$/.test(conid) ? Number(conid) : undefined;
}

const compare = (operator: AlertCondition['operator'], actual: number, threshold: number) =>
  operator === '>=' ? actual >= threshold : actual <= threshold;

/** Whether one condition holds now. Price conditions read the simulated last price, time
 * conditions the server's clock (UTC); the other kinds are not simulated and never hold. */
function holds(condition: AlertCondition, market: Market, now: number): boolean {
  if (condition.type === 1) {
    const conid = conidOf(condition);
    const price = conid === undefined ? undefined : market.price(conid);
    return price !== undefined && compare(condition.operator, price, Number(condition.value));
  }
  if (condition.type === 3) {
    const time = parseDashedTimestamp(condition.value);
    return time !== undefined && compare(condition.operator, now, time);
  }
  return false;
}

/** The chain of conditions, read left to right: each `logicBind` joins a condition to the next. */
export function conditionsHold(alert: Alert, market: Market, now: number): boolean {
  let result = false;
  alert.conditions.forEach((condition, index) => {
    const value = holds(condition, market, now);
    const bind = index === 0 ? undefined : alert.conditions[index - 1]?.logicBind;
    result = bind === undefined ? value : bind === 'o' ? result || value : result && value;
  });
  return result;
}
