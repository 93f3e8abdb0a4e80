import {
  isLedger,
  isSwitchAccountRequest,
  validate,
  validateRequest,
  validateResponse,
} from '../src/index.js';
import { documentExamples } from './examples.js';

const order = {
  conid: 265598,
  orderType: 'LMT',
  side: 'BUY',
  tif: 'DAY',
  price: 190,
  quantity: 10,
};

describe('validate by schema name', () => {
  it('accepts a valid payload and answers it typed', () => {
    const result = validate('SwitchAccountRequest', { acctId: 'U1234567' });
    expect(result).toEqual({ valid: true, value: { acctId: 'U1234567' }, errors: [] });
  });

  it('explains an enum failure with pointer, rule, expected and actual', () => {
    const result = validate('PlaceOrdersRequest', { orders: [{ ...order, side: 'HOLD' }] });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({
        pointer: '/orders/0/side',
        rule: 'enum',
        expected: ['BUY', 'SELL'],
        actual: 'HOLD',
      }),
    ]);
    expect(result.errors[0]?.message).toMatch(
      /\/orders\/0\/side: must be equal to one of the allowed values/,
    );
  });

  it('names a missing property in the pointer and an extra one as absent-expected', () => {
    expect(validate('SwitchAccountRequest', {}).errors).toEqual([
      expect.objectContaining({
        pointer: '/acctId',
        rule: 'required',
        expected: 'present',
        actual: undefined,
      }),
    ]);
    expect(validate('SwitchAccountRequest', { acctId: 'U1', acctid: 'U1' }).errors).toEqual([
      expect.objectContaining({
        pointer: '/acctid',
        rule: 'additionalProperties',
        expected: 'absent',
        actual: 'U1',
      }),
    ]);
  });

  it('checks the OpenAPI formats as the server does (int32 bounds)', () => {
    expect(validate('ContractRulesRequest', { conid: 2 ** 31, isBuy: true }).errors).toContainEqual(
      expect.objectContaining({ pointer: '/conid', rule: 'format', expected: 'int32' }),
    );
  });

  it('throws on an unknown schema name', () => {
    expect(() => validate('Nope' as 'Ledger', {})).toThrow(/Unknown schema Nope/);
  });
});

describe('type guards', () => {
  it('narrow to the generated types', () => {
    const payload: unknown = { acctId: 'U1234567' };
    if (!isSwitchAccountRequest(payload)) throw new Error('expected a valid request');
    const acctId: string = payload.acctId;
    expect(acctId).toBe('U1234567');
    expect(isLedger({ USD: {} })).toBe(false);
  });
});

