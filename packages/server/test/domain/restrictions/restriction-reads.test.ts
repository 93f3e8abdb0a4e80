import type { OAuth2Client } from '../../../src/domain/auth/oauth2.js';
import type { DomainError } from '../../../src/domain/kernel/errors.js';
import { domain } from '../services.js';

const client: OAuth2Client = {
  clientId: 'TESTCONS',
  keys: [],
  scopes: [],
  endUsers: ['demo_individual', 'demo_advisor'],
};
const base64 = (text: string) => Buffer.from(text).toString('base64');
const me = { masterUserName: 'demo_individual' };
const advisor = { masterUserName: 'demo_advisor' };

function setup() {
  const { services, clock } = domain();
  const { restrictions } = services;
  let next = 1;
  /** Verifies then applies a CSV for a user. */
  const apply = (userName: string, csv: string) => {
    const requestId = next++;
    const payload = base64(csv);
    expect(restrictions.verify(client, { userName, requestId, payload }).message).toBe('OK');
    const now = Math.floor(clock.now() / 1000);
    const claims = { userName, requestId, payload, iat: now, exp: now + 60 };
    expect(restrictions.apply(client, claims).message).toBe('OK');
  };
  return { reads: restrictions.reads, apply, clock };
}

const deniedBy = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return { kind: (error as DomainError).kind, message: (error as DomainError).message };
  }
  throw new Error('expected a refusal');
};

