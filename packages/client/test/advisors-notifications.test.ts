import {
  allocatableAccountNumbers,
  isNotificationRead,
  modelPositionNumbers,
  notificationTime,
  type ModelPositionRow,
  type Notification,
} from '../src/index.js';

describe('numeric views of the advisors and notifications operations', () => {
  it('reads the allocatable accounts values as numbers', () => {
    expect(
      allocatableAccountNumbers({
        accounts: [
          {
            name: 'U2345671',
            data: [
              { key: 'NetLiquidation', value: '251234.50' },
              { key: 'AvailableEquity', value: '240012.25' },
            ],
          },
        ],
      }),
    ).toEqual([{ accountId: 'U2345671', netLiquidation: 251234.5, availableEquity: 240012.25 }]);
  });

  it("reads a model position row's percentages as numbers, keeping the tolerance texts", () => {
    const row: ModelPositionRow = {
      actual: '59.93',
      actualRangeMax: 'None',
      actualRangeMin: 'None',
      ccy: 'USD',
      conid: 265598,
      dlv: 6000,
      exchangeRate: '1',
      flags: 0,
      instrumentImbalance: '-0.07',
      instrument: 'AAPL',
      mismatchType: 0,
      mv: 6000,
      position: 60,
      target: '60',
    };
    expect(modelPositionNumbers(row)).toMatchObject({
      actual: 59.93,
      actualRangeMax: 'None',
      mv: 6000,
      position: 60,
      instrumentImbalance: -0.07,
    });
  });

  it('reads the read state and the time of a notification, whatever the type of R', () => {
    const notification: Notification = {
      R: '1',
      D: '1767272400.0',
      MS: 'FYI: Order filled',
      MD: '<html></html>',
      ID: '2026010100000001',
      HT: 0,
      FC: 'PF',
    };
    expect(isNotificationRead(notification)).toBe(true);
    expect(isNotificationRead({ ...notification, R: 0 })).toBe(false);
    expect(notificationTime(notification)).toBe(1_767_272_400_000);
  });
});
