import type { Schema } from '@brokerage/types';
import type { Market } from '../market/market.js';
import { dashedTimestamp } from '../kernel/time-format.js';
import { conidOf } from './alert-conditions.js';
import { alertTexts } from './alert-texts.js';
import { anyContract } from './alert-request.js';
import type { Alert, AlertCondition } from './model.js';

/** The service's acknowledgement of an activation or deletion: the alert's (new) order id. */
export function alertAcknowledgement(alert: Alert): Schema<'AlertActivationResponse'> {
  return {
    request_id: null,
    order_id: alert.orderId,
    success: true,
    text: alertTexts.requestSubmitted,
    failure_list: null,
  };
}

/** The answer to creating or modifying an alert: its (new) order id and the warning, if any. */
export function alertSubmission(
  alert: Alert,
  warning: string | null,
): Schema<'AlertSubmitResponse'> {
  return {
    request_id: null,
    order_id: alert.orderId,
    success: true,
    text: alertTexts.submitted,
    order_status: null,
    warning_message: warning,
  };
}

/** One alert as the alerts list shows it. */
export function alertSummary(alert: Alert): Schema<'AlertSummary'> {
  return {
    order_id: alert.orderId,
    account: alert.accountId,
    alert_name: alert.name,
    alert_active: alert.active ? 1 : 0,
    order_time: dashedTimestamp(alert.orderTime),
    alert_triggered: alert.triggered,
    alert_repeatable: alert.repeatable,
  };
}

/** The watched contract's symbol; `Unknown` for any contract (`*@*`), as the service shows it. */
function descriptionOf(condition: AlertCondition, conid: number | undefined, market: Market) {
  if (condition.conidex === anyContract) return 'Unknown';
  return conid === undefined ? null : (market.instrument(conid)?.symbol ?? null);
}

/** Every setting of an alert, as the details and MTA operations answer it. */
export function alertDetails(alert: Alert, market: Market): Schema<'AlertDetails'> {
  return {
    account: alert.accountId,
    order_id: alert.orderId,
    alert_name: alert.name,
    tif: alert.tif,
    expire_time: alert.expireTime,
    alert_active: alert.active ? 1 : 0,
    alert_repeatable: alert.repeatable,
    alert_email: alert.email,
    alert_send_message: alert.sendMessage,
    alert_message: alert.message,
    alert_show_popup: alert.showPopup,
    alert_play_audio: alert.playAudio,
    order_status: alert.active ? 'Submitted' : 'Inactive',
    alert_triggered: alert.triggered,
    fg_color: '#FFFFFF',
    bg_color: '#0000CC',
    order_not_editable: false,
    itws_orders_only: alert.itwsOrdersOnly,
    alert_mta_currency: alert.mta?.currency ?? null,
    alert_mta_defaults: alert.mta?.defaults ?? null,
    tool_id: alert.mta?.toolId ?? null,
    time_zone: alert.conditions.find((condition) => condition.timeZone !== null)?.timeZone ?? null,
    alert_default_type: alert.mta ? 9 : null,
    condition_size: alert.conditions.length,
    condition_outside_rth: alert.outsideRth,
    conditions: alert.conditions.map((condition) => {
      const conid = conidOf(condition);
      return {
        condition_type: condition.type,
        conidex: condition.conidex,
        contract_description_1: descriptionOf(condition, conid, market),
        condition_operator: condition.operator,
        condition_trigger_method: condition.triggerMethod,
        condition_value: condition.value,
        condition_logic_bind: condition.logicBind,
        condition_time_zone: condition.timeZone,
      };
    }),
  };
}
