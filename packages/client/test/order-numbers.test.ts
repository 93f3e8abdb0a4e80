import {
  liveOrderNumbers,
  orderStatusNumbers,
  parseDecimal,
  tradeNumbers,
  type LiveOrder,
  type OrderStatus,
  type Trade,
} from '../src/index.js';

const status = {
  sub_type: null,
  request_id: '209',
  order_id: 1370093236,
  conidex: '265598',
  conid: 265598,
  symbol: 'AAPL',
  side: 'S',
  contract_description_1: 'AAPL',
  listing_exchange: 'NASDAQ.NMS',
  company_name: 'APPLE INC',
  size: '0.0',
  total_size: '5.0',
  currency: 'USD',
  account: 'U1234567',
  order_type: 'MARKET',
  cum_fill: '5.0',
  order_status: 'Filled',
  order_status_description: 'Order Filled',
  tif: 'DAY',
  fg_color: '#000000',
  bg_color: '#FFFFFF',
  order_not_editable: true,
  editable_fields: '',
  cannot_cancel_order: true,
  sec_type: 'STK',
  order_description: 'Sold 5 Market, Day',
  order_description_with_contract: 'Sold 5 AAPL Market, Day',
  size_and_fills: '5',
  average_price: '192.26',
  order_time: '231211180049',
} satisfies OrderStatus;

describe('numeric views of the decimal strings of orders', () => {
  it('reads the service decimal strings, grouping commas included', () => {
    expect(parseDecimal('0.90000')).toBe(0.9);
    expect(parseDecimal('5.0')).toBe(5);
    expect(parseDecimal('-1,288.50')).toBe(-1288.5);
  });

  it('refuses what is not a decimal number instead of answering NaN or 0', () => {
    expect(() => parseDecimal('')).toThrow(TypeError);
    expect(() => parseDecimal('n/a')).toThrow('Not a decimal number: "n/a"');
  });

  it('gives an order status with its sizes and prices as numbers, the rest untouched', () => {
    const numbers = orderStatusNumbers(status);
    expect(numbers).toEqual({
      ...status,
      size: 0,
      total_size: 5,
      cum_fill: 5,
      average_price: 192.26,
    });
    expect('limit_price' in numbers).toBe(false);
  });

  it('gives a live order with its prices as numbers', () => {
    const order = {
      acct: 'U1234567',
      conid: 15016138,
      conidex: '15016138@IDEALPRO',
      orderId: 1370093238,
      cashCcy: 'CAD',
      sizeAndFills: '2.4K CAD',
      orderDesc: 'Bought 2806.46 Limit 0.90000, Day',
      description1: 'AUD.CAD',
      ticker: 'AUD',
      secType: 'CASH',
      listingExchange: 'FXCONV',
      remainingQuantity: 0,
      filledQuantity: 2499.99,
      totalSize: 2806.46,
      companyName: 'Australian dollar',
      status: 'Filled',
      origOrderType: 'LIMIT',
      orderType: 'Limit',
      side: 'BUY',
      timeInForce: 'CLOSE',
      lastExecutionTime: '240425160326',
      lastExecutionTime_r: 1714061006000,
      supportsTaxOpt: '0',
      bgColor: '#FFFFFF',
      fgColor: '#000000',
      price: '0.90000',
      avgPrice: '0.8908',
    } satisfies LiveOrder;
    expect(liveOrderNumbers(order)).toEqual({ ...order, price: 0.9, avgPrice: 0.8908 });
    // A market order's price is the empty string on the wire: no price, not 0.
    const market = { ...order, orderType: 'Market', price: '' };
    expect(liveOrderNumbers(market)).not.toHaveProperty('price');
  });

  it('gives an execution with its price and commission as numbers', () => {
    const trade = { price: '192.26', commission: '1.01', size: 5 } as Trade;
    expect(tradeNumbers(trade)).toMatchObject({ price: 192.26, commission: 1.01, size: 5 });
  });
});
