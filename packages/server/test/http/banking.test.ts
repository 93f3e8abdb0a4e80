import type { streaming } from '@brokerage/types';
import { startServer, type Harness } from '../harness.js';
import { bearerHeader } from '../oauth2-helper.js';
import { openSocket, topicOf } from '../stream-socket.js';

// The banking operations through the pipeline: scopes, problem details, the success statuses
// other than 200 (201, 202, 207, 208), literal `:bulk` paths, and the control API's banking
// operations. The rules themselves are tested without HTTP (test/domain/banking.test.ts).
(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

describe('banking (/gw/api/v1)', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterAll(() => server.close());

  const bearer = (scope: string) => bearerHeader(server, scope);
  const post = async (path: string, scope: string, body: unknown) =>
    server.call('POST', `/gw/api/v1/${path}`, { headers: await bearer(scope), body });
  const deposit = (clientInstructionId: number, accountId = 'U1234567') => ({
    accountId,
    amount: 250,
    bankInstructionMethod: 'WIRE',
    clientInstructionId,
    currency: 'USD',
  });

  it('accepts a deposit with 202, polls it PENDING, and settles it through the control API', async () => {
    const accepted = await post('external-cash-transfers', 'transfers.write', {
      instructionType: 'DEPOSIT',
      instruction: deposit(9001),
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      status: 202,
      instructionResult: { instructionStatus: 'PENDING', instructionType: 'DEPOSIT' },
    });
    const id = accepted.body.instructionResult.instructionId as number;
    const read = await bearer('instructions.read');
    const polled = await server.call('GET', `/gw/api/v1/instructions/${id}`, { headers: read });
    expect(polled.status).toBe(200);
    expect(polled.body.instructionResult.instructionStatus).toBe('PENDING');
    const settled = await server.call('POST', `/control/banking/instructions/${id}/settle`);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ instructionId: id, instructionStatus: 'PROCESSED' });
    const again = await server.call('POST', `/control/banking/instructions/${id}/settle`);
    expect(again.status).toBe(400);
    const byClient = await server.call('GET', '/gw/api/v1/client-instructions/9001', {
      headers: read,
    });
    expect(byClient.body.instructionResult.instructionStatus).toBe('PROCESSED');
  });

  it('answers 208 for a client instruction id sent again with another instruction', async () => {
    const first = await post('external-cash-transfers', 'transfers.write', {
      instructionType: 'DEPOSIT',
      instruction: deposit(9002),
    });
    const other = await post('external-cash-transfers', 'transfers.write', {
      instructionType: 'DEPOSIT',
      instruction: { ...deposit(9002), amount: 999 },
    });
    expect(other.status).toBe(202);
    expect(other.body.instructionResult.instructionId).toBe(
      first.body.instructionResult.instructionId,
    );
    const polled = await server.call('GET', '/gw/api/v1/client-instructions/9002', {
      headers: await bearer('instructions.read'),
    });
    expect(polled.status).toBe(208);
    expect(polled.body.status).toBe(208);
  });

  it('serves the literal :bulk paths: 207 with one result per item', async () => {
    const answer = await post('external-cash-transfers:bulk', 'transfers.write', {
      instructionType: 'DEPOSIT',
      instructions: [deposit(9003), deposit(9004, 'U0000000')],
    });
    expect(answer.status).toBe(207);
    expect(answer.body.instructionResults.map((item: { status: number }) => item.status)).toEqual([
      202, 422,
    ]);
    const set = await server.call(
      'GET',
      `/gw/api/v1/instruction-sets/${answer.body.instructionSetId as number}`,
      { headers: await bearer('instructions.read') },
    );
    expect(set.status).toBe(200);
    expect(set.body.instructionResults).toHaveLength(2);
    const unknownSuffix = await post('external-cash-transfers:other', 'transfers.write', {});
    expect(unknownSuffix.status).toBe(404);
  });

  it('refuses by scope (403), by rule (422) and by shape (400), as problem details', async () => {
    const wrongScope = await post('external-cash-transfers', 'transfers.read', {
      instructionType: 'DEPOSIT',
      instruction: deposit(9005),
    });
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const refused = await post('external-cash-transfers', 'transfers.write', {
      instructionType: 'WITHDRAWAL',
      instruction: {
        accountId: 'U1234567',
        amount: 10,
        bankInstructionMethod: 'ACH',
        bankInstructionName: 'Nowhere',
        clientInstructionId: 9006,
        currency: 'USD',
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ status: 422, title: 'Unprocessable Entity' });
    expect(refused.body.detail).toMatch(/^UNKNOWN_BANK_INSTRUCTION: /);
    const malformed = await post('external-cash-transfers', 'transfers.write', {
      instructionType: 'DEPOSIT',
      instruction: { ...deposit(9007), amount: 'lots' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const missing = await server.call('GET', '/gw/api/v1/instructions/1', {
      headers: await bearer('instructions.read'),
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers 201 for the synchronous ones, and the control API seeds bank instructions', async () => {
    const seeded = await server.call('POST', '/control/banking/bank-instructions', {
      body: {
        accountId: 'U1234567',
        name: 'Checking',
        method: 'ACH',
        currency: 'USD',
        bankAccountNumber: '7004417729',
        bankRoutingNumber: '021000555',
      },
    });
    expect(seeded.status).toBe(200);
    const listed = await post('bank-instructions/query', 'bank-instructions.read', {
      instructionType: 'QUERY_BANK_INSTRUCTION',
      instruction: {
        accountId: 'U1234567',
        bankInstructionMethod: 'ACH',
        clientInstructionId: 9008,
      },
    });
    expect(listed.status).toBe(201);
    expect(listed.body.instructionResult.bankInstructionDetails).toEqual([
      expect.objectContaining({ instructionName: 'Checking', bankAccountNumber: '*****7729' }),
    ]);
    const balances = await post('balances/query', 'balances.read', {
      instructionType: 'QUERY_WITHDRAWABLE_CASH_EQUITY',
      instruction: { accountId: 'U1234567', clientInstructionId: 9009, currency: 'USD' },
    });
    expect(balances.status).toBe(201);
    expect(balances.body.instructionResult.withdrawableCashAmount).toBeGreaterThan(0);
  });
});

describe('banking and the streams', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ streaming: { validateMessages: true } });
  });
  afterAll(() => server.close());

  it('pushes the ledger of an account when a deposit into it settles', async () => {
    const socket = await openSocket(server);
    const ledgerTopic = (message: streaming.ServerMessage) => topicOf(message) === 'sld+U1234567';
    socket.send('sld+U1234567+{}');
    const first = (await socket.next(ledgerTopic)) as streaming.ServerMessages['ledger'];
    const cashOf = (message: streaming.ServerMessages['ledger']) =>
      message.result.find((entry) => entry.key === 'LedgerListUSD')?.cashbalance;
    const before = cashOf(first) ?? 0;
    const accepted = await server.call('POST', '/gw/api/v1/external-cash-transfers', {
      headers: await bearerHeader(server, 'transfers.write'),
      body: {
        instructionType: 'DEPOSIT',
        instruction: {
          accountId: 'U1234567',
          amount: 500,
          bankInstructionMethod: 'WIRE',
          clientInstructionId: 9101,
          currency: 'USD',
        },
      },
    });
    const id = accepted.body.instructionResult.instructionId as number;
    await server.call('POST', `/control/banking/instructions/${id}/settle`);
    const update = (await socket.next(ledgerTopic)) as streaming.ServerMessages['ledger'];
    expect(cashOf(update)).toBe(before + 500);
    socket.close();
  });
});
