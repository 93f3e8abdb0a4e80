import { startServer, type Harness } from '../harness.js';
import { AAPL, defined, MSFT } from '../trading-helpers.js';

const base = '/v1/api/iserver/account';

const priceAlert = (extra: Record<string, unknown> = {}, value = '195.50', operator = '>=') => ({
  alertName: 'AAPL above 195.50',
  alertMessage: 'AAPL traded at or above 195.50',
  alertRepeatable: 0,
  email: 'jane.doe@example.com',
  sendMessage: 1,
  tif: 'GTC',
  conditions: [
    { conidex: `${AAPL}@SMART`, type: 1, operator, triggerMethod: 0, value, logicBind: 'n' },
  ],
  ...extra,
});

describe('alerts', () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  const upsert = (body: unknown, accountId = 'U1234567') =>
    server.call('POST', `${base}/${accountId}/alert`, { body });
  const details = (id: number | string, type = '?type=Q') =>
    server.call('GET', `${base}/alert/${id}${type}`);
  const list = (accountId = 'U1234567') => server.call('GET', `${base}/${accountId}/alerts`);
  const activate = (alertId: number, alertActive: 0 | 1, accountId = 'U1234567') =>
    server.call('POST', `${base}/${accountId}/alert/activate`, { body: { alertId, alertActive } });
  const remove = (alertId: number | string, accountId = 'U1234567') =>
    server.call('DELETE', `${base}/${accountId}/alert/${alertId}`, { body: {} });
  const mta = () => server.call('GET', `${base}/mta`);
  const create = async (body: unknown = priceAlert()) =>
    (await upsert(body)).body.order_id as number;
  const stored = (orderId: number) =>
    defined(server.brokerage.store.collection('alerts').get(String(orderId)), `alert ${orderId}`);
  const setPrice = (price: number) => server.brokerage.market.setPrice(AAPL, price);

  describe('create, read and list', () => {
    it('creates an active alert and answers its order id', async () => {
      const answer = await upsert(priceAlert());
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        request_id: null,
        order_id: expect.any(Number),
        success: true,
        text: 'Submitted',
        order_status: null,
        warning_message: null,
      });
    });

    it('lists the alerts of the account in creation order, without the MTA alert', async () => {
      const first = await create();
      server.clock.advance(1000);
      const second = await create(priceAlert({ alertName: 'second' }));
      await mta();
      expect((await list()).body).toEqual([
        {
          order_id: first,
          account: 'U1234567',
          alert_name: 'AAPL above 195.50',
          alert_active: 1,
          order_time: '20260105-15:00:00',
          alert_triggered: false,
          alert_repeatable: 0,
        },
        expect.objectContaining({
          order_id: second,
          alert_name: 'second',
          order_time: '20260105-15:00:01',
        }),
      ]);
      expect((await list('U9999999')).status).toBe(400);
    });

    it('answers every setting of an alert with type=Q', async () => {
      const id = await create();
      const answer = await details(id);
      expect(answer.body).toEqual({
        account: 'U1234567',
        order_id: id,
        alert_name: 'AAPL above 195.50',
        tif: 'GTC',
        expire_time: null,
        alert_active: 1,
        alert_repeatable: 0,
        alert_email: 'jane.doe@example.com',
        alert_send_message: 1,
        alert_message: 'AAPL traded at or above 195.50',
        alert_show_popup: 0,
        alert_play_audio: null,
        order_status: 'Submitted',
        alert_triggered: false,
        fg_color: '#FFFFFF',
        bg_color: '#0000CC',
        order_not_editable: false,
        itws_orders_only: 0,
        alert_mta_currency: null,
        alert_mta_defaults: null,
        tool_id: null,
        time_zone: null,
        alert_default_type: null,
        condition_size: 1,
        condition_outside_rth: 0,
        conditions: [
          {
            condition_type: 1,
            conidex: `${AAPL}@SMART`,
            contract_description_1: 'AAPL',
            condition_operator: '>=',
            condition_trigger_method: '0',
            condition_value: '195.50',
            condition_logic_bind: 'n',
            condition_time_zone: null,
          },
        ],
      });
    });

    it('refuses a details request without type=Q (400) and an unknown id (500)', async () => {
      const id = await create();
      expect((await details(id, '')).status).toBe(400);
      expect((await details(id, '?type=X')).status).toBe(400);
      const unknown = await details(12345);
      expect(unknown.status).toBe(500);
      expect(unknown.body).toEqual({ error: 'Alert 12345 not found', statusCode: 500 });
    });
  });

  describe('invalid requests', () => {
    it('answers 400 for an empty body, a GTD alert without expiry and a price condition without contract', async () => {
      expect((await upsert({})).status).toBe(400);
      const gtd = await upsert(priceAlert({ tif: 'GTD' }));
      expect(gtd.status).toBe(400);
      expect(gtd.body).toEqual({
        error: 'Bad Request: expireTime is required when tif is GTD',
        statusCode: 400,
      });
      const noContract = await upsert(
        priceAlert({ conditions: [{ type: 1, operator: '>=', value: '1', logicBind: 'n' }] }),
      );
      expect(noContract.status).toBe(400);
    });

    it('answers 500 error-only for values the service cannot use', async () => {
      const cases = [
        priceAlert({ orderId: 999 }),
        priceAlert({
          conditions: [
            { conidex: '999999999@SMART', type: 1, operator: '>=', value: '1', logicBind: 'n' },
          ],
        }),
        priceAlert({
          conditions: [
            { conidex: `${AAPL}`, type: 1, operator: '>=', value: 'high', logicBind: 'n' },
          ],
        }),
        priceAlert({ conditions: [{ type: 9, operator: '<=', value: '-100', logicBind: 'n' }] }),
      ];
      for (const body of cases) {
        const answer = await upsert(body);
        expect(answer.status).toBe(500);
        expect(Object.keys(answer.body)).toEqual(['error']);
      }
      const operator = await upsert(priceAlert({}, '195.50', 'abc'));
      expect(operator.status).toBe(500);
      expect(operator.body).toEqual({ error: "Condition #1:can't recognize fix [abc]" });
      expect((await upsert(priceAlert(), 'U9999999')).status).toBe(500);
      expect(await list().then((answer) => answer.body)).toEqual([]);
    });
  });

  describe('modify', () => {
    it('replaces the settings under a new order id', async () => {
      const id = await create();
      const answer = await upsert(
        priceAlert({ orderId: id, alertMessage: 'AAPL traded at or above 197' }, '197.00'),
      );
      const newId = answer.body.order_id as number;
      expect(newId).not.toBe(id);
      expect((await details(newId)).body).toMatchObject({
        alert_message: 'AAPL traded at or above 197',
        conditions: [expect.objectContaining({ condition_value: '197.00' })],
      });
      expect((await details(id)).status).toBe(500);
      expect((await list()).body.map((alert: { order_id: number }) => alert.order_id)).toEqual([
        newId,
      ]);
    });

    it('takes the order id and the trigger method as strings, and the fields public clients send', async () => {
      const id = await create();
      const answer = await upsert({
        ...priceAlert({ orderId: String(id), playAudio: 'Chime', toolId: 55_834_574_848 }),
        conditions: [
          {
            conidex: `${AAPL}@SMART`,
            type: 1,
            operator: '>=',
            triggerMethod: '2',
            value: '196',
            logicBind: 'n',
          },
        ],
      });
      expect(answer.status).toBe(200);
      expect((await details(answer.body.order_id)).body).toMatchObject({
        alert_play_audio: 'Chime',
        conditions: [expect.objectContaining({ condition_trigger_method: '2' })],
      });
    });

    it("refuses to rename an alert, in the service's words", async () => {
      const id = await create();
      const answer = await upsert(priceAlert({ orderId: id, alertName: 'renamed' }, '197.00'));
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: 'Alert name cannot be modified' });
    });

    it('refuses a modification that changes nothing', async () => {
      const id = await create();
      const answer = await upsert(priceAlert({ orderId: id }));
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: `Alert ${id} was not modified: nothing changed` });
    });
  });

  describe('activate and deactivate', () => {
    it('deactivates without deleting, and stops notifications until activated again', async () => {
      const id = await create(priceAlert({ alertRepeatable: 1 }));
      expect((await activate(id, 0)).body).toEqual({
        request_id: null,
        order_id: id,
        success: true,
        text: 'Request was submitted',
        failure_list: null,
      });
      expect((await details(id)).body).toMatchObject({
        alert_active: 0,
        order_status: 'Inactive',
        alert_triggered: false,
      });
      expect((await list()).body).toHaveLength(1);
      setPrice(196);
      expect((await details(id)).body.alert_triggered).toBe(false);
      await activate(id, 1);
      expect((await details(id)).body).toMatchObject({
        alert_active: 1,
        order_status: 'Submitted',
        alert_triggered: true,
      });
    });

    it('answers 500 error-only for an unknown alert or account', async () => {
      const unknown = await activate(4242, 0);
      expect(unknown.status).toBe(500);
      expect(unknown.body).toEqual({ error: 'failed to activate/deactivate alert' });
      const id = await create();
      expect((await activate(id, 0, 'U9999999')).status).toBe(500);
    });
  });

  describe('delete', () => {
    it('removes the alert; a second delete answers 500 error-only', async () => {
      const id = await create();
      expect((await remove(id)).body).toEqual({
        request_id: null,
        order_id: id,
        success: true,
        text: 'Request was submitted',
        failure_list: null,
      });
      expect((await list()).body).toEqual([]);
      const again = await remove(id);
      expect(again.status).toBe(500);
      expect(again.body).toEqual({ error: `failed to delete alert: Alert ${id} doesn't exist` });
    });

    it('answers 500 for an unparsable id and 400 for an empty one', async () => {
      const unparsable = await remove('abc');
      expect(unparsable.status).toBe(500);
      expect(unparsable.body).toEqual({ error: 'Invalid alert id abc' });
      const blank = await remove('%20');
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ error: 'Bad Request: alertId is empty', statusCode: 400 });
      expect((await remove('')).status).toBe(400);
    });
  });

  describe('the MTA alert', () => {
    it('exists for each login user with a fixed tool id and default thresholds', async () => {
      const answer = await mta();
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        account: 'U1234567',
        alert_name: 'MTA (AutoAlert)',
        alert_message: null,
        tool_id: 55_834_574_848 + 10001001,
        alert_mta_currency: 'USD',
        alert_mta_defaults: expect.stringMatching(/^9:STATE=1,MIN=-1000/),
        alert_default_type: 9,
        condition_size: 3,
        itws_orders_only: 1,
      });
      expect((await mta()).body.order_id).toBe(answer.body.order_id);
      expect((await details(answer.body.order_id)).body).toEqual(answer.body);
    });

    it('cannot be created: MTA conditions need its order id', async () => {
      const answer = await upsert({
        alertName: 'MTA',
        alertRepeatable: 1,
        tif: 'GTC',
        conditions: [{ type: 9, operator: '<=', value: '-2000', logicBind: 'n' }],
      });
      expect(answer.status).toBe(500);
    });

    it('gets a new order id on each modification, keeping its tool id', async () => {
      const before = (await mta()).body;
      const modification = {
        orderId: before.order_id,
        alertName: 'MTA (AutoAlert)',
        alertRepeatable: 1,
        iTWSOrdersOnly: 1,
        tif: 'GTC',
        conditions: [{ type: 9, operator: '<=', value: '-2000', logicBind: 'n' }],
      };
      const first = (await upsert(modification)).body.order_id;
      const second = (
        await upsert({
          ...modification,
          orderId: first,
          conditions: [{ type: 9, operator: '<=', value: '-3000', logicBind: 'n' }],
        })
      ).body.order_id;
      expect(new Set([before.order_id, first, second]).size).toBe(3);
      const after = (await mta()).body;
      expect(after).toMatchObject({ order_id: second, tool_id: before.tool_id, condition_size: 1 });
      expect(after.conditions[0].condition_value).toBe('-3000');
      expect((await list()).body).toEqual([]);
    });

    it('takes a trade condition on any contract (*@*) with the default value *', async () => {
      const before = (await mta()).body;
      const answer = await upsert({
        orderId: before.order_id,
        alertName: 'MTA (AutoAlert)',
        alertRepeatable: 1,
        tif: 'GTC',
        conditions: [{ type: 5, conidex: '*@*', operator: '>=', value: '*', logicBind: 'n' }],
      });
      expect(answer.status).toBe(200);
      expect((await mta()).body.conditions).toEqual([
        expect.objectContaining({
          condition_type: 5,
          conidex: '*@*',
          contract_description_1: 'Unknown',
          condition_value: '*',
        }),
      ]);
    });

    it('is reset to its defaults by deletion, under a new order id', async () => {
      const original = (await mta()).body;
      const modified = (
        await upsert({
          orderId: original.order_id,
          alertName: 'MTA (AutoAlert)',
          alertRepeatable: 0,
          tif: 'GTC',
          conditions: [{ type: 8, operator: '<=', value: '-1', logicBind: 'n' }],
        })
      ).body.order_id;
      const answer = await remove(modified);
      expect(answer.status).toBe(200);
      const reset = (await mta()).body;
      expect(answer.body.order_id).toBe(reset.order_id);
      expect(reset.order_id).not.toBe(modified);
      expect({ ...reset, order_id: 0 }).toEqual({ ...original, order_id: 0 });
    });
  });

  describe('triggering on the simulated prices', () => {
    it('triggers an active alert when its price condition holds, a non-repeatable one only once', async () => {
      const id = await create();
      setPrice(195);
      expect((await details(id)).body.alert_triggered).toBe(false);
      setPrice(196);
      expect((await details(id)).body.alert_triggered).toBe(true);
      expect((await list()).body[0].alert_triggered).toBe(true);
      setPrice(190);
      setPrice(197);
      expect(stored(id).triggerCount).toBe(1);
    });

    it('triggers a repeatable alert each time its condition comes to hold again', async () => {
      const id = await create(priceAlert({ alertRepeatable: 1 }));
      setPrice(196);
      setPrice(197);
      expect(stored(id).triggerCount).toBe(1);
      setPrice(190);
      setPrice(198);
      expect(stored(id).triggerCount).toBe(2);
    });

    it('triggers at once when the condition already holds, and chains conditions with and/or', async () => {
      const below = await create(priceAlert({}, '200', '<='));
      expect((await details(below)).body.alert_triggered).toBe(true);
      const both = await create(
        priceAlert({
          conditions: [
            { conidex: `${AAPL}@SMART`, type: 1, operator: '>=', value: '195', logicBind: 'a' },
            { conidex: `${MSFT}@SMART`, type: 1, operator: '>=', value: '420', logicBind: 'n' },
          ],
        }),
      );
      setPrice(196);
      expect(stored(both).triggered).toBe(false);
      server.brokerage.market.setPrice(MSFT, 421);
      expect(stored(both).triggered).toBe(true);
    });

    it('does not trigger a GTD alert after its expiry', async () => {
      const answer = await upsert(priceAlert({ tif: 'GTD', expireTime: '20260105-15:03:00' }));
      expect(answer.body.warning_message).toBeNull();
      expect((await details(answer.body.order_id)).body.expire_time).toBe('20260105-15:03:00');
      server.clock.advance(4 * 60_000);
      setPrice(196);
      expect(stored(answer.body.order_id).triggered).toBe(false);
      const late = await upsert(
        priceAlert({ tif: 'GTD', expireTime: '20260105-15:03:00', alertName: 'late' }),
      );
      expect(late.body.warning_message).toBe('The expiration time is in the past');
    });
  });
});
