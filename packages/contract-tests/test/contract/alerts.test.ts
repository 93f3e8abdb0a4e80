// Alerts, watchlists and allocation groups.
import type { Body } from '@brokerage/types';
import { describeInProcess } from '../../src/target.js';
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

describe('watchlists', () => {
  const suite = useTarget();

  it('createWatchlist stores the rows; a duplicate id answers 400', async () => {
    const body: Body<'createWatchlist'> = {
      id: '4321',
      name: 'Tech',
      rows: [{ C: 265598 }, { H: '' }],
    };
    const { data, response } = await suite.client.POST('/v1/api/iserver/watchlist', { body });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: '4321', name: 'Tech' });
    const again = await suite.client.POST('/v1/api/iserver/watchlist', { body });
    expect(again.response.status).toBe(400);
  });

  it('getWatchlists, getWatchlist and deleteWatchlist list, read and delete a watchlist', async () => {
    // Ids are unique per user, also across runs against one external server.
    const id = String(Date.now() % 1_000_000_000);
    await suite.client.POST('/v1/api/iserver/watchlist', {
      body: { id, name: 'Contract test', rows: [{ C: 265598 }, { H: '' }] },
    });
    const lists = await suite.client.GET('/v1/api/iserver/watchlists', {
      params: { query: { SC: 'USER_WATCHLIST' } },
    });
    expect(lists.response.status).toBe(200);
    expect(lists.data?.data?.user_lists?.map((entry) => entry.id)).toContain(id);
    const one = await suite.client.GET('/v1/api/iserver/watchlist', { params: { query: { id } } });
    expect(one.response.status).toBe(200);
    expect(one.data?.instruments).toHaveLength(2);
    const deleted = await suite.client.DELETE('/v1/api/iserver/watchlist', {
      params: { query: { id } },
    });
    expect(deleted.data?.data?.deleted).toBe(id);
    const gone = await suite.client.GET('/v1/api/iserver/watchlist', { params: { query: { id } } });
    expect(gone.response.status).toBe(400);
  });

  it('deleteWatchlist takes the id in a JSON body too', async () => {
    const id = String((Date.now() % 1_000_000_000) + 1);
    await suite.client.POST('/v1/api/iserver/watchlist', { body: { id, name: 'Body', rows: [] } });
    const { data, response } = await suite.client.DELETE('/v1/api/iserver/watchlist', {
      body: { id },
    });
    expect(response.status).toBe(200);
    expect(data?.data?.deleted).toBe(id);
  });
});

describeInProcess('allocation groups', () => {
  describe('an advisor', () => {
    const suite = useTarget({ gatewayUser: 'demo_advisor' });

    it('createAllocationGroup stores a group of sub-accounts; percentages must add up to 100', async () => {
      const accounts = [
        { name: 'U2345671', amount: 60 },
        { name: 'U2345672', amount: 40 },
      ];
      const ok = await suite.client.POST('/v1/api/iserver/account/allocation/group', {
        body: { name: 'Income', accounts, default_method: 'P' },
      });
      expect(ok.response.status).toBe(200);
      const bad = await suite.client.POST('/v1/api/iserver/account/allocation/group', {
        body: { name: 'Broken', accounts: [{ name: 'U2345671', amount: 60 }], default_method: 'P' },
      });
      expect(bad.response.status).toBe(400);
    });
  });

  describe('an individual', () => {
    const suite = useTarget();

    it('createAllocationGroup answers 400', async () => {
      const { response } = await suite.client.POST('/v1/api/iserver/account/allocation/group', {
        body: { name: 'Growth', accounts: [{ name: 'U2345671' }] },
      });
      expect(response.status).toBe(400);
    });
  });
});
