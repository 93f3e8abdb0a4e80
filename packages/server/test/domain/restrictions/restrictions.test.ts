import type { OAuth2Client } from '../../../src/domain/auth/oauth2.js';
import type { DomainError } from '../../../src/domain/kernel/errors.js';
import {
  decodePayload,
  parseRestrictionsCsv,
} from '../../../src/domain/restrictions/restrictions-csv.js';
import { AAPL, MSFT, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

const dayMs = 24 * 60 * 60_000;
const client: OAuth2Client = {
  clientId: 'TESTCONS',
  keys: [],
  scopes: [],
  endUsers: ['demo_individual'],
};
const base64 = (text: string) => Buffer.from(text).toString('base64');
const closingOnly = (name: string, extra = '') =>
  `RESTR_ADD, ${name}, RULE_BEGIN, rule_type=CLOSINGONLY${extra}, RULE_END`;

function compliance() {
  const { services, clock, session } = domain();
  const { restrictions } = services;
  let next = 1;
  const verify = (csv: string, requestId = next++) =>
    restrictions.verify(client, { userName: 'demo_individual', requestId, payload: base64(csv) });
  const claims = (csv: string, requestId: number) => ({
    userName: 'demo_individual',
    requestId,
    payload: base64(csv),
    iat: Math.floor(clock.now() / 1000),
    exp: Math.floor(clock.now() / 1000) + 60,
  });
  /** Verifies then applies a CSV; the apply's answer. */
  const change = (csv: string) => {
    const requestId = next++;
    expect(verify(csv, requestId)).toEqual({ success: true, requestId, message: 'OK' });
    return restrictions.apply(client, claims(csv, requestId));
  };
  const place = (conid: number, side: 'BUY' | 'SELL', quantity: number) => {
    services.brokerage.market.setPrice(conid, 100);
    return services.orders.place(session, accountId, [limitBuy(quantity, 100, { conid, side })]);
  };
  return { services, clock, restrictions, verify, claims, change, place };
}

describe('restrictions CSV', () => {
  const problem = (csv: string) => {
    const parsed = parseRestrictionsCsv(csv);
    return 'error' in parsed ? parsed.error : undefined;
  };

  it('reads the four commands, one a line, skipping blank lines and comments', () => {
    const parsed = parseRestrictionsCsv(
      [
        '# close only',
        closingOnly('A', ', tif=DAY, conid=265598'),
        '',
        'RESTR_ASSOC_ADD, A, U1234567',
        'RESTR_ASSOC_DELETE, A, U1234567',
        'RESTR_DELETE, A',
      ].join('\r\n'),
    );
    expect(parsed).toEqual({
      commands: [
        {
          op: 'add',
          line: 2,
          name: 'A',
          rule: { ruleType: 'CLOSINGONLY', tif: 'DAY', conid: AAPL },
        },
        { op: 'link', line: 4, name: 'A', accountId: 'U1234567' },
        { op: 'unlink', line: 5, name: 'A', accountId: 'U1234567' },
        { op: 'delete', line: 6, name: 'A' },
      ],
    });
  });

  it('names the first problem of form with its line', () => {
    expect(problem('RESTR_ADD, A, RULE_BEGIN, rule_type=CLOSINGONLY')).toBe(
      'Line 1: missing RULE_END',
    );
    expect(problem('RESTR_ADD, A, rule_type=CLOSINGONLY, RULE_END')).toBe(
      'Line 1: missing RULE_BEGIN after the restriction name',
    );
    expect(problem(closingOnly('A', ', colour=red'))).toBe(
      'Line 1: unknown rule parameter colour (known: rule_type, tif, conid)',
    );
    expect(problem('RESTR_ADD, A, RULE_BEGIN, rule_type=NOBUY, RULE_END')).toBe(
      'Line 1: unknown rule_type NOBUY (known: CLOSINGONLY)',
    );
    expect(problem('RESTR_ADD, A, RULE_BEGIN, tif=GTC, RULE_END')).toBe(
      'Line 1: missing rule_type',
    );
    expect(problem(closingOnly('A', ', tif=IOC'))).toBe('Line 1: tif IOC is neither GTC nor DAY');
    expect(problem(closingOnly('A', ', conid=AAPL'))).toBe(
      'Line 1: conid AAPL is not a contract id',
    );
    expect(problem(closingOnly('A', ', tif'))).toBe('Line 1: rule parameter tif is not key=value');
    expect(problem(`${closingOnly('A')}, extra`)).toBe('Line 1: nothing may follow RULE_END');
    expect(problem(`\nRESTR_RENAME, A, B`)).toMatch(/^Line 2: unknown command RESTR_RENAME/);
    expect(problem('RESTR_ADD, a b, RULE_BEGIN, rule_type=CLOSINGONLY, RULE_END')).toMatch(
      /^Line 1: restriction name a b may hold only/,
    );
    expect(problem('RESTR_ASSOC_ADD, A')).toBe(
      'Line 1: RESTR_ASSOC_ADD takes a restriction name and an account',
    );
    expect(problem('# nothing\n\n')).toBe('The CSV holds no command');
  });

  it('decodes base64 and base64url payloads, padded or not, and refuses anything else', () => {
    expect(decodePayload(base64('RESTR_DELETE, A'))).toBe('RESTR_DELETE, A');
    expect(decodePayload(Buffer.from('RESTR_DELETE, Ab?').toString('base64url'))).toBe(
      'RESTR_DELETE, Ab?',
    );
    expect(decodePayload('not base64!')).toBeUndefined();
    expect(decodePayload(Buffer.from([0xff, 0xfe]).toString('base64'))).toBeUndefined();
  });
});

describe('restrictions', () => {
  it('verifies against the state without changing it, each line seeing the lines before it', () => {
    const { verify, services } = compliance();
    expect(verify(`${closingOnly('A')}\nRESTR_ASSOC_ADD, A, U1234567`)).toMatchObject({
      success: true,
    });
    expect(services.brokerage.store.collection('restrictions').values()).toEqual([]);
    expect(verify('RESTR_ASSOC_ADD, A, U1234567', 9)).toEqual({
      success: false,
      requestId: 9,
      message: 'Line 1: no restriction A',
    });
    expect(verify(`${closingOnly('A')}\nRESTR_ASSOC_ADD, A, U2345671`).message).toBe(
      'Line 2: U2345671 is not an account of user demo_individual',
    );
    expect(verify(`${closingOnly('A')}\n${closingOnly('A')}`).message).toBe(
      'Line 2: restriction A already exists',
    );
    expect(verify(closingOnly('A', ', conid=999999999')).message).toBe(
      'Line 1: unknown contract 999999999',
    );
    expect(verify(`${closingOnly('A')}\nRESTR_ASSOC_DELETE, A, U1234567`).message).toBe(
      'Line 2: restriction A is not attached to U1234567',
    );
  });

  it('applies only what was verified under the request number, once', () => {
    const { restrictions, verify, claims } = compliance();
    const csv = closingOnly('A');
    expect(restrictions.apply(client, claims(csv, 50)).message).toBe('Request 50 was not verified');
    verify(csv, 50);
    expect(restrictions.apply(client, claims(closingOnly('B'), 50)).message).toBe(
      'Request 50 was verified with another user or CSV',
    );
    expect(restrictions.apply(client, claims(csv, 50))).toEqual({
      success: true,
      requestId: 50,
      message: 'OK',
    });
    expect(restrictions.apply(client, claims(csv, 50)).message).toBe(
      'Request 50 was already applied',
    );
    expect(verify(csv, 50).message).toBe('Request 50 was already applied');
    // Verified again under another number, the same CSV now breaks a rule of the state.
    expect(verify(csv, 51).message).toBe('Line 1: restriction A already exists');
  });

  it('refuses a signed body valid too long, claims missing, and a user the client does not act for', () => {
    const { restrictions, claims } = compliance();
    const refused = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return `${(error as DomainError).kind}: ${(error as DomainError).message}`;
      }
      return 'accepted';
    };
    const valid = claims(closingOnly('A'), 60);
    expect(refused(() => restrictions.apply(client, { ...valid, exp: valid.iat + 61 }))).toBe(
      'unauthorized: The signed body must expire within 60 seconds',
    );
    expect(refused(() => restrictions.apply(client, { ...valid, requestId: 'x' }))).toBe(
      'badRequest: The signed body needs the claims userName, requestId (a number) and payload',
    );
    expect(refused(() => restrictions.apply(client, { ...valid, userName: 'demo_advisor' }))).toBe(
      'forbidden: The client does not act for user demo_advisor',
    );
    expect(
      refused(() =>
        restrictions.verify(client, { userName: 'demo_individual', requestId: 1, payload: '%%%' }),
      ),
    ).toBe('badRequest: payload is not base64-encoded UTF-8 text');
  });

  it('lets an account under CLOSINGONLY only reduce positions, in its contract or all', () => {
    const { change, place } = compliance();
    expect(
      change(`${closingOnly('OnlyAAPL', ', conid=265598')}\nRESTR_ASSOC_ADD, OnlyAAPL, U1234567`),
    ).toMatchObject({ success: true });
    const refusal = {
      kind: 'rejected',
      error:
        'Order rejected: account U1234567 may only close positions here (pre-trade compliance restriction OnlyAAPL)',
    };
    expect(place(AAPL, 'BUY', 1)).toEqual(refusal);
    expect(place(AAPL, 'SELL', 101)).toEqual(refusal); // the position is 100: it would turn short
    expect(place(AAPL, 'SELL', 40).kind).toBe('transmitted');
    expect(place(MSFT, 'BUY', 1).kind).toBe('transmitted');
    expect(change('RESTR_ASSOC_DELETE, OnlyAAPL, U1234567')).toMatchObject({ success: true });
    expect(place(AAPL, 'BUY', 1).kind).toBe('transmitted');
    expect(change(`${closingOnly('All')}\nRESTR_ASSOC_ADD, All, U1234567`)).toMatchObject({
      success: true,
    });
    expect(place(MSFT, 'BUY', 1)).toMatchObject({ kind: 'rejected' });
    expect(change('RESTR_DELETE, All')).toMatchObject({ success: true });
    expect(place(MSFT, 'BUY', 1).kind).toBe('transmitted');
  });

  it('ends a DAY restriction with the UTC day', () => {
    const { change, place, clock } = compliance();
    change(`${closingOnly('Today', ', tif=DAY')}\nRESTR_ASSOC_ADD, Today, U1234567`);
    expect(place(MSFT, 'BUY', 1)).toMatchObject({ kind: 'rejected' });
    clock.advance(dayMs);
    expect(place(MSFT, 'BUY', 1).kind).toBe('transmitted');
  });
});
