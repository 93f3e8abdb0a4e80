// The shared table of parameter texts (packages/types/test/numeric-parameter-texts.ts) through the
// reference server (its numeric-parameter rule, then express-openapi-validator): the verdicts must
// be the ones @brokerage/validators gives on the same table
// (packages/validators/test/numeric-parameters.test.ts).
import {
  numericRequests,
  stringProbe,
  stringQueryTexts,
} from '../../../types/test/numeric-parameter-texts.js';
import { startServer, type Harness } from '../harness.js';

/** Refused by validation: the operation's 400 with a validator's message. */
const refusedByValidation = (answer: { status: number; body: { error?: unknown } }) =>
  answer.status === 400 && String(answer.body.error).startsWith('Bad Request: request/');

describe('numeric parameters: the one reading, in the reference server', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each(numericRequests().map((r) => [r.name, r] as const))('%s', async (_name, r) => {
    const answer = await server.call('GET', r.url);
    expect({ refused: refusedByValidation(answer), error: answer.body.error }).toMatchObject({
      refused: !r.accepted,
    });
  });

  it('names the parameter and its type when a text is no number', async () => {
    const answer = await server.call('GET', '/v1/api/iserver/contract/0x10/info');
    expect(answer.body).toEqual({
      error: 'Bad Request: request/params/conid must be integer',
      statusCode: 400,
    });
  });

  it.each(stringQueryTexts.map((t) => [t.raw, t] as const))(
    'takes %p in a string query parameter',
    async (raw) => {
      const answer = await server.call('GET', stringProbe.url(raw));
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
    },
  );
});
