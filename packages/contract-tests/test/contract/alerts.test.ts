// Alerts: price and MTA alerts, activated, deleted and read.
import type { Body } from '@brokerage/types';
import { useTarget } from '../support/target.js';

const priceAlert: Body<'upsertAlert'> = {
  alertName: 'AAPL above 195.50',
  alertMessage: 'AAPL traded at or above 195.50',
  alertRepeatable: 0,
  outsideRth: 0,
  tif: 'GTC',
  conditions: [
    {
      conidex: '265598@SMART',
      type: 1,
      operator: '>=',
      triggerMethod: 0,
      value: '195.50',
      logicBind: 'n',
    },
  ],
};

describe('alerts', () => {
  const suite = useTarget();
  let accountId = '';

  beforeAll(async () => {
    const { data } = await suite.client.GET('/v1/api/iserver/accounts');
    accountId = data?.accounts?.[0] ?? '';
  });

  async function createAlert(): Promise<number> {
    const { data, response } = await suite.client.POST(
      '/v1/api/iserver/account/{accountId}/alert',
      {
        params: { path: { accountId } },
        body: priceAlert,
      },
    );
    expect(response.status).toBe(200);
    expect(data?.success).toBe(true);
    return data?.order_id ?? 0;
  }

  it('upsertAlert creates an alert that listAlerts and getAlertDetails show', async () => {
    const orderId = await createAlert();
    const list = await suite.client.GET('/v1/api/iserver/account/{accountId}/alerts', {
      params: { path: { accountId } },
    });
    expect(list.data?.map((a) => a.order_id)).toContain(orderId);
    const details = await suite.client.GET('/v1/api/iserver/account/alert/{alertId}', {
      params: { path: { alertId: String(orderId) }, query: { type: 'Q' } },
    });
    expect(details.response.status).toBe(200);
    expect(details.data?.alert_name).toBe(priceAlert.alertName);
  });

  it('upsertAlert takes the vendor forms: trigger method and order id as strings', async () => {
    const orderId = await createAlert();
    const { data, response } = await suite.client.POST(
      '/v1/api/iserver/account/{accountId}/alert',
      {
        params: { path: { accountId } },
        body: {
          ...priceAlert,
          orderId: String(orderId),
          conditions: [
            {
              conidex: '265598@SMART',
              type: 1,
              operator: '>=',
              triggerMethod: '0',
              value: '197.00',
              logicBind: 'n',
            },
          ],
        },
      },
    );
    expect(response.status).toBe(200);
    const details = await suite.client.GET('/v1/api/iserver/account/alert/{alertId}', {
      params: { path: { alertId: String(data?.order_id) }, query: { type: 'Q' } },
    });
    expect(details.data?.conditions?.[0]?.condition_trigger_method).toBe('0');
    expect(details.data?.order_status).toBe('Submitted');
  });

  it('upsertAlert without conditions answers 400 and stores nothing', async () => {
    const before = await suite.client.GET('/v1/api/iserver/account/{accountId}/alerts', {
      params: { path: { accountId } },
    });
    const { response } = await suite.client.POST('/v1/api/iserver/account/{accountId}/alert', {
      params: { path: { accountId } },
      body: { ...priceAlert, conditions: undefined } as never,
    });
    expect(response.status).toBe(400);
    const after = await suite.client.GET('/v1/api/iserver/account/{accountId}/alerts', {
      params: { path: { accountId } },
    });
    expect(after.data).toEqual(before.data);
  });

  it('activateAlert deactivates and reactivates an alert', async () => {
    const orderId = await createAlert();
    const off = await suite.client.POST('/v1/api/iserver/account/{accountId}/alert/activate', {
      params: { path: { accountId } },
      body: { alertId: orderId, alertActive: 0 },
    });
    expect(off.data?.success).toBe(true);
    const list = await suite.client.GET('/v1/api/iserver/account/{accountId}/alerts', {
      params: { path: { accountId } },
    });
    expect(list.data?.find((a) => a.order_id === orderId)?.alert_active).toBe(0);
    const on = await suite.client.POST('/v1/api/iserver/account/{accountId}/alert/activate', {
      params: { path: { accountId } },
      body: { alertId: orderId, alertActive: 1 },
    });
    expect(on.data?.success).toBe(true);
    const relisted = await suite.client.GET('/v1/api/iserver/account/{accountId}/alerts', {
      params: { path: { accountId } },
    });
    expect(relisted.data?.find((a) => a.order_id === orderId)?.alert_active).toBe(1);
  });

  it('activateAlert of an unknown alert answers 500 error-only', async () => {
    const { error, response } = await suite.client.POST(
      '/v1/api/iserver/account/{accountId}/alert/activate',
      {
        params: { path: { accountId } },
        body: { alertId: 1, alertActive: 1 },
      },
    );
    expect(response.status).toBe(500);
    expect(error).toEqual({ error: expect.any(String) });
  });

  it('deleteAlert removes the alert; deleting it again answers 500', async () => {
    const orderId = await createAlert();
    const path = { accountId, alertId: String(orderId) };
    const deleted = await suite.client.DELETE(
      '/v1/api/iserver/account/{accountId}/alert/{alertId}',
      {
        params: { path },
        body: {},
      },
    );
    expect(deleted.data?.success).toBe(true);
    const again = await suite.client.DELETE('/v1/api/iserver/account/{accountId}/alert/{alertId}', {
      params: { path },
    });
    expect(again.response.status).toBe(500);
  });

  it('getAlertDetails of an unknown alert answers 500', async () => {
    const { response } = await suite.client.GET('/v1/api/iserver/account/alert/{alertId}', {
      params: { path: { alertId: '1' }, query: { type: 'Q' } },
    });
    expect(response.status).toBe(500);
  });

  it('getMtaAlert answers the MTA alert, absent from the alerts list', async () => {
    const mta = await suite.client.GET('/v1/api/iserver/account/mta');
    expect(mta.response.status).toBe(200);
    const list = await suite.client.GET('/v1/api/iserver/account/{accountId}/alerts', {
      params: { path: { accountId } },
    });
    expect(list.data?.map((a) => a.order_id)).not.toContain(mta.data?.order_id);
  });
});
