// A client acts on, and reads, the banking of its end users' accounts only: the instruction
// status reads (by id, by client instruction id, by set), the balances query and a cancellation
// answer another user's account as the writes do (403, problem details), and its own as before.
import { startServer, type Harness } from '../harness.js';
import { bearerHeader, registeredClient, requestToken } from '../oauth2-helper.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

const scopes = ['transfers.write', 'instructions.read', 'instructions.write', 'balances.read'];

let server: Harness;
/** The Authorization header of PARTNER, a client acting for demo_broker (U3456781) only. */
let partner: { authorization: string };

beforeAll(async () => {
  server = await startServer({ mode: 'hosted', testConsumer: true });
  const { assertion } = await registeredClient(server, {
    clientId: 'PARTNER',
    scopes,
    endUsers: ['demo_broker'],
  });
  const token = await requestToken(server, assertion, scopes.join(' '));
  expect(token.status).toBe(200);
  partner = { authorization: `Bearer ${token.body.access_token}` };
});
afterAll(() => server.close());

/** TESTCONS acts for the three demo users (demo_individual holds U1234567). */
const testClient = () => bearerHeader(server, scopes.join(' '));

const deposit = (accountId: string, clientInstructionId: number) => ({
  instructionType: 'DEPOSIT',
  instruction: {
    accountId,
    amount: 100,
    bankInstructionMethod: 'WIRE',
    clientInstructionId,
    currency: 'USD',
  },
});

const post = (path: string, headers: { authorization: string }, body: unknown) =>
  server.call('POST', `/gw/api/v1/${path}`, { headers, body });
const get = (path: string, headers: { authorization: string }) =>
  server.call('GET', `/gw/api/v1/${path}`, { headers });

/** A refusal as the writes answer another user's account. */
const refusedAsTheWrites = (answer: { status: number; body: unknown; headers: Headers }) => {
  expect(answer.status).toBe(403);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(answer.body).toMatchObject({
    status: 403,
    detail: "Account U1234567 is not an account of the client's end users",
  });
};

it("refuses another user's account on a write (the rule the reads follow)", async () => {
  refusedAsTheWrites(await post('external-cash-transfers', partner, deposit('U1234567', 7001)));
});

it("refuses the status reads of another user's instruction, by id, client id and set", async () => {
  const theirs = await post(
    'external-cash-transfers',
    await testClient(),
    deposit('U1234567', 7002),
  );
  expect(theirs.status).toBe(202);
  const { instructionId } = theirs.body.instructionResult as { instructionId: number };
  const { instructionSetId } = theirs.body as { instructionSetId: number };
  refusedAsTheWrites(await get(`instructions/${instructionId}`, partner));
  refusedAsTheWrites(await get('client-instructions/7002', partner));
  refusedAsTheWrites(await get(`instruction-sets/${instructionSetId}`, partner));
  // Their own client reads them.
  const own = await testClient();
  expect((await get(`instructions/${instructionId}`, own)).status).toBe(200);
  expect((await get('client-instructions/7002', own)).status).toBe(200);
  expect((await get(`instruction-sets/${instructionSetId}`, own)).status).toBe(200);
});

it('reads the status of its own end users’ instructions', async () => {
  const mine = await post('external-cash-transfers', partner, deposit('U3456781', 7003));
  expect(mine.status).toBe(202);
  const { instructionId } = mine.body.instructionResult as { instructionId: number };
  const { instructionSetId } = mine.body as { instructionSetId: number };
  expect((await get(`instructions/${instructionId}`, partner)).body).toMatchObject({
    instructionResult: { instructionId, instructionStatus: 'PENDING' },
  });
  expect((await get('client-instructions/7003', partner)).status).toBe(200);
  expect((await get(`instruction-sets/${instructionSetId}`, partner)).status).toBe(200);
  // An instruction that does not exist is still 404, whoever asks.
  expect((await get('instructions/999999', partner)).status).toBe(404);
});

it("refuses the balances of another user's account, and answers its own", async () => {
  const query = (accountId: string, clientInstructionId: number) => ({
    instructionType: 'QUERY_WITHDRAWABLE_CASH_EQUITY',
    instruction: { accountId, clientInstructionId, currency: 'USD' },
  });
  refusedAsTheWrites(await post('balances/query', partner, query('U1234567', 7004)));
  const own = await post('balances/query', partner, query('U3456781', 7005));
  expect(own.status).toBe(201);
  expect(own.body.instructionResult.withdrawableCashAmount).toBeGreaterThan(0);
});

it("refuses to cancel another user's instruction, and leaves it pending", async () => {
  const theirs = await post(
    'external-cash-transfers',
    await testClient(),
    deposit('U1234567', 7006),
  );
  const { instructionId } = theirs.body.instructionResult as { instructionId: number };
  const cancel = (clientInstructionId: number) => ({
    instructionType: 'CANCEL_INSTRUCTION',
    instruction: { clientInstructionId, instructionId, reason: 'not mine' },
  });
  refusedAsTheWrites(await post('instructions/cancel', partner, cancel(7007)));
  const polled = await get(`instructions/${instructionId}`, await testClient());
  expect(polled.body.instructionResult.instructionStatus).toBe('PENDING');
  expect((await post('instructions/cancel', await testClient(), cancel(7008))).status).toBe(201);
});
