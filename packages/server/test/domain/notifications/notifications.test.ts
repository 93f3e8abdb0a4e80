// Notifications made from the domain's events: no HTTP.
import { expiryNoticeMs, ssoLifetimeMs } from '../../../src/domain/accounts/sessions.js';
import { isNoticeEvent, type DomainEvent } from '../../../src/domain/kernel/events.js';
import { AAPL, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

const deliveredTitles = (services: ReturnType<typeof domain>['services']) =>
  services.notifications.list('demo_individual', { max: 10 }).map((n) => `${n.code} ${n.title}`);

describe('notifications from the domain events', () => {
  it('publishes each notice event once, in order, to every subscriber', () => {
    const { services, session } = domain();
    const seen: DomainEvent['type'][] = [];
    services.brokerage.events.subscribe((event) => {
      if (isNoticeEvent(event)) seen.push(event.type);
    });
    services.brokerage.market.setPrice(AAPL, 189.5);
    const resting = services.orders.place(session, accountId, [limitBuy(1, 189)]);
    if (resting.kind !== 'transmitted')
      throw new Error(`expected a transmission, got ${resting.kind}`);
    services.orders.cancel(session, accountId, resting.orders[0]?.order.id ?? 0);
    services.orders.place(session, accountId, [limitBuy(1, 50)]);
    services.orders.place(session, accountId, [limitBuy(1, 190)]);
    expect(seen).toEqual(['orderCancelled', 'orderRejected', 'orderFilled']);
  });

  it('makes fills, rejections and triggered alerts into notifications of their kinds, delivered once acknowledged', () => {
    const { services, session } = domain();
    const { notifications } = services;
    services.brokerage.market.setPrice(AAPL, 189.5);
    services.alerts.upsert(session, accountId, {
      alertName: 'AAPL up',
      alertRepeatable: 0,
      outsideRth: 0,
      tif: 'GTC',
      conditions: [
        {
          conidex: `${AAPL}@SMART`,
          type: 1,
          operator: '>=',
          triggerMethod: 0,
          value: '195',
          logicBind: 'n',
        },
      ],
    });
    services.orders.place(session, accountId, [limitBuy(1, 190)]);
    services.orders.place(session, accountId, [limitBuy(1, 50)]);
    services.brokerage.market.setPrice(AAPL, 196);
    expect(deliveredTitles(services)).toEqual([]);
    expect(notifications.unreadCount('demo_individual')).toBe(0);

    for (const code of ['PF', 'SM', 'UA'] as const)
      notifications.acknowledge('demo_individual', code);
    expect(deliveredTitles(services)).toEqual([
      'UA FYI: Alert AAPL up triggered',
      'SM FYI: Order rejected',
      'PF FYI: Order filled',
    ]);
    expect(notifications.unreadCount('demo_individual')).toBe(3);
  });

  it('lists newest first in batches, filters by kind, and counts what is read', () => {
    const { services, session } = domain();
    const { notifications } = services;
    for (const code of ['PF', 'SM'] as const) notifications.acknowledge('demo_individual', code);
    services.brokerage.market.setPrice(AAPL, 189.5);
    for (let round = 0; round < 3; round++) {
      services.orders.place(session, accountId, [limitBuy(1, 190)]);
      services.orders.place(session, accountId, [limitBuy(1, 50)]);
    }
    const firstBatch = notifications.list('demo_individual', { max: 4 });
    const rest = notifications.list('demo_individual', {
      max: 4,
      after: firstBatch.at(-1)?.id ?? '',
    });
    expect([...firstBatch, ...rest].map((n) => n.code)).toEqual([
      'SM',
      'PF',
      'SM',
      'PF',
      'SM',
      'PF',
    ]);
    expect(notifications.list('demo_individual', { max: 10, include: ['PF'] })).toHaveLength(3);
    expect(notifications.list('demo_individual', { max: 10, exclude: ['PF'] })).toHaveLength(3);
    notifications.markRead('demo_individual', firstBatch[0]?.id ?? '');
    notifications.markRead('demo_individual', firstBatch[0]?.id ?? '');
    expect(notifications.unreadCount('demo_individual')).toBe(5);
    expect(() => notifications.markRead('demo_advisor', firstBatch[1]?.id ?? '')).toThrow(
      /not found/,
    );
  });

  it('makes no notification of a kind switched off', () => {
    const { services, session } = domain();
    const { notifications } = services;
    notifications.acknowledge('demo_individual', 'PF');
    notifications.setEnabled('demo_individual', 'PF', false);
    services.brokerage.market.setPrice(AAPL, 189.5);
    services.orders.place(session, accountId, [limitBuy(1, 190)]);
    expect(deliveredTitles(services)).toEqual([]);
    notifications.setEnabled('demo_individual', 'PF', true);
    services.orders.place(session, accountId, [limitBuy(1, 190)]);
    expect(deliveredTitles(services)).toEqual(['PF FYI: Order filled']);
  });

  it('tells the user once that the single sign-on ends soon', () => {
    const { services, session, clock } = domain();
    services.notifications.acknowledge('demo_individual', 'SM');
    clock.advance(ssoLifetimeMs - 5 * 60_000);
    services.brokerage.sessions.touch(session);
    services.brokerage.sessions.touch(session);
    expect(deliveredTitles(services)).toEqual(['SM FYI: Session ending']);
  });

  it('tells the user on the clock, without a request, when the notice falls due', () => {
    const { services, session, clock } = domain();
    services.notifications.acknowledge('demo_individual', 'SM');
    const noticeAt = session.createdAt + ssoLifetimeMs - expiryNoticeMs;
    // Requests every 4 minutes keep the session from idling out (5 minutes) until just before.
    while (clock.now() + 4 * 60_000 < noticeAt) {
      clock.advance(4 * 60_000);
      services.brokerage.sessions.touch(session);
    }
    expect(deliveredTitles(services)).toEqual([]);
    clock.set(noticeAt);
    expect(deliveredTitles(services)).toEqual(['SM FYI: Session ending']);
    expect(services.notifications.list('demo_individual', { max: 10 })[0]).toMatchObject({
      time: noticeAt,
    });
  });

  it('tells no one when the session ended before the notice falls due', () => {
    const { services, session, clock } = domain();
    services.notifications.acknowledge('demo_individual', 'SM');
    services.brokerage.sessions.end(session);
    clock.advance(ssoLifetimeMs);
    expect(deliveredTitles(services)).toEqual([]);
  });

  it('warns of margin when a fill leaves little excess liquidity', () => {
    const { services, session } = domain();
    services.notifications.acknowledge('demo_individual', 'SM');
    const account = services.brokerage.account(accountId);
    if (!account) throw new Error('no account');
    services.brokerage.market.setPrice(AAPL, 100);
    // Net liquidation 4,000 against 3,750 of maintenance margin, bought on a loan.
    account.cash = { USD: -11_000 };
    account.positions = [{ conid: AAPL, quantity: 150, averageCost: 100 }];
    services.orders.place(session, accountId, [{ ...limitBuy(1, 99), side: 'SELL' }]);
    expect(deliveredTitles(services)).toContain('SM FYI: Margin warning');
  });
});

describe('the changes the streams follow', () => {
  it('publishes price, order status and execution events where each happens', () => {
    const { services, session } = domain();
    const seen: string[] = [];
    services.brokerage.events.subscribe((event) => {
      if (event.type === 'priceChanged' && event.conid !== AAPL) return;
      if (!isNoticeEvent(event)) seen.push(event.type);
    });
    services.brokerage.market.setPrice(AAPL, 189.5);
    services.orders.place(session, accountId, [limitBuy(1, 190)]);
    expect(seen).toEqual([
      'priceChanged',
      'orderStatusChanged', // transmitted
      'accountChanged', // the fill's cash and position, by the one writer of accounts
      'executionBooked',
      'orderStatusChanged', // filled
    ]);
  });
});
