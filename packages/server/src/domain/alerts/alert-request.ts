import { badRequest, rejected } from '../kernel/errors.js';
import type { Market } from '../market/market.js';
import { parseDashedTimestamp } from '../kernel/time-format.js';
import type { AlertCondition, AlertRequest } from './model.js';

/** Condition types that watch a contract (`conidex` required). */
const contractTypes: readonly number[] = [1, 5, 6];
/** Condition types of the MTA alert only. */
export const mtaTypes: readonly number[] = [7, 8, 9];

/** An alert's settings as checked from the request (without its identity and state). */
export interface AlertSettings {
  name: string;
  message: string;
  repeatable: 0 | 1;
  email: string | null;
  sendMessage: 0 | 1;
  showPopup: 0 | 1;
  itwsOrdersOnly: 0 | 1;
  outsideRth: 0 | 1;
  tif: 'GTC' | 'GTD';
  expireTime: string | null;
  conditions: AlertCondition[];
}

/** The settings of an alert request: missing pieces answer 400, values the service cannot use 500. */
export function alertSettingsOf(
  request: AlertRequest,
  market: Market,
  forMta: boolean,
): AlertSettings {
  if (request.tif === 'GTD' && request.expireTime === undefined)
    throw badRequest('Bad Request: expireTime is required when tif is GTD');
  if (request.tif === 'GTD' && parseDashedTimestamp(request.expireTime ?? '') === undefined) {
    throw rejected(`Invalid expireTime ${request.expireTime ?? ''}`);
  }
  const conditions = request.conditions.map((condition, index): AlertCondition => {
    const where = `conditions[${index}]`;
    if (contractTypes.includes(condition.type) && condition.conidex === undefined) {
      throw badRequest(
        `Bad Request: ${where}.conidex is required for condition type ${condition.type}`,
      );
    }
    if (mtaTypes.includes(condition.type) !== forMta) {
      throw rejected(
        `Condition type ${condition.type} is ${forMta ? 'not valid on' : 'only valid on'} the MTA alert`,
      );
    }
    let conidex: string | null = null;
    if (condition.conidex !== undefined) {
      const [conid = '', exchange = 'SMART'] = condition.conidex.split('@');
      if (!market.instrument(Number(conid))) throw rejected(`Contract ${conid} not found`);
      conidex = `${conid}@${exchange}`;
    }
    const operator = condition.operator;
    if (operator !== '>=' && operator !== '<=') {
      throw rejected(`Invalid operator ${operator}: use >= or <=`);
    }
    const valid =
      condition.type === 3
        ? parseDashedTimestamp(condition.value) !== undefined
        : Number.isFinite(Number(condition.value));
    if (!valid)
      throw rejected(`Invalid value ${condition.value} for condition type ${condition.type}`);
    return {
      type: condition.type,
      conidex,
      operator,
      triggerMethod: condition.type === 1 ? (condition.triggerMethod ?? 0) : 0,
      value: condition.value,
      logicBind: condition.logicBind,
      timeZone: condition.timeZone ?? null,
    };
  });
  if (conditions.at(-1)?.logicBind !== 'n')
    throw rejected('The last condition must end the chain with logicBind n');
  return {
    name: request.alertName,
    message: request.alertMessage ?? '',
    repeatable: request.alertRepeatable,
    email: request.email ?? null,
    sendMessage: request.sendMessage ?? 0,
    showPopup: request.showPopup ?? 0,
    itwsOrdersOnly: request.iTWSOrdersOnly ?? 0,
    outsideRth: request.outsideRth ?? 0,
    tif: request.tif,
    expireTime: request.tif === 'GTD' ? (request.expireTime ?? null) : null,
    conditions,
  };
}
