// What the brokerage forgets, and when: memory bounded by what the service would still accept.
import { admitNonce, timestampWindowMs } from '../../src/domain/auth/oauth1/nonces.js';
import { ssoLifetimeMs } from '../../src/domain/accounts/sessions.js';
import { AAPL, MSFT } from '../trading-helpers.js';
import { domain } from './services.js';

describe('retention', () => {
  it('drops sessions idle past the timeout, and ended ones at once', () => {
    const { services, clock, session } = domain();
    const { sessions, store } = services.brokerage;
    const user = services.brokerage.user('demo_individual');
    if (!user) throw new Error('demo_individual is missing');
    const ended = sessions.open(user, { origin: 'control', brokerageOpen: true });
    sessions.end(ended);
    expect(store.collection('sessions').get(ended.id)).toBeUndefined();

    clock.advance(4 * 60_000);
    sessions.touch(session);
    clock.advance(4 * 60_000);
    expect(sessions.find(session.id)?.id).toBe(session.id);
    clock.advance(2 * 60_000);
    expect(store.collection('sessions').values()).toEqual([]);
    expect(sessions.ofUser('demo_individual')).toEqual([]);
  });

  it('keeps a nonce while it could be replayed, then forgets it', () => {
    const { services, clock } = domain();
    const nonces = services.brokerage.store.collection('oauthNonces');
    for (let i = 0; i < 100; i += 1) admitNonce(nonces, clock, 'CONSUMER', `n${i}`);
    expect(() => admitNonce(nonces, clock, 'CONSUMER', 'n0')).toThrow('nonce already used');
    clock.advance(2 * timestampWindowMs + 60_000);
    expect(nonces.values()).toEqual([]);
    expect(() => admitNonce(nonces, clock, 'CONSUMER', 'n0')).not.toThrow();
  });

  it("ends only the session's own market-data subscriptions, and forgets them with the session", () => {
    const { services, clock, session } = domain();
    const { brokerage, marketData } = services;
    const subscriptions = brokerage.store.collection('marketDataSubscriptions');
    const user = brokerage.user('demo_individual');
    if (!user) throw new Error('demo_individual is missing');
    const other = brokerage.sessions.open(user, { origin: 'control', brokerageOpen: true });
    other.accountsQueried = true;
    marketData.snapshot(session, [AAPL, MSFT]);
    marketData.snapshot(other, [AAPL]);
    expect(subscriptions.values()).toHaveLength(3);

    marketData.unsubscribeAll(session);
    expect(subscriptions.values().map(({ sessionId }) => sessionId)).toEqual([other.id]);

    // Kept by tickles, the other session lasts until its single sign-on ends; so does its subscription.
    const tickles = ssoLifetimeMs / (4 * 60_000) - 1;
    for (let tickle = 0; tickle < tickles; tickle += 1) {
      clock.advance(4 * 60_000);
      brokerage.sessions.touch(other);
    }
    expect(subscriptions.values()).toHaveLength(1);
    clock.advance(5 * 60_000);
    expect(subscriptions.values()).toEqual([]);
  });
});
