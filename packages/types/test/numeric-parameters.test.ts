// The rule of numeric parameter texts, on the shared table (the server's and the validators'
// tests run the same table through HTTP and through validateRequest).
import { readNumericParameters, type NumericParameter } from '../src/index.js';
import { decodedText, numericTextCases } from './numeric-parameter-texts.js';

const parameters: NumericParameter[] = [
  { in: 'query', name: 'page', type: 'integer' },
  { in: 'query', name: 'strike', type: 'number' },
  { in: 'path', name: 'pageId', type: 'integer' },
];

describe('readNumericParameters', () => {
  it.each(numericTextCases.map((c) => [c.raw, c] as const))('reads %p', (_raw, c) => {
    const text = decodedText(c.raw, 'query');
    const query = readNumericParameters({ page: text, strike: text }, parameters, 'query');
    const verdict = (expected: number | null | 'absent', name: string) =>
      expected === 'absent'
        ? !(name in query.values)
        : query.refused.some((p) => p.name === name) === (expected === null);
    expect(verdict(c.integer, 'page')).toBe(true);
    expect(verdict(c.number, 'strike')).toBe(true);
    if (c.raw === '') return;
    const path = readNumericParameters({ pageId: decodedText(c.raw, 'path') }, parameters, 'path');
    // `+` stays a plus in a path: `+1` is the number 1 there.
    const expected = c.raw === '+1' ? 1 : c.integer;
    expect(path.refused.length === 1).toBe(expected === null);
  });

  it('answers the same object when no query value is blank', () => {
    const values = { page: '1' };
    expect(readNumericParameters(values, parameters, 'query').values).toBe(values);
  });
});
