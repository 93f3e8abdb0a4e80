// Kernel helpers that replace Node modules so that the domain runs in a browser.
import { isDeepStrictEqual } from 'node:util';
import { systemClock } from '../../../src/domain/kernel/clock.js';
import { isWholeMultiple } from '../../../src/domain/kernel/decimal-steps.js';
import { sameData } from '../../../src/domain/kernel/same-data.js';
import { secretHex, secretUuid } from '../../../src/domain/kernel/secrets.js';

describe('sameData', () => {
  const cases: [unknown, unknown][] = [
    [
      { a: 1, b: [1, { c: 'x' }] },
      { b: [1, { c: 'x' }], a: 1 },
    ],
    [{ a: 1 }, { a: 1, b: undefined }],
    [{ a: [1, 2] }, { a: [2, 1] }],
    [[1], { 0: 1 }],
    [null, {}],
    [Number.NaN, Number.NaN],
    ['1', 1],
  ];
  it.each(cases)('decides %j against %j as util.isDeepStrictEqual does', (left, right) => {
    expect(sameData(left, right)).toBe(isDeepStrictEqual(left, right));
  });
});

describe('secrets from Web Crypto', () => {
  it('are hex strings of the asked size and uuids, different each time', () => {
    expect(secretHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(secretHex(16)).not.toBe(secretHex(16));
    expect(secretUuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('isWholeMultiple: decimal steps', () => {
  it.each([
    [0.3, 0.0001, true],
    [0.1 + 0.2, 0.0001, false],
    [1e-12, 0.0001, false],
    [5e-324, 0.0001, false],
    [1e21, 0.25, true],
    [-1.25, 0.25, true],
    [1.08505, 0.00005, true],
    [189.500000001, 0.01, false],
    [1, 0, false],
    [Number.POSITIVE_INFINITY, 1, false],
  ])('%p in steps of %p: %p', (value, step, expected) => {
    expect(isWholeMultiple(value, step)).toBe(expected);
  });
});

describe('the system clock', () => {
  // jest's fake timers (in an ES module, jest is on import.meta) keep the real timers' limit.
  const { jest } = import.meta as unknown as {
    jest: {
      useFakeTimers(config: { now: number }): void;
      useRealTimers(): void;
      advanceTimersByTime(ms: number): void;
    };
  };
  beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 10, 27) }));
  afterEach(() => jest.useRealTimers());

  it('waits a delay longer than a timer takes (2^31 - 1 ms), instead of firing at once', () => {
    const fired: number[] = [];
    const year = 365 * 24 * 3600 * 1000;
    systemClock.schedule(year, () => fired.push(Date.now()));
    jest.advanceTimersByTime(2 ** 31);
    expect(fired).toEqual([]);
    jest.advanceTimersByTime(year - 2 ** 31);
    expect(fired).toEqual([Date.UTC(2026, 10, 27) + year]);
  });

  it('cancels a long wait between its steps', () => {
    const fired: number[] = [];
    const cancel = systemClock.schedule(2 ** 32, () => fired.push(1));
    jest.advanceTimersByTime(2 ** 31);
    cancel();
    jest.advanceTimersByTime(2 ** 32);
    expect(fired).toEqual([]);
  });
});