describe('validateRequest', () => {
  it('coerces path and query parameters from strings and applies query defaults', () => {
    const result = validateRequest('getTrades', { query: { days: '3' } });
    expect(result).toMatchObject({ valid: true, query: { days: 3 } });
    expect(validateRequest('getOpenOrders', { query: {} }).query).toEqual({ force: false });
    expect(validateRequest('getContractAlgos', { params: { conid: '265598' } })).toMatchObject({
      valid: true,
      params: { conid: 265598 },
    });
  });

  it('refuses out-of-range, unknown and empty query parameters', () => {
    expect(validateRequest('getTrades', { query: { days: '9' } }).errors).toEqual([
      expect.objectContaining({ location: 'query', pointer: '/days', rule: 'maximum', actual: 9 }),
    ]);
    expect(validateRequest('getTrades', { query: { dayz: '1' } }).errors).toEqual([
      expect.objectContaining({
        location: 'query',
        pointer: '/dayz',
        rule: 'additionalProperties',
      }),
    ]);
    expect(validateRequest('getCurrencyPairs', { query: { currency: '' } }).errors).toContainEqual(
      expect.objectContaining({ location: 'query', pointer: '/currency', rule: 'allowEmptyValue' }),
    );
  });

  it('validates the path against its pattern', () => {
    expect(validateRequest('getLedger', { params: { accountId: 'U-1' } }).errors).toEqual([
      expect.objectContaining({
        location: 'path',
        pointer: '/accountId',
        rule: 'pattern',
        actual: 'U-1',
      }),
    ]);
  });

  it('requires a required body, checks its media type and reports the invalid status', () => {
    const missing = validateRequest('placeOrders', { params: { accountId: 'U1234567' } });
    expect(missing).toMatchObject({ valid: false, invalidStatus: 500 });
    expect(missing.errors).toEqual([
      expect.objectContaining({ location: 'body', rule: 'required' }),
    ]);
    const wrongType = validateRequest('switchAccount', {
      body: 'acctId=U1',
      contentType: 'text/plain',
    });
    expect(wrongType).toMatchObject({ valid: false, invalidStatus: 400 });
    expect(wrongType.errors).toEqual([
      expect.objectContaining({ rule: 'mediaType', location: 'content-type' }),
    ]);
    expect(
      validateRequest('deleteAlert', { params: { accountId: 'U1', alertId: '7' } }).valid,
    ).toBe(true);
  });

  it('picks the body validator by media type', () => {
    const form = { grant_type: 'client_credentials' };
    const json = validateRequest('createOAuth2Token', {
      body: form,
      contentType: 'application/json; charset=utf-8',
    });
    const urlencoded = validateRequest('createOAuth2Token', {
      body: form,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(json.errors.map((e) => e.pointer)).toEqual(urlencoded.errors.map((e) => e.pointer));
    expect(json.valid).toBe(false);
  });
});

describe('validateResponse', () => {
  it('validates by status and refuses an undocumented status', () => {
    expect(validateResponse('switchAccount', 200, { set: true, acctId: 'U1234567' }).valid).toBe(
      true,
    );
    expect(validateResponse('switchAccount', 400, { error: 'x', statusCode: 400 }).valid).toBe(
      true,
    );
    expect(validateResponse('switchAccount', 418, {}).errors).toEqual([
      expect.objectContaining({ rule: 'status', location: 'status', actual: 418 }),
    ]);
  });

  it('requires a body where the document gives one', () => {
    expect(validateResponse('switchAccount', 200, null).errors).toEqual([
      expect.objectContaining({ rule: 'required', location: 'body' }),
    ]);
  });

  it('accepts bytes under a documented non-JSON media type (a PDF), and only there', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7');
    expect(validateResponse('generateStatement', 200, pdf, 'application/pdf').valid).toBe(true);
    expect(validateResponse('generateStatement', 200, pdf.buffer, 'application/pdf').valid).toBe(
      true,
    );
    expect(validateResponse('generateStatement', 200, pdf, 'application/json').valid).toBe(false);
    expect(validateResponse('generateStatement', 200, pdf).valid).toBe(false);
    expect(validateResponse('getTrades', 200, pdf, 'application/pdf').valid).toBe(false);
  });

  it('accepts extra fields on open response resources and refuses them on closed error objects', () => {
    expect(
      validateResponse('switchAccount', 200, { set: true, acctId: 'U1', later: 1 }).valid,
    ).toBe(true);
    expect(
      validateResponse('switchAccount', 400, { error: 'x', statusCode: 400, later: 1 }).valid,
    ).toBe(false);
  });
});

describe("the document's examples", () => {
  it.each(
    documentExamples().map(
      (e) => [`${e.operationId} ${e.kind} ${e.status} ${e.mediaType} ${e.name}`, e] as const,
    ),
  )('%s is valid', (_name, example) => {
    const result =
      example.kind === 'request'
        ? validateRequest(example.operationId, {
            body: example.value,
            contentType: example.mediaType,
          })
        : validateResponse(example.operationId, example.status, example.value, example.mediaType);
    const bodyErrors = result.errors.filter((error) => error.location === 'body');
    expect(bodyErrors).toEqual([]);
  });
});
