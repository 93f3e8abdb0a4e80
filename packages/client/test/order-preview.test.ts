import { orderPreviewNumbers, type OrderPreview } from '../src/index.js';

const preview: OrderPreview = {
  amount: { amount: '1,922.60 USD (10 Shares)', commission: '1.25 USD', total: '1,923.85 USD' },
  equity: { current: '145,502', change: '-1', after: '145,501' },
  initial: { current: '5,768', change: '+961', after: '6,729' },
  maintenance: { current: '2,884', change: '480.50', after: '3,364.50' },
  position: { current: '20', change: '-10', after: '10' },
  warn: null,
  error: null,
};

describe('orderPreviewNumbers', () => {
  it('reads the amounts, the size in brackets and the currency', () => {
    expect(orderPreviewNumbers(preview).amount).toEqual({
      value: 1922.6,
      units: 10,
      commission: 1.25,
      total: 1923.85,
      currency: 'USD',
    });
  });

  it('reads each change block, signs and thousands separators included', () => {
    const numbers = orderPreviewNumbers(preview);
    expect(numbers.equity).toEqual({ current: 145502, change: -1, after: 145501 });
    expect(numbers.initial).toEqual({ current: 5768, change: 961, after: 6729 });
    expect(numbers.maintenance).toEqual({ current: 2884, change: 480.5, after: 3364.5 });
    expect(numbers.position).toEqual({ current: 20, change: -10, after: 10 });
  });

  it('keeps warn and error as sent, and leaves out the blocks of an empty answer', () => {
    const warned = orderPreviewNumbers({ warn: '354/No market data', error: null });
    expect(warned).toEqual({
      amount: undefined,
      equity: undefined,
      initial: undefined,
      maintenance: undefined,
      position: undefined,
      warn: '354/No market data',
      error: null,
    });
  });

  it('reads a text that is not a number as undefined rather than 0', () => {
    // The vendor's own example carries `590""` for a change.
    const odd = orderPreviewNumbers({
      maintenance: { current: '900', change: '590""', after: '1490' },
    });
    expect(odd.maintenance).toEqual({ current: 900, change: undefined, after: 1490 });
  });
});
