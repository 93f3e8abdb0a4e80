// The shape of an answer and the differences between two shapes, on their own.
import { compareShapes, shapeOf, type Kind } from '../../src/recording/shape.js';

const kinds = (value: unknown) =>
  Object.fromEntries([...shapeOf(value)].map(([path, found]) => [path, [...found].sort()]));

describe('shapeOf', () => {
  it.each<[string, unknown, Record<string, Kind[]>]>([
    ['a null', null, { $: ['null'] }],
    ['a number sent as text', '12.5', { $: ['numeric string'] }],
    ['an exponent sent as text', '1e-5', { $: ['numeric string'] }],
    ['text that only starts with digits', '12 shares', { $: ['string'] }],
    ['a boolean', false, { $: ['boolean'] }],
    [
      "an array's items merged under []",
      [{ a: 1 }, { a: '1', b: null }],
      { $: ['array'], '$[]': ['object'], '$[].a': ['number', 'numeric string'], '$[].b': ['null'] },
    ],
    [
      'keys that are ids as {id}',
      { U1234567: { x: 1 }, DU12345: true, 265598: 'c' },
      {
        $: ['object'],
        '$.{id}': ['boolean', 'object', 'string'],
        '$.{id}.x': ['number'],
      },
    ],
    ['short numeric keys kept', { '12': 1 }, { $: ['object'], '$.12': ['number'] }],
  ])('%s', (_, value, expected) => {
    expect(kinds(value)).toEqual(expected);
  });
});

describe('compareShapes', () => {
  const differences = (recorded: unknown, live: unknown) =>
    compareShapes(shapeOf(recorded), shapeOf(live)).map(
      ({ path, difference }) => `${difference} ${path}`,
    );

  it.each<[string, unknown, unknown, string[]]>([
    ['same shape, other values', { a: 1, b: 'x' }, { a: 2, b: 'y' }, []],
    ['a key missing', { a: 1, b: 2 }, { a: 1 }, ['missing $.b']],
    ['a key extra', { a: 1 }, { a: 1, c: 2 }, ['extra $.c']],
    ['only the outermost missing key', { a: { b: { c: 1 } } }, {}, ['missing $.a']],
    ['a number sent as text', { a: 1 }, { a: '1' }, ['number as string $.a']],
    ['text sent as a number', { a: '1' }, { a: 1 }, ['number as string $.a']],
    ['a value become null', { a: 'x' }, { a: null }, ['null $.a']],
    ['another type', { a: 'x' }, { a: true }, ['type $.a']],
    ['numeric text and other text alike', { a: '12' }, { a: 'twelve' }, []],
    ['items of an empty array not compared', { a: [{ b: 1 }] }, { a: [] }, []],
    ['an empty array on the recorded side', { a: [] }, { a: [{ b: 1 }] }, []],
    ['keys of id maps compared as {id}', { U1: 1, U1234567: 1 }, { U7654321: 1, U1: 1 }, []],
    // The array's items are not compared once the array is gone: only the new key is named.
    ['a top-level type change', [1], { a: 1 }, ['type $', 'extra $.a']],
  ])('%s', (_, recorded, live, expected) => {
    expect(differences(recorded, live)).toEqual(expected);
  });
});
