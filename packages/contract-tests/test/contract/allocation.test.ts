// Advisors' allocation: groups, presets, the allocatable sub-accounts, and an order for a group.
import { describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

describeInProcess('advisors: allocation', () => {
  describe('an advisor', () => {
    const suite = useTarget({ gatewayUser: 'demo_advisor' });

    it('listAllocatableAccounts answers each sub-account with its net liquidation and available equity', async () => {
      const { data, response } = await suite.client.GET(
        '/v1/api/iserver/account/allocation/accounts',
      );
      expect(response.status).toBe(200);
      expect(data?.accounts?.map((account) => account.name)).toEqual([
        'U2345671',
        'U2345672',
        'U2345673',
      ]);
      expect(data?.accounts?.[0]?.data?.map((entry) => entry.key)).toEqual([
        'NetLiquidation',
        'AvailableEquity',
      ]);
    });

    it('groups are listed, read, changed, renamed and deleted; an unknown group answers 400', async () => {
      const client = suite.client;
      await client.POST('/v1/api/iserver/account/allocation/group', {
        body: { name: 'Growth', accounts: [{ name: 'U2345671' }, { name: 'U2345672' }] },
      });
      const list = await client.GET('/v1/api/iserver/account/allocation/group');
      expect(list.data?.data).toContainEqual({ allocation_method: 'N', size: 2, name: 'Growth' });

      const changed = await client.PUT('/v1/api/iserver/account/allocation/group', {
        body: { name: 'Growth 2026', prev_name: 'Growth', default_method: 'E' },
      });
      expect(changed.data).toEqual({ success: true });
      const single = await client.POST('/v1/api/iserver/account/allocation/group/single', {
        body: { name: 'Growth 2026' },
      });
      expect(single.data).toEqual({
        name: 'Growth 2026',
        accounts: [{ name: 'U2345671' }, { name: 'U2345672' }],
        default_method: 'E',
      });

      const deleted = await client.POST('/v1/api/iserver/account/allocation/group/delete', {
        body: { name: 'Growth 2026' },
      });
      expect(deleted.data).toEqual({ success: true });
      for (const answer of [
        await client.POST('/v1/api/iserver/account/allocation/group/single', {
          body: { name: 'Growth 2026' },
        }),
        await client.POST('/v1/api/iserver/account/allocation/group/delete', {
          body: { name: 'Growth 2026' },
        }),
        await client.PUT('/v1/api/iserver/account/allocation/group', {
          body: { name: 'Nothing', default_method: 'E' },
        }),
      ]) {
        expect(answer.response.status).toBe(400);
      }
    });

    it('presets change the method of new groups', async () => {
      const before = await suite.client.GET('/v1/api/iserver/account/allocation/presets');
      expect(before.data).toMatchObject({ default_method_for_all: 'N' });
      const set = await suite.client.POST('/v1/api/iserver/account/allocation/presets', {
        body: { default_method_for_all: 'E' },
      });
      expect(set.data).toEqual({ success: true });
      await suite.client.POST('/v1/api/iserver/account/allocation/group', {
        body: { name: 'Equal by default', accounts: [{ name: 'U2345673' }] },
      });
      const single = await suite.client.POST('/v1/api/iserver/account/allocation/group/single', {
        body: { name: 'Equal by default' },
      });
      expect(single.data?.default_method).toBe('E');
    });

    it('placeOrders for a group splits the order over its accounts; each sub-account shows its position', async () => {
      await suite.client.POST('/v1/api/iserver/account/allocation/group', {
        body: {
          name: 'Trio',
          default_method: 'E',
          accounts: [{ name: 'U2345671' }, { name: 'U2345672' }, { name: 'U2345673' }],
        },
      });
      suite.target.inProcess?.server.services.brokerage.market.setPrice(265598, 100);
      const placed = await suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
        params: { path: { accountId: 'Trio' } },
        body: {
          orders: [
            { conid: 265598, orderType: 'LMT', price: 100, side: 'BUY', tif: 'DAY', quantity: 9 },
          ],
        },
      });
      expect(placed.response.status).toBe(200);
      expect(Array.isArray(placed.data) && placed.data[0]).toHaveProperty('order_id');
      await suite.client.GET('/v1/api/portfolio/accounts');
      for (const accountId of ['U2345671', 'U2345672', 'U2345673']) {
        const position = await suite.client.GET('/v1/api/portfolio/{accountId}/position/{conid}', {
          params: { path: { accountId, conid: 265598 } },
        });
        expect(position.response.status).toBe(200);
      }
    });
  });

  describe('an individual', () => {
    const suite = useTarget();

    it('every allocation operation answers 400: allocation is for advisors', async () => {
      const client = suite.client;
      for (const answer of [
        await client.GET('/v1/api/iserver/account/allocation/accounts'),
        await client.GET('/v1/api/iserver/account/allocation/group'),
        await client.GET('/v1/api/iserver/account/allocation/presets'),
        await client.POST('/v1/api/iserver/account/allocation/presets', {
          body: { strict_credit_check: true },
        }),
      ]) {
        expect(answer.response.status).toBe(400);
        expect(answer.error).toEqual({
          error: 'Allocation groups are only available to advisors',
          statusCode: 400,
        });
      }
    });
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
