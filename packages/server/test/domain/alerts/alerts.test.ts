// The alert book without HTTP: conditions checked, chains of conditions evaluated on the price and
// the clock, triggers once or repeatedly, modification under a new order id, the MTA alert.
import type { AlertRequest } from '../../../src/domain/alerts/model.js';
import { AAPL, MSFT } from '../../trading-helpers.js';
import { accountId, domain, domainErrorOf } from '../services.js';

const priceAlert = (
  value: string,
  changes: Partial<AlertRequest> = {},
  operator: '>=' | '<=' = '>=',
): AlertRequest => ({
  alertName: 'AAPL watch',
  alertRepeatable: 0,
  outsideRth: 0,
  tif: 'GTC',
  conditions: [
    { conidex: `${AAPL}@SMART`, type: 1, operator, triggerMethod: 0, value, logicBind: 'n' },
  ],
  ...changes,
});

describe('the alert book', () => {
  it('triggers a non-repeatable alert once, when its price condition comes to hold', () => {
    const { services, session } = domain();
    const { alerts, brokerage } = services;
    brokerage.market.setPrice(AAPL, 189.5);
    const { alert } = alerts.upsert(session, accountId, priceAlert('195'));
    expect(alert).toMatchObject({ triggered: false, triggerCount: 0, active: true });
    brokerage.market.setPrice(AAPL, 196);
    brokerage.market.setPrice(AAPL, 180);
    brokerage.market.setPrice(AAPL, 197);
    expect(alerts.details(session, String(alert.orderId))).toMatchObject({
      triggered: true,
      triggerCount: 1,
    });
  });

  it('triggers a repeatable alert each time its condition holds again', () => {
    const { services, session } = domain();
    const { alerts, brokerage } = services;
    brokerage.market.setPrice(AAPL, 189.5);
    const { alert } = alerts.upsert(session, accountId, priceAlert('195', { alertRepeatable: 1 }));
    for (const price of [196, 180, 197, 198, 170, 199]) brokerage.market.setPrice(AAPL, price);
    expect(alerts.details(session, String(alert.orderId)).triggerCount).toBe(3);
  });

  it('reads a chain of conditions left to right: `a` needs both, `o` either', () => {
    const { services, session } = domain();
    const { alerts, brokerage } = services;
    brokerage.market.setPrice(AAPL, 189.5);
    brokerage.market.setPrice(MSFT, 400);
    const chain = (bind: 'a' | 'o'): AlertRequest => ({
      ...priceAlert('195'),
      alertName: `chain ${bind}`,
      conditions: [
        { conidex: `${AAPL}@SMART`, type: 1, operator: '>=', value: '195', logicBind: bind },
        { conidex: `${MSFT}@SMART`, type: 1, operator: '<=', value: '390', logicBind: 'n' },
      ],
    });
    const both = alerts.upsert(session, accountId, chain('a')).alert;
    const either = alerts.upsert(session, accountId, chain('o')).alert;
    brokerage.market.setPrice(AAPL, 196);
    expect(alerts.details(session, String(both.orderId)).triggered).toBe(false);
    expect(alerts.details(session, String(either.orderId)).triggered).toBe(true);
    brokerage.market.setPrice(MSFT, 385);
    expect(alerts.details(session, String(both.orderId)).triggered).toBe(true);
  });

  it('never triggers an inactive alert, and evaluates it again when activated', () => {
    const { services, session } = domain();
    const { alerts, brokerage } = services;
    brokerage.market.setPrice(AAPL, 189.5);
    const { alert } = alerts.upsert(session, accountId, priceAlert('195'));
    alerts.activate(session, accountId, alert.orderId, false);
    brokerage.market.setPrice(AAPL, 196);
    expect(alerts.details(session, String(alert.orderId)).triggered).toBe(false);
    expect(alerts.activate(session, accountId, alert.orderId, true).triggered).toBe(true);
  });

  it('gives a modified alert a new order id and a fresh trigger state; its name stays', () => {
    const { services, session } = domain();
    const { alerts, brokerage } = services;
    brokerage.market.setPrice(AAPL, 189.5);
    const { alert } = alerts.upsert(session, accountId, priceAlert('195'));
    const changed = alerts.upsert(
      session,
      accountId,
      priceAlert('200', { orderId: alert.orderId }),
    ).alert;
    expect(changed.orderId).not.toBe(alert.orderId);
    expect(changed.conditions[0]?.value).toBe('200');
    expect(alerts.list(session, accountId).map((item) => item.orderId)).toEqual([changed.orderId]);
    expect(
      domainErrorOf(() =>
        alerts.upsert(session, accountId, priceAlert('200', { orderId: changed.orderId })),
      ),
    ).toEqual({
      kind: 'rejected',
      message: `Alert ${changed.orderId} was not modified: nothing changed`,
    });
    expect(
      domainErrorOf(() =>
        alerts.upsert(
          session,
          accountId,
          priceAlert('210', { orderId: changed.orderId, alertName: 'renamed' }),
        ),
      ),
    ).toEqual({ kind: 'rejected', message: 'Alert name cannot be modified' });
  });

  it('refuses what it cannot use: a GTD alert without expiry (400), an MTA condition on a plain alert', () => {
    const { services, session } = domain();
    const { alerts } = services;
    expect(
      domainErrorOf(() => alerts.upsert(session, accountId, priceAlert('195', { tif: 'GTD' }))),
    ).toEqual({
      kind: 'badRequest',
      message: 'Bad Request: expireTime is required when tif is GTD',
    });
    const mtaCondition = priceAlert('195', {
      conditions: [{ type: 7, operator: '>=', value: '*', logicBind: 'n' }],
    });
    expect(domainErrorOf(() => alerts.upsert(session, accountId, mtaCondition))).toEqual({
      kind: 'rejected',
      message: 'Condition type 7 is only valid on the MTA alert',
    });
    expect(domainErrorOf(() => alerts.details(session, ' '))).toMatchObject({ kind: 'badRequest' });
    expect(domainErrorOf(() => alerts.details(session, 'abc'))).toMatchObject({ kind: 'rejected' });
  });

  it('warns when a GTD alert expires in the past, and never triggers it', () => {
    const { services, session } = domain();
    const { alerts, brokerage } = services;
    brokerage.market.setPrice(AAPL, 189.5);
    const { alert, warning } = alerts.upsert(
      session,
      accountId,
      priceAlert('195', { tif: 'GTD', expireTime: '20250101-00:00:00' }),
    );
    expect(warning).toBe('The expiration time is in the past');
    brokerage.market.setPrice(AAPL, 196);
    expect(alerts.details(session, String(alert.orderId)).triggered).toBe(false);
  });

  it("keeps one MTA alert per user, out of the account's list; removing it resets it under a new id", () => {
    const { services, session } = domain();
    const { alerts } = services;
    const mta = alerts.mta(session);
    expect(alerts.mta(session).orderId).toBe(mta.orderId);
    expect(alerts.list(session, accountId)).toEqual([]);
    const reset = alerts.remove(session, accountId, String(mta.orderId));
    expect(reset.orderId).not.toBe(mta.orderId);
    expect(alerts.mta(session).orderId).toBe(reset.orderId);
  });

  it('removes a plain alert; a second removal fails', () => {
    const { services, session } = domain();
    const { alerts } = services;
    const { alert } = alerts.upsert(session, accountId, priceAlert('195'));
    alerts.remove(session, accountId, String(alert.orderId));
    expect(alerts.list(session, accountId)).toEqual([]);
    expect(domainErrorOf(() => alerts.remove(session, accountId, String(alert.orderId)))).toEqual({
      kind: 'rejected',
      message: `failed to delete alert: Alert ${alert.orderId} doesn't exist`,
    });
  });
});
