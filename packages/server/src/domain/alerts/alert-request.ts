import { badRequest, rejected } from '../kernel/errors.js';
import { alertTexts } from './alert-texts.js';
import type { Market } from '../market/market.js';
import { parseDashedTimestamp } from '../kernel/time-format.js';
import type { AlertCondition, AlertConditionRequest, AlertRequest } from './model.js';

/** Condition types that watch a contract (`conidex` required). */
const contractTypes: readonly number[] = [1, 5, 6];
/** The MTA alert's trade condition on any contract, as the service shows it. */
export const anyContract = '*@*';
/** The value that takes a condition type's default, as the vendor's reference allows. */
const defaultValue = '*';

/** Condition types of the MTA alert only. */
export const mtaTypes: readonly number[] = [7, 8, 9];
/** Condition types the MTA alert takes: its own, margin and trade (the keys of the service's
 * `alert_mta_defaults`). */
const mtaAlertTypes: readonly number[] = [4, 5, ...mtaTypes];

/** An alert's settings as checked from the request (without its identity and state). */
export interface AlertSettings {
  name: string;
  message: string | null;
  repeatable: 0 | 1;
  email: string | null;
  sendMessage: 0 | 1;
  showPopup: 0 | 1;
  playAudio: string | null;
  itwsOrdersOnly: 0 | 1;
  outsideRth: 0 | 1;
  tif: 'GTC' | 'GTD';
  expireTime: string | null;
  conditions: AlertCondition[];
}

/** A trigger method as the details answer it: the request's number or string, as a string. */
const triggerMethodOf = (
  method: AlertConditionRequest['triggerMethod'],
): AlertCondition['triggerMethod'] =>
  method === undefined ? '0' : (String(method) as AlertCondition['triggerMethod']);

/** The settings of an alert request: missing pieces answer 400, values the service cannot use 500. */
export function alertSettingsOf(
  request: AlertRequest,
  market: Market,
  forMta: boolean,
): AlertSettings {
  if (request.tif === 'GTD' && request.expireTime === undefined)
    throw badRequest(alertTexts.expiryRequired);
  if (request.tif === 'GTD' && parseDashedTimestamp(request.expireTime ?? '') === undefined) {
    throw rejected(alertTexts.expiryInvalid(request.expireTime ?? ''));
  }
  const conditions = request.conditions.map((condition, index): AlertCondition => {
    if (contractTypes.includes(condition.type) && condition.conidex === undefined) {
      throw badRequest(alertTexts.conidexRequired(index, condition.type));
    }
    if (forMta ? !mtaAlertTypes.includes(condition.type) : mtaTypes.includes(condition.type)) {
      throw rejected(alertTexts.mtaTypeMisplaced(condition.type, forMta));
    }
    let conidex: string | null = null;
    if (condition.conidex === anyContract) conidex = anyContract;
    else if (condition.conidex !== undefined) {
      const [conid = '', exchange = 'SMART'] = condition.conidex.split('@');
      if (!market.instrument(Number(conid))) throw rejected(alertTexts.contractNotFound(conid));
      conidex = `${conid}@${exchange}`;
    }
    const operator = condition.operator;
    if (operator !== '>=' && operator !== '<=') {
      throw rejected(alertTexts.unknownOperator(index + 1, operator));
    }
    const valid =
      condition.value === defaultValue ||
      (condition.type === 3
        ? parseDashedTimestamp(condition.value) !== undefined
        : Number.isFinite(Number(condition.value)));
    if (!valid) throw rejected(alertTexts.valueInvalid(condition.value, condition.type));
    return {
      type: condition.type,
      conidex,
      operator,
      triggerMethod: condition.type === 1 ? triggerMethodOf(condition.triggerMethod) : '0',
      value: condition.value,
      logicBind: condition.logicBind,
      timeZone: condition.timeZone ?? null,
    };
  });
  if (conditions.at(-1)?.logicBind !== 'n') throw rejected(alertTexts.chainNotEnded);
  return {
    name: request.alertName,
    message: request.alertMessage ?? null,
    repeatable: request.alertRepeatable,
    email: request.email ?? null,
    sendMessage: request.sendMessage ?? 0,
    showPopup: request.showPopup ?? 0,
    playAudio: request.playAudio ?? null,
    itwsOrdersOnly: request.iTWSOrdersOnly ?? 0,
    outsideRth: request.outsideRth ?? 0,
    tif: request.tif,
    expireTime: request.tif === 'GTD' ? (request.expireTime ?? null) : null,
    conditions,
  };
}
