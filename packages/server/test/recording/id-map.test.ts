// Recorded ids mapped onto the ones a server gave, on their own.
import { IdMap } from '../../src/recording/id-map.js';

/** A map that learned `recorded` beside `live`. */
const learned = (recorded: unknown, live: unknown) => {
  const ids = new IdMap();
  ids.learn(recorded, live);
  return ids;
};

describe('IdMap.learn', () => {
  it.each<[string, unknown, unknown, string, string]>([
    ['`id`', { id: '123456' }, { id: '987654' }, '123456', '987654'],
    ['`*_id` as a number', { order_id: 1234 }, { order_id: 5678 }, '1234', '5678'],
    ['`*Id`', { replyId: 'abc-1' }, { replyId: 'xyz-2' }, 'abc-1', 'xyz-2'],
    [
      'in array items, by position',
      [{ id: '111' }, { id: '222' }],
      [{ id: '333' }, { id: '444' }],
      '222',
      '444',
    ],
    [
      'nested',
      { a: { b: [{ request_id: '5551' }] } },
      { a: { b: [{ request_id: '6661' }] } },
      '5551',
      '6661',
    ],
    [
      'not a key ending in "id" without a boundary',
      { paid: '1234' },
      { paid: '9999' },
      '1234',
      '1234',
    ],
    ['not a price named `bid`', { bid: '101.25' }, { bid: '99.75' }, '101.25', '101.25'],
    ['`ID` in capitals', { ID: '4321' }, { ID: '8765' }, '4321', '8765'],
    ['not an id shorter than 3', { id: '12' }, { id: '34' }, '12', '12'],
    ['not where the live answer lacks it', { id: '1234' }, {}, '1234', '1234'],
    ['not an object given for an id', { id: { x: 1 } }, { id: { x: 2 } }, '1', '1'],
  ])('%s', (_, recorded, live, from, to) => {
    expect(learned(recorded, live).text(from)).toBe(to);
  });
});

describe('IdMap mapping', () => {
  const ids = learned({ order_id: '1234', id: 5555 }, { order_id: '9876', id: 'abc' });

  it.each<[string, string, string]>([
    ['a path part', '/iserver/reply/1234', '/iserver/reply/9876'],
    ['only whole parts', '/iserver/reply/12345', '/iserver/reply/12345'],
    ['a query value', '1234', '9876'],
  ])('text: %s', (_, text, expected) => {
    expect(ids.text(text)).toBe(expected);
  });

  it.each<[string, unknown, unknown]>([
    [
      'a string anywhere in a body',
      { orders: [{ parentId: '1234' }] },
      { orders: [{ parentId: '9876' }] },
    ],
    ['a number stays a number', { orderId: 1234 }, { orderId: 9876 }],
    ['a number whose id became text stays as it was', { id: 5555 }, { id: 5555 }],
    ['other values untouched', { a: true, b: null, c: 'x' }, { a: true, b: null, c: 'x' }],
  ])('json: %s', (_, body, expected) => {
    expect(ids.json(body)).toEqual(expected);
  });
});
