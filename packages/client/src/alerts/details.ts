import type { Schema } from '@brokerage/types';

export type AlertDetails = Schema<'AlertDetails'>;
export type AlertDetailsCondition = Schema<'AlertDetailsCondition'>;

/** A condition of an alert with its trigger method as a number (`null` where the service sends
 * none), and the watched contract split out of `conidex` (`undefined` for `*` or none). */
export type NumericAlertCondition = Omit<AlertDetailsCondition, 'condition_trigger_method'> & {
  condition_trigger_method: number | null;
  conid: number | undefined;
  exchange: string | undefined;
};

/** The alert details with numeric conditions and its number flags as booleans. */
export type NumericAlertDetails = Omit<AlertDetails, 'conditions'> & {
  conditions: NumericAlertCondition[];
  active: boolean;
  repeatable: boolean;
};

/** `8314@NYSE` → conid 8314 and exchange NYSE; `*@*` and null watch no single contract. */
function contractOf(conidex: string | null): { conid?: number; exchange?: string } {
  const [conid, exchange] = (conidex ?? '').split('@');
  return {
    ...(conid !== undefined && /^[0-9]+$/.test(conid) ? { conid: Number(conid) } : {}),
    ...(exchange !== undefined && exchange !== '*' ? { exchange } : {}),
  };
}

/** A numeric view of the alert details (of `getAlertDetails` or `getMtaAlert`): the service
 * sends the trigger method as a string of digits and flags as `0`/`1`; this reads them. */
export function numericAlertDetails(details: AlertDetails): NumericAlertDetails {
  return {
    ...details,
    active: details.alert_active === 1,
    repeatable: details.alert_repeatable === 1,
    conditions: (details.conditions ?? []).map((condition) => {
      const { conid, exchange } = contractOf(condition.conidex ?? null);
      return {
        ...condition,
        condition_trigger_method:
          condition.condition_trigger_method === null
            ? null
            : Number(condition.condition_trigger_method),
        conid,
        exchange,
      };
    }),
  };
}