describe('restriction reads', () => {
  it('numbers the restrictions the CSV applied and lists them by owner, account and user', () => {
    const { reads, apply } = setup();
    apply(
      'demo_individual',
      [
        'RESTR_ADD, One, RULE_BEGIN, rule_type=CLOSINGONLY, conid=265598, RULE_END',
        'RESTR_ADD, Two, RULE_BEGIN, rule_type=CLOSINGONLY, tif=DAY, RULE_END',
        'RESTR_ASSOC_ADD, One, U1234567',
      ].join('\n'),
    );
    expect(reads.masterRestrictionIds(client, me)).toEqual({
      status: 'ok',
      masterUserName: 'demo_individual',
      restrictions: [
        { restrictionId: 1001, byOperator: false },
        { restrictionId: 1002, byOperator: false },
      ],
    });
    expect(reads.accountRestrictions(client, me, 'U1234567')).toEqual({
      status: 'ok',
      accountId: 'U1234567',
      restrictionIds: [1001],
    });
    expect(reads.userRestrictions(client, me, 'demo_individual').restrictionIds).toEqual([1001]);
    expect(reads.restrictionScope(client, me, 1001)).toEqual({
      status: 'ok',
      restrictionId: 1001,
      scope: 'Active For Some',
      accountIds: ['U1234567'],
      truncated: false,
    });
    expect(reads.restrictionScope(client, me, 1002)).toEqual({
      status: 'ok',
      restrictionId: 1002,
      scope: 'Inactive',
    });
  });

  it('gives a restriction with its one rule: GTC with the contract, or GTD for the day', () => {
    const { reads, apply } = setup();
    apply(
      'demo_individual',
      [
        'RESTR_ADD, One, RULE_BEGIN, rule_type=CLOSINGONLY, conid=265598, RULE_END',
        'RESTR_ADD, Two, RULE_BEGIN, rule_type=CLOSINGONLY, tif=DAY, RULE_END',
      ].join('\n'),
    );
    expect(reads.restrictionDetails(client, me, 1001)).toEqual({
      status: 'ok',
      restrictionId: 1001,
      rules: [
        { ruleId: 5001, type: 'CLOSINGONLY', validityType: 'GTC', params: [{ conid: '265598' }] },
      ],
      name: 'One',
      description: null,
      message: null,
      applicationType: 'Restrict',
      usageType: 'Trading',
      allowOnly: null,
      matchAll: null,
      isWhiteList: 'F',
    });
    // The domain's clock starts on 2025-03-12.
    expect(reads.restrictionDetails(client, me, 1002).rules).toEqual([
      {
        ruleId: 5002,
        type: 'CLOSINGONLY',
        validityType: 'GTD',
        startDate: '03/12/2025',
        endDate: '03/12/2025',
      },
    ]);
  });

  it('keeps lists of contracts made and deleted by the CSV', () => {
    const { reads, apply, clock } = setup();
    apply('demo_individual', 'LIST_ADD, Watched, 265598, 272093\nLIST_ADD, Gone, 265598');
    apply('demo_individual', 'LIST_DELETE, Gone');
    expect(reads.masterListIds(client, me)).toEqual({
      status: 'ok',
      masterUserName: 'demo_individual',
      lists: [{ listId: 2001, byOperator: false }],
    });
    const list = reads.listDetails(client, me, 2001);
    expect(list).toMatchObject({ status: 'ok', listId: 2001, type: 'CONID', name: 'Watched' });
    expect(list.entries).toEqual([
      {
        id: 300001,
        type: 'CONID',
        createdAt: clock.now(),
        params: expect.objectContaining({ symbol: 'AAPL', val: '265598' }),
      },
      {
        id: 300002,
        type: 'CONID',
        createdAt: clock.now(),
        params: expect.objectContaining({ symbol: 'MSFT', val: '272093' }),
      },
    ]);
    expect(deniedBy(() => reads.listDetails(client, me, 2002)).kind).toBe('forbidden');
  });

  it('refuses a list CSV that is malformed or names what does not exist, applying none of it', () => {
    const { services } = domain();
    const verify = (csv: string) =>
      services.restrictions.verify(client, {
        userName: 'demo_individual',
        requestId: 7,
        payload: base64(csv),
      }).message;
    expect(verify('LIST_ADD, Empty')).toBe('Line 1: LIST_ADD needs at least one conid');
    expect(verify('LIST_ADD, Twice, 265598, 265598')).toBe(
      'Line 1: a conid is named twice in the list',
    );
    expect(verify('LIST_ADD, Odd, 12x')).toBe('Line 1: conid 12x is not a contract id');
    expect(verify('LIST_ADD, Far, 99999999')).toBe('Line 1: unknown contract 99999999');
    expect(verify('LIST_DELETE, Never')).toBe('Line 1: no list Never');
    expect(verify('LIST_ADD, A, 265598\nLIST_ADD, A, 272093')).toBe(
      'Line 2: list A already exists',
    );
    expect(services.restrictions.reads.masterListIds(client, me).lists).toEqual([]);
  });

  it('answers the same refusal for what is another user’s and for what does not exist', () => {
    const { reads, apply } = setup();
    apply('demo_advisor', 'RESTR_ADD, Theirs, RULE_BEGIN, rule_type=CLOSINGONLY, RULE_END');
    const refusals = [
      deniedBy(() => reads.restrictionDetails(client, me, 1001)),
      deniedBy(() => reads.restrictionDetails(client, me, 9999)),
      deniedBy(() => reads.restrictionScope(client, me, 1001)),
      deniedBy(() => reads.accountRestrictions(client, me, 'U2345671')),
      deniedBy(() => reads.accountRestrictions(client, me, 'U0000000')),
      deniedBy(() => reads.userRestrictions(client, me, 'demo_advisor')),
      deniedBy(() => reads.userRestrictions(client, me, 'nobody')),
      deniedBy(() => reads.masterRestrictionIds(client, { masterUserName: 'demo_broker' })),
      deniedBy(() => reads.masterRestrictionIds(client, { ...me, isEmpTrack: 'T' })),
    ];
    for (const refusal of refusals)
      expect(refusal).toEqual({ kind: 'forbidden', message: 'Access denied' });
    // The advisor sees its own, and the sub-accounts of its master account.
    expect(reads.restrictionDetails(client, advisor, 1001).name).toBe('Theirs');
    expect(reads.accountRestrictions(client, advisor, 'U2345671').restrictionIds).toEqual([]);
  });

  it('drops a DAY restriction at the end of its day', () => {
    const { reads, apply, clock } = setup();
    apply(
      'demo_individual',
      'RESTR_ADD, Today, RULE_BEGIN, rule_type=CLOSINGONLY, tif=DAY, RULE_END\nRESTR_ASSOC_ADD, Today, U1234567',
    );
    expect(reads.accountRestrictions(client, me, 'U1234567').restrictionIds).toEqual([1001]);
    clock.advance(24 * 60 * 60_000);
    expect(reads.accountRestrictions(client, me, 'U1234567').restrictionIds).toEqual([]);
    expect(deniedBy(() => reads.restrictionDetails(client, me, 1001)).kind).toBe('forbidden');
  });
});
