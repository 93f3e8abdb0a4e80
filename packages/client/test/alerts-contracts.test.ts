import {
  isRequiredParameter,
  numericAlertDetails,
  orderTicketDefaults,
  type AlertDetails,
  type ContractRules,
} from '../src/index.js';

const mtaDetails: AlertDetails = {
  account: 'U1234567',
  order_id: 9876543001,
  alert_name: 'MTA (AutoAlert)',
  tif: 'GTC',
  expire_time: null,
  alert_active: 1,
  alert_repeatable: 1,
  alert_email: null,
  alert_send_message: 0,
  alert_message: null,
  alert_show_popup: 0,
  alert_play_audio: null,
  order_status: 'Submitted',
  alert_triggered: false,
  fg_color: '#FFFFFF',
  bg_color: '#0000CC',
  order_not_editable: false,
  itws_orders_only: 0,
  alert_mta_currency: 'USD',
  alert_mta_defaults: null,
  tool_id: 55834574848,
  time_zone: null,
  alert_default_type: null,
  condition_size: 2,
  condition_outside_rth: 0,
  conditions: [
    {
      condition_type: 1,
      conidex: '265598@SMART',
      contract_description_1: 'AAPL',
      condition_operator: '>=',
      condition_trigger_method: '2',
      condition_value: '195.50',
      condition_logic_bind: 'a',
      condition_time_zone: null,
    },
    {
      condition_type: 5,
      conidex: '*@*',
      contract_description_1: 'Unknown',
      condition_operator: null,
      condition_trigger_method: null,
      condition_value: '*',
      condition_logic_bind: 'n',
      condition_time_zone: null,
    },
  ],
};

describe('numericAlertDetails', () => {
  it('reads the trigger method strings as numbers and splits the watched contract', () => {
    const view = numericAlertDetails(mtaDetails);
    expect(view.conditions[0]).toMatchObject({
      condition_trigger_method: 2,
      conid: 265598,
      exchange: 'SMART',
    });
    expect(view.conditions[1]).toMatchObject({
      condition_trigger_method: null,
      conid: undefined,
      exchange: undefined,
    });
  });

  it('turns the 0/1 flags into booleans and keeps the raw fields', () => {
    const view = numericAlertDetails({ ...mtaDetails, alert_active: 0 });
    expect(view).toMatchObject({ active: false, repeatable: true, alert_active: 0 });
  });
});

describe('contract rules helpers', () => {
  const rules = {
    tifDefaults: { TIF: 'DAY', SIZE: '100.00', DEFAULT_ACCT: 'U1234567', PMALGO: true },
    orderDefaults: { LMT: { LP: '198.22' } },
  } as Partial<ContractRules> as ContractRules;

  it('reads the order-ticket defaults the service sends as strings', () => {
    expect(orderTicketDefaults(rules)).toEqual({
      tif: 'DAY',
      size: 100,
      account: 'U1234567',
      limitPrice: 198.22,
    });
  });

  it('answers undefined for the defaults the service leaves out', () => {
    expect(orderTicketDefaults({} as ContractRules)).toEqual({
      tif: undefined,
      size: undefined,
      account: undefined,
      limitPrice: undefined,
    });
  });

  it('reads an algo parameter as required only when the service sends "true"', () => {
    const parameter = {
      id: 'maxPctVol',
      name: 'Max Percentage',
      valueClassName: 'Double' as const,
    };
    expect(isRequiredParameter({ ...parameter, required: 'true' })).toBe(true);
    expect(isRequiredParameter({ ...parameter, required: 'false' })).toBe(false);
    expect(isRequiredParameter(parameter)).toBe(false);
  });
});
