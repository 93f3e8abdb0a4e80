// Account-management banking under /gw/api/v1 (and the Utilities balances query): instructions
// accepted (202) or made (201) and polled until they end, bulk requests answered item by item
// (202/207), problem details; and one state with the trading side: the cash the transfers move
// is the change of the ledger.
import { pollInstruction } from '@brokerage/client';
import { controls, describeInProcess } from '../../src/target.js';
import { bearer } from '../support/bearer.js';
import { useTarget } from '../support/target.js';

const hour = 3_600_000;
const account = 'U1234567';

describeInProcess('banking', () => {
  const suite = useTarget();
  const headers = (scope: string) => bearer(suite, scope);
  const clock = () => controls(suite.target).clock;
  /** Moves the clock; the gateway's brokerage session, idle meanwhile, is opened again. */
  const advance = (ms: number) => {
    clock().advance(ms);
    controls(suite.target).server.openGatewaySession();
  };
  const services = () => controls(suite.target).server.services;
  let nextClientId = 7_000_000;
  const clientId = () => ++nextClientId;

  const deposit = (amount: number, accountId = account) => ({
    accountId,
    amount,
    bankInstructionMethod: 'WIRE' as const,
    clientInstructionId: clientId(),
    currency: 'USD',
  });
  const withdrawal = (amount: number, bankInstructionName = 'Checking') => ({
    accountId: account,
    amount,
    bankInstructionMethod: 'ACH' as const,
    bankInstructionName,
    clientInstructionId: clientId(),
    currency: 'USD',
  });
  const fop = (conid: number, quantity: number, direction: 'IN' | 'OUT' = 'IN') => ({
    accountId: account,
    clientInstructionId: clientId(),
    contraBrokerAccountId: '88123004',
    contraBrokerDtcCode: '0571',
    direction,
    quantity,
    tradingInstrument: { conid, currency: 'USD' },
  });
  const internalCash = (amount: number, sourceAccountId = 'U2345671') => ({
    amount,
    clientInstructionId: clientId(),
    currency: 'USD',
    sourceAccountId,
    targetAccountId: 'F7654321',
  });
  const internalPosition = (transferQuantity: number, sourceAccountId = 'U2345671') => ({
    clientInstructionId: clientId(),
    sourceAccountId,
    targetAccountId: 'F7654321',
    tradingInstrument: { conid: 265598, currency: 'USD' },
    transferQuantity,
  });

  beforeAll(() => {
    services().banking.seedBankInstruction({
      accountId: account,
      name: 'Checking',
      method: 'ACH',
      currency: 'USD',
      bankAccountNumber: '7004417729',
      bankRoutingNumber: '021000555',
    });
  });

  const transfer = async (
    instruction: ReturnType<typeof deposit> | ReturnType<typeof withdrawal>,
  ) =>
    suite.client.POST('/gw/api/v1/external-cash-transfers', {
      body:
        'bankInstructionName' in instruction
          ? { instructionType: 'WITHDRAWAL', instruction }
          : { instructionType: 'DEPOSIT', instruction },
      headers: await headers('transfers.write'),
    });
  const statusOf = async (instructionId: number) =>
    suite.client.GET('/gw/api/v1/instructions/{instructionId}', {
      params: { path: { instructionId } },
      headers: await headers('instructions.read'),
    });

  it('every operation answers 401 without a token and 403 with a token of another scope', async () => {
    const posts = [
      '/gw/api/v1/bank-instructions',
      '/gw/api/v1/bank-instructions:bulk',
      '/gw/api/v1/bank-instructions/query',
      '/gw/api/v1/external-cash-transfers',
      '/gw/api/v1/external-cash-transfers:bulk',
      '/gw/api/v1/external-cash-transfers/query',
      '/gw/api/v1/internal-cash-transfers',
      '/gw/api/v1/internal-cash-transfers:bulk',
      '/gw/api/v1/external-asset-transfers',
      '/gw/api/v1/external-asset-transfers:bulk',
      '/gw/api/v2/external-asset-transfers',
      '/gw/api/v2/external-asset-transfers:bulk',
      '/gw/api/v1/internal-asset-transfers',
      '/gw/api/v1/internal-asset-transfers:bulk',
      '/gw/api/v1/instructions/cancel',
      '/gw/api/v1/instructions/cancel:bulk',
      '/gw/api/v1/instructions/query',
      '/gw/api/v1/balances/query',
    ];
    const gets: [string, Record<string, number>][] = [
      ['/gw/api/v1/instructions/{instructionId}', { instructionId: 1 }],
      ['/gw/api/v1/instruction-sets/{instructionSetId}', { instructionSetId: 1 }],
      ['/gw/api/v1/client-instructions/{clientInstructionId}', { clientInstructionId: 1 }],
    ];
    const calls = [
      ...posts.map(
        (path) => (extra: object) =>
          suite.client.POST(path as never, { body: {}, ...extra } as never),
      ),
      ...gets.map(
        ([path, params]) =>
          (extra: object) =>
            suite.client.GET(path as never, { params: { path: params }, ...extra } as never),
      ),
    ];
    const otherScope = await headers('echo.read');
    for (const call of calls) {
      expect((await call({})).response.status).toBe(401);
      const refused = await call({ headers: otherScope });
      expect(refused.response.status).toBe(403);
      expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it('createExternalCashTransfer accepts a deposit (202) that settles a day later; a malformed one 400, a refused one 422', async () => {
    const accepted = await transfer(deposit(300));
    expect(accepted.response.status).toBe(202);
    const id = accepted.data?.instructionResult?.instructionId ?? 0;
    expect(accepted.data?.instructionResult?.instructionStatus).toBe('PENDING');
    const settled = await pollInstruction(suite.client, id, {
      headers: () => headers('instructions.read'),
      wait: () => Promise.resolve(advance(6 * hour)),
    });
    expect(settled.instructionResult).toMatchObject({
      instructionStatus: 'PROCESSED',
      depositDetails: { amount: 300, currency: 'USD' },
    });
    const refused = await transfer(withdrawal(10, 'Nowhere'));
    expect(refused.response.status).toBe(422);
    expect(refused.error?.detail).toMatch(/^UNKNOWN_BANK_INSTRUCTION/);
    const malformed = await suite.client.POST('/gw/api/v1/external-cash-transfers', {
      body: { instructionType: 'DEPOSIT', instruction: { accountId: account } } as never,
      headers: await headers('transfers.write'),
    });
    expect(malformed.response.status).toBe(400);
  });

  it('createExternalCashTransfersBulk answers 202 when every item is accepted and 207 with a refused one', async () => {
    const all = await suite.client.POST('/gw/api/v1/external-cash-transfers:bulk', {
      body: { instructionType: 'DEPOSIT', instructions: [deposit(1), deposit(2)] },
      headers: await headers('transfers.write'),
    });
    expect(all.response.status).toBe(202);
    const mixed = await suite.client.POST('/gw/api/v1/external-cash-transfers:bulk', {
      body: { instructionType: 'DEPOSIT', instructions: [deposit(1), deposit(2, 'U0000000')] },
      headers: await headers('transfers.write'),
    });
    expect(mixed.response.status).toBe(207);
    expect(mixed.data?.instructionResults?.map((item) => item.status)).toEqual([202, 422]);
    const malformed = await suite.client.POST('/gw/api/v1/external-cash-transfers:bulk', {
      body: { instructionType: 'DEPOSIT', instructions: [] },
      headers: await headers('transfers.write'),
    });
    expect(malformed.response.status).toBe(400);
  });

  it('queryExternalCashTransfers answers the withdrawable cash and IRA contributions (201); an unknown account 422', async () => {
    const query = async (instruction: object) =>
      suite.client.POST('/gw/api/v1/external-cash-transfers/query', {
        body: instruction as never,
        headers: await headers('transfers.read'),
      });
    const withdrawable = await query({
      instructionType: 'QUERY_WITHDRAWABLE_FUNDS',
      instruction: { accountId: account, clientInstructionId: clientId(), currency: 'USD' },
    });
    expect(withdrawable.response.status).toBe(201);
    expect(withdrawable.data?.instructionResult?.withdrawableAmount).toBeGreaterThan(0);
    const ira = await query({
      instructionType: 'QUERY_IRA_CONTRIBUTIONS',
      instruction: { accountId: account, clientInstructionId: clientId(), year: '2026' },
    });
    expect(ira.response.status).toBe(201);
    expect(ira.data?.instructionResult?.contributions).toHaveLength(1);
    const unknown = await query({
      instructionType: 'QUERY_WITHDRAWABLE_FUNDS',
      instruction: { accountId: 'U0000000', clientInstructionId: clientId(), currency: 'USD' },
    });
    expect(unknown.response.status).toBe(422);
  });

  it('createInternalCashTransfer moves cash at once between accounts of one advisor (201); unrelated ones 422', async () => {
    const made = await suite.client.POST('/gw/api/v1/internal-cash-transfers', {
      body: { instructionType: 'INTERNAL_CASH_TRANSFER', instruction: internalCash(100) },
      headers: await headers('transfers.write'),
    });
    expect(made.response.status).toBe(201);
    expect(made.data?.instructionResult?.instructionStatus).toBe('PROCESSED');
    const unrelated = await suite.client.POST('/gw/api/v1/internal-cash-transfers', {
      body: { instructionType: 'INTERNAL_CASH_TRANSFER', instruction: internalCash(100, account) },
      headers: await headers('transfers.write'),
    });
    expect(unrelated.response.status).toBe(422);
    expect(unrelated.error?.detail).toMatch(/^ACCOUNTS_NOT_RELATED/);
  });

  it('createInternalCashTransfersBulk answers 202, or 207 with the refused item', async () => {
    const bulk = async (instructions: ReturnType<typeof internalCash>[]) =>
      suite.client.POST('/gw/api/v1/internal-cash-transfers:bulk', {
        body: { instructionType: 'INTERNAL_CASH_TRANSFER', instructions },
        headers: await headers('transfers.write'),
      });
    expect((await bulk([internalCash(10)])).response.status).toBe(202);
    const mixed = await bulk([internalCash(10), internalCash(10, account)]);
    expect(mixed.response.status).toBe(207);
    expect(mixed.data?.instructionResults?.[1]?.instructionResult?.error?.errorCode).toBe(
      'ACCOUNTS_NOT_RELATED',
    );
  });

  it('createExternalAssetTransfer books an incoming delivery after settlement at the price of the day; unknown instruments 422', async () => {
    services().brokerage.market.setPrice(272093, 123.45);
    const fixture = services()
      .brokerage.account(account)
      ?.positions.find((p) => p.conid === 272093);
    const accepted = await suite.client.POST('/gw/api/v1/external-asset-transfers', {
      body: { instructionType: 'FOP', instruction: fop(272093, 50) },
      headers: await headers('transfers.write'),
    });
    expect(accepted.response.status).toBe(202);
    advance(72 * hour);
    const id = accepted.data?.instructionResult?.instructionId ?? 0;
    expect((await statusOf(id)).data?.instructionResult?.instructionStatus).toBe('PROCESSED');
    await suite.client.GET('/v1/api/portfolio/accounts');
    await suite.client.POST('/v1/api/portfolio/{accountId}/positions/invalidate', {
      params: { path: { accountId: account } },
    });
    const page = await suite.client.GET('/v1/api/portfolio/{accountId}/positions/{pageId}', {
      params: { path: { accountId: account, pageId: 0 } },
    });
    // The 50 delivered in cost 123.45 each, blended with what the account held.
    const heldBefore = fixture?.quantity ?? 0;
    const held = page.data?.find((position) => position.conid === 272093);
    expect(held?.position).toBe(heldBefore + 50);
    expect(held?.avgCost).toBeCloseTo(
      (heldBefore * (fixture?.averageCost ?? 0) + 50 * 123.45) / (heldBefore + 50),
      4,
    );
    const unknown = await suite.client.POST('/gw/api/v1/external-asset-transfers', {
      body: { instructionType: 'FOP', instruction: fop(999, 1) },
      headers: await headers('transfers.write'),
    });
    expect(unknown.response.status).toBe(422);
  });

  it('createExternalAssetTransfersBulk answers 202, or 207 when an outgoing delivery exceeds the holding', async () => {
    const bulk = async (instructions: ReturnType<typeof fop>[]) =>
      suite.client.POST('/gw/api/v1/external-asset-transfers:bulk', {
        body: { instructionType: 'FOP', instructions },
        headers: await headers('transfers.write'),
      });
    expect((await bulk([fop(265598, 1)])).response.status).toBe(202);
    const mixed = await bulk([fop(265598, 1), fop(265598, 1_000_000, 'OUT')]);
    expect(mixed.response.status).toBe(207);
    expect(mixed.data?.instructionResults?.[1]?.instructionResult?.error?.errorCode).toBe(
      'INSUFFICIENT_POSITION',
    );
  });

  const fopV2 = (
    positions: { conid: number; quantity: number }[],
    direction: 'IN' | 'OUT' = 'IN',
  ) => ({
    accountId: account,
    clientInstructionId: clientId(),
    contraBrokerAccountId: '88123004',
    contraBrokerDtcCode: '0571',
    direction,
    currency: 'USD',
    positions,
  });

  it('createExternalAssetTransferV2 delivers several positions in one instruction, settled together three days later; malformed 400, refused 422', async () => {
    services().brokerage.market.setPrice(272093, 123.45);
    services().brokerage.market.setPrice(265598, 150);
    // Deliveries the earlier tests left pending settle first.
    advance(72 * hour);
    const before = (conid: number) =>
      services()
        .brokerage.account(account)
        ?.positions.find((p) => p.conid === conid)?.quantity ?? 0;
    const [msft, aapl] = [before(272093), before(265598)];
    const accepted = await suite.client.POST('/gw/api/v2/external-asset-transfers', {
      body: {
        instructionType: 'FOP',
        instruction: fopV2([
          { conid: 272093, quantity: 7 },
          { conid: 265598, quantity: 3 },
        ]),
      },
      headers: await headers('transfers.write'),
    });
    expect(accepted.response.status).toBe(202);
    expect(accepted.data?.instructionResult).toMatchObject({
      instructionType: 'FOP',
      instructionStatus: 'PENDING',
    });
    advance(72 * hour);
    const id = accepted.data?.instructionResult?.instructionId ?? 0;
    expect((await statusOf(id)).data?.instructionResult?.instructionStatus).toBe('PROCESSED');
    expect([before(272093), before(265598)]).toEqual([msft + 7, aapl + 3]);

    const malformed = await suite.client.POST('/gw/api/v2/external-asset-transfers', {
      body: { instructionType: 'FOP', instruction: { ...fopV2([]), positions: [] } },
      headers: await headers('transfers.write'),
    });
    expect(malformed.response.status).toBe(400);
    const twice = await suite.client.POST('/gw/api/v2/external-asset-transfers', {
      body: {
        instructionType: 'FOP',
        instruction: fopV2([
          { conid: 272093, quantity: 1 },
          { conid: 272093, quantity: 1 },
        ]),
      },
      headers: await headers('transfers.write'),
    });
    expect(twice.response.status).toBe(422);
  });

  it('createExternalAssetTransfersBulkV2 answers 202, or 207 when an outgoing delivery exceeds the holding', async () => {
    const bulk = async (instructions: ReturnType<typeof fopV2>[]) =>
      suite.client.POST('/gw/api/v2/external-asset-transfers:bulk', {
        body: { instructionType: 'FOP', instructions },
        headers: await headers('transfers.write'),
      });
    expect((await bulk([fopV2([{ conid: 265598, quantity: 1 }])])).response.status).toBe(202);
    const mixed = await bulk([
      fopV2([{ conid: 265598, quantity: 1 }]),
      fopV2([{ conid: 265598, quantity: 1_000_000 }], 'OUT'),
    ]);
    expect(mixed.response.status).toBe(207);
    expect(mixed.data?.instructionResults?.[1]?.instructionResult?.error?.errorCode).toBe(
      'INSUFFICIENT_POSITION',
    );
    const malformed = await suite.client.POST('/gw/api/v2/external-asset-transfers:bulk', {
      body: { instructionType: 'FOP', instructions: [] },
      headers: await headers('transfers.write'),
    });
    expect(malformed.response.status).toBe(400);
  });

  it('createInternalAssetTransfer and its bulk form move positions between related accounts (202/207); others 422', async () => {
    const one = await suite.client.POST('/gw/api/v1/internal-asset-transfers', {
      body: { instructionType: 'INTERNAL_POSITION_TRANSFER', instruction: internalPosition(5) },
      headers: await headers('transfers.write'),
    });
    expect(one.response.status).toBe(202);
    const unrelated = await suite.client.POST('/gw/api/v1/internal-asset-transfers', {
      body: {
        instructionType: 'INTERNAL_POSITION_TRANSFER',
        instruction: internalPosition(5, account),
      },
      headers: await headers('transfers.write'),
    });
    expect(unrelated.response.status).toBe(422);
    const bulk = async (instructions: ReturnType<typeof internalPosition>[]) =>
      suite.client.POST('/gw/api/v1/internal-asset-transfers:bulk', {
        body: { instructionType: 'INTERNAL_POSITION_TRANSFER', instructions },
        headers: await headers('transfers.write'),
      });
    expect((await bulk([internalPosition(1)])).response.status).toBe(202);
    expect((await bulk([internalPosition(1), internalPosition(1, account)])).response.status).toBe(
      207,
    );
  });

  it('cancelInstruction cancels a pending transfer (201) that then never moves money; an ended one 422', async () => {
    const pending = await transfer(deposit(50));
    const instructionId = pending.data?.instructionResult?.instructionId ?? 0;
    const cancel = async () =>
      suite.client.POST('/gw/api/v1/instructions/cancel', {
        body: {
          instructionType: 'CANCEL_INSTRUCTION',
          instruction: { clientInstructionId: clientId(), instructionId, reason: 'Wrong amount' },
        },
        headers: await headers('instructions.write'),
      });
    const cancelled = await cancel();
    expect(cancelled.response.status).toBe(201);
    expect(cancelled.data?.instructionResult?.ibReferenceId).toBe(instructionId);
    expect((await statusOf(instructionId)).data?.instructionResult?.error?.errorCode).toBe(
      'CANCELLED',
    );
    expect((await cancel()).response.status).toBe(422);
  });

  it('cancelInstructionsBulk answers 202, or 207 with an instruction that cannot be cancelled', async () => {
    const first = await transfer(deposit(5));
    const second = await transfer(deposit(5));
    const cancelOf = (instructionId: number) => ({
      clientInstructionId: clientId(),
      instructionId,
      reason: 'Not needed',
    });
    const ids = [first, second].map((made) => made.data?.instructionResult?.instructionId ?? 0);
    const bulk = async (instructions: ReturnType<typeof cancelOf>[]) =>
      suite.client.POST('/gw/api/v1/instructions/cancel:bulk', {
        body: { instructionType: 'CANCEL_INSTRUCTION', instructions },
        headers: await headers('instructions.write'),
      });
    expect((await bulk([cancelOf(ids[0] ?? 0)])).response.status).toBe(202);
    const mixed = await bulk([cancelOf(ids[1] ?? 0), cancelOf(ids[0] ?? 0)]);
    expect(mixed.response.status).toBe(207);
    expect(mixed.data?.instructionResults?.map((item) => item.status)).toEqual([202, 422]);
  });

  it('queryRecentInstructions answers 202; the instruction then holds the history; an unknown account 422', async () => {
    const query = async (accountId: string) =>
      suite.client.POST('/gw/api/v1/instructions/query', {
        body: {
          instructionType: 'QUERY_RECENT_INSTRUCTIONS',
          instruction: {
            accountId,
            clientInstructionId: clientId(),
            transactionHistory: { daysToGoBack: 30, transactionType: 'DEPOSIT' },
          },
        },
        headers: await headers('instructions.read'),
      });
    const accepted = await query(account);
    expect(accepted.response.status).toBe(202);
    const polled = await statusOf(accepted.data?.instructionResult?.instructionId ?? 0);
    const history = polled.data?.instructionResult?.instructionHistory?.result ?? [];
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((entry) => entry.instructionType === 'DEPOSIT')).toBe(true);
    expect((await query('U0000000')).response.status).toBe(422);
  });

  it('getInstructionStatus, getClientInstructionStatus and getInstructionSetStatus: 200, 208 for a reused client id, 404 unknown', async () => {
    const first = deposit(20);
    const made = await transfer(first);
    const retried = await transfer({ ...first, amount: 21 });
    expect(retried.data?.instructionResult?.instructionId).toBe(
      made.data?.instructionResult?.instructionId,
    );
    const read = await headers('instructions.read');
    const byClient = await suite.client.GET(
      '/gw/api/v1/client-instructions/{clientInstructionId}',
      {
        params: { path: { clientInstructionId: first.clientInstructionId } },
        headers: read,
      },
    );
    expect(byClient.response.status).toBe(208);
    const byId = await statusOf(made.data?.instructionResult?.instructionId ?? 0);
    expect(byId.response.status).toBe(208);
    const fresh = await transfer(deposit(22));
    expect(
      (await statusOf(fresh.data?.instructionResult?.instructionId ?? 0)).response.status,
    ).toBe(200);
    const freshByClient = await suite.client.GET(
      '/gw/api/v1/client-instructions/{clientInstructionId}',
      { params: { path: { clientInstructionId: nextClientId } }, headers: read },
    );
    expect(freshByClient.response.status).toBe(200);
    const set = await suite.client.GET('/gw/api/v1/instruction-sets/{instructionSetId}', {
      params: { path: { instructionSetId: fresh.data?.instructionSetId ?? 0 } },
      headers: read,
    });
    expect(set.response.status).toBe(200);
    expect(set.data?.instructionResults).toHaveLength(1);
    for (const missing of [
      await statusOf(1),
      await suite.client.GET('/gw/api/v1/client-instructions/{clientInstructionId}', {
        params: { path: { clientInstructionId: 1 } },
        headers: read,
      }),
      await suite.client.GET('/gw/api/v1/instruction-sets/{instructionSetId}', {
        params: { path: { instructionSetId: 1 } },
        headers: read,
      }),
    ])
      expect(missing.response.status).toBe(404);
  });

  it('createBankInstruction saves an ACH instruction pending verification (202), verified with the small amounts; a duplicate 422', async () => {
    const ach = () => ({
      accountId: account,
      achType: 'DEBIT_CREDIT' as const,
      bankInstructionCode: 'USACH' as const,
      bankInstructionName: 'Savings',
      clientAccountInfo: {
        bankAccountNumber: '5550001',
        bankAccountTypeCode: 1 as const,
        bankName: 'Harbor Savings Bank',
        bankRoutingNumber: '021000555',
      },
      clientInstructionId: clientId(),
      currency: 'USD',
    });
    const write = await headers('bank-instructions.write');
    const saved = await suite.client.POST('/gw/api/v1/bank-instructions', {
      body: { instructionType: 'ACH_INSTRUCTION', instruction: ach() },
      headers: write,
    });
    expect(saved.response.status).toBe(202);
    const pendingInstructionId = saved.data?.instructionResult?.instructionId ?? 0;
    expect(saved.data?.instructionResult?.instructionStatus).toBe('PENDING_VERIFICATION');
    const amounts = await fetch(
      `${suite.target.baseUrl}/control/banking/instructions/${pendingInstructionId}/micro-amounts`,
    ).then((answer) => answer.json() as Promise<{ creditAmount1: number; creditAmount2: number }>);
    const verified = await suite.client.POST('/gw/api/v1/bank-instructions', {
      body: {
        instructionType: 'TRADITIONAL_BANK_INSTRUCTION_VERIFICATION',
        instruction: {
          accountId: account,
          bankInstructionCode: 'USACH',
          bankInstructionName: 'Savings',
          clientInstructionId: clientId(),
          ...amounts,
          pendingInstructionId,
        },
      },
      headers: write,
    });
    expect(verified.data?.instructionResult?.instructionStatus).toBe('PROCESSED');
    const duplicate = await suite.client.POST('/gw/api/v1/bank-instructions', {
      body: { instructionType: 'ACH_INSTRUCTION', instruction: ach() },
      headers: write,
    });
    expect(duplicate.response.status).toBe(422);
    const bulk = await suite.client.POST('/gw/api/v1/bank-instructions:bulk', {
      body: {
        instructionType: 'EDDA_INSTRUCTION',
        instructions: [
          {
            accountId: account,
            bankAccountNumber: '12345',
            bankBranchCode: '003',
            bankClearingCode: '004',
            bankInstructionName: 'Hong Kong debit',
            clientInstructionId: clientId(),
            currency: 'HKD',
            debtorIdentificationDocumentType: 'passport',
          },
        ],
      },
      headers: write,
    });
    expect(bulk.response.status).toBe(202);
    const mixed = await suite.client.POST('/gw/api/v1/bank-instructions:bulk', {
      body: { instructionType: 'ACH_INSTRUCTION', instructions: [ach()] },
      headers: write,
    });
    expect(mixed.response.status).toBe(207);
  });

  it('queryBankInstructions lists saved and recurring instructions (201); an unknown recurring instruction 422', async () => {
    const recurring = await transfer({
      ...deposit(25),
      recurringInstructionDetail: {
        frequency: 'MONTHLY',
        instructionName: 'Monthly savings',
        startDate: '2026-02-01',
      },
    } as ReturnType<typeof deposit>);
    const read = await headers('bank-instructions.read');
    const query = async (body: object) =>
      suite.client.POST('/gw/api/v1/bank-instructions/query', {
        body: body as never,
        headers: read,
      });
    const listed = await query({
      instructionType: 'QUERY_RECURRING_INSTRUCTIONS',
      instruction: { accountId: account, clientInstructionId: clientId() },
    });
    expect(listed.response.status).toBe(201);
    expect(listed.data?.instructionResult?.recurringInstructions).toEqual([
      expect.objectContaining({ frequency: 'MONTHLY', amount: 25 }),
    ]);
    const events = await query({
      instructionType: 'QUERY_RECENT_RECURRING_EVENTS',
      instruction: {
        clientInstructionId: clientId(),
        ibReferenceId: recurring.data?.instructionResult?.instructionId,
      },
    });
    expect(events.response.status).toBe(201);
    const banks = await query({
      instructionType: 'QUERY_BANK_INSTRUCTION',
      instruction: {
        accountId: account,
        bankInstructionMethod: 'ACH',
        clientInstructionId: clientId(),
      },
    });
    expect(banks.data?.instructionResult?.bankInstructionDetails?.length).toBeGreaterThan(0);
    const unknown = await query({
      instructionType: 'QUERY_RECENT_RECURRING_EVENTS',
      instruction: { clientInstructionId: clientId(), ibReferenceId: 1 },
    });
    expect(unknown.response.status).toBe(422);
  });

  it('queryBalances answers the withdrawable cash and the equity (201); an unknown account 422', async () => {
    const query = async (accountId: string) =>
      suite.client.POST('/gw/api/v1/balances/query', {
        body: {
          instructionType: 'QUERY_WITHDRAWABLE_CASH_EQUITY',
          instruction: { accountId, clientInstructionId: clientId(), currency: 'USD' },
        },
        headers: await headers('balances.read'),
      });
    const answer = await query(account);
    expect(answer.response.status).toBe(201);
    expect(answer.data?.instructionResult?.availableEquityValue).toBeGreaterThan(0);
    expect((await query('U0000000')).response.status).toBe(422);
  });

  it('consistency: the cash the transfers moved equals the change of the ledger', async () => {
    advance(96 * hour); // everything pending earlier has settled
    const ledgerCash = async () => {
      // The gateway's session may be a new one since the clock moved: it lists the accounts first.
      await suite.client.GET('/v1/api/portfolio/accounts');
      const ledger = await suite.client.GET('/v1/api/portfolio/{accountId}/ledger', {
        params: { path: { accountId: account } },
      });
      return ledger.data?.USD?.cashbalance ?? NaN;
    };
    const before = await ledgerCash();
    // Each instruction made, with the cash it moves when it is processed.
    const made = new Map<number, number>();
    const keep = (
      answer: { data?: { instructionResult?: { instructionId: number } } },
      amount: number,
    ) => {
      if (answer.data?.instructionResult)
        made.set(answer.data.instructionResult.instructionId, amount);
    };
    const repeated = deposit(1000);
    keep(await transfer(repeated), 1000);
    keep(await transfer(repeated), 1000); // a retry: the same instruction
    keep(await transfer(withdrawal(400)), -400);
    keep(await transfer(withdrawal(1e9)), -1e9); // refused: nothing made
    const toCancel = await transfer(deposit(70));
    keep(toCancel, 70);
    await suite.client.POST('/gw/api/v1/instructions/cancel', {
      body: {
        instructionType: 'CANCEL_INSTRUCTION',
        instruction: {
          clientInstructionId: clientId(),
          instructionId: toCancel.data?.instructionResult?.instructionId ?? 0,
          reason: 'Changed plans',
        },
      },
      headers: await headers('instructions.write'),
    });
    const toFail = await transfer(deposit(90));
    keep(toFail, 90);
    await fetch(
      `${suite.target.baseUrl}/control/banking/instructions/${toFail.data?.instructionResult?.instructionId ?? 0}/fail`,
      { method: 'POST' },
    );
    const bulk = await suite.client.POST('/gw/api/v1/external-cash-transfers:bulk', {
      body: { instructionType: 'DEPOSIT', instructions: [deposit(11), deposit(12, 'U0000000')] },
      headers: await headers('transfers.write'),
    });
    const [accepted] = bulk.data?.instructionResults ?? [];
    if (accepted) keep({ data: accepted }, 11);
    let moved = 0;
    for (const [instructionId, amount] of made) {
      const ended = await pollInstruction(suite.client, instructionId, {
        headers: () => headers('instructions.read'),
        wait: () => Promise.resolve(advance(12 * hour)),
      });
      if (ended.instructionResult?.instructionStatus === 'PROCESSED') moved += amount;
    }
    expect(moved).toBe(1000 - 400 + 11);
    expect((await ledgerCash()) - before).toBeCloseTo(moved, 2);
  });
});
