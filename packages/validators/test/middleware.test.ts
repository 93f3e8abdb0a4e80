import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { checkRequest, requestChecker, validateWith, ValidationFailed } from '../src/index.js';

describe('checkRequest (framework-agnostic)', () => {
  it('finds the operation by path template, fixed segments first', () => {
    expect(
      checkRequest({ method: 'GET', path: '/v1/api/iserver/account/pnl/partitioned' })?.operationId,
    ).toBe('getPartitionedPnl');
    expect(
      checkRequest({ method: 'GET', path: '/v1/api/iserver/account/U1234567/summary' }),
    ).toMatchObject({
      operationId: 'getAccountSummary',
      valid: true,
      params: { accountId: 'U1234567' },
    });
  });

  it('reads the query string from the path when no query is given', () => {
    expect(
      checkRequest({ method: 'GET', path: '/v1/api/iserver/account/trades?days=8' })?.errors,
    ).toEqual([expect.objectContaining({ location: 'query', pointer: '/days', rule: 'maximum' })]);
  });

  it('answers undefined for an unknown route or method, and for operations not chosen', () => {
    expect(checkRequest({ method: 'GET', path: '/nowhere' })).toBeUndefined();
    expect(checkRequest({ method: 'PUT', path: '/v1/api/iserver/account' })).toBeUndefined();
    const onlyLedger = requestChecker(['getLedger']);
    expect(onlyLedger({ method: 'GET', path: '/v1/api/iserver/account/trades' })).toBeUndefined();
    expect(
      onlyLedger({ method: 'GET', path: '/v1/api/portfolio/U1234567/ledger' })?.operationId,
    ).toBe('getLedger');
  });
});

describe('validateWith (Express middleware)', () => {
  let listener: Server;
  let baseUrl = '';
  let reportedResponseErrors: ValidationFailed[] = [];
  const answers: Record<string, unknown> = {
    '/v1/api/iserver/account': { set: true, acctId: 'U1234567' },
    '/v1/api/iserver/questions/suppress': { status: 'wrong' },
    '/report/v1/api/iserver/questions/suppress': { status: 'wrong' },
  };

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(
      '/report',
      validateWith({
        operations: ['suppressQuestions'],
        responses: true,
        onInvalidResponse: (error) => reportedResponseErrors.push(error),
      }),
    );
    app.use(
      validateWith({
        operations: ['switchAccount', 'suppressQuestions'],
        requests: true,
        responses: true,
      }),
    );
    app.use((req, res) => {
      res.json(answers[req.originalUrl] ?? { untouched: true });
    });
    app.use(
      (
        error: unknown,
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        if (!(error instanceof ValidationFailed)) throw error;
        res.status(error.status).json({ direction: error.direction, errors: error.errors });
      },
    );
    listener = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  const post = async (path: string, body: unknown) => {
    const response = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('passes a valid request and a valid response through', async () => {
    expect(await post('/v1/api/iserver/account', { acctId: 'U1234567' })).toEqual({
      status: 200,
      body: { set: true, acctId: 'U1234567' },
    });
  });

  it('hands an invalid request to the error handler with status 400 and readable errors', async () => {
    const answer = await post('/v1/api/iserver/account', { acctId: 'U-1' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      direction: 'request',
      errors: [
        expect.objectContaining({
          location: 'body',
          pointer: '/acctId',
          rule: 'pattern',
          actual: 'U-1',
        }),
      ],
    });
  });

  it('replaces an invalid response by a 500 with the errors', async () => {
    const answer = await post('/v1/api/iserver/questions/suppress', { messageIds: ['o163'] });
    expect(answer.status).toBe(500);
    expect(answer.body.errors).toContainEqual(
      expect.objectContaining({
        location: 'body',
        pointer: '/status',
        rule: 'const',
        expected: 'submitted',
        actual: 'wrong',
      }),
    );
  });

  it('reports an invalid response and still sends it when onInvalidResponse is given (mounted under a prefix)', async () => {
    reportedResponseErrors = [];
    const answer = await post('/report/v1/api/iserver/questions/suppress', {
      messageIds: ['o163'],
    });
    expect(answer).toEqual({ status: 200, body: { status: 'wrong' } });
    expect(reportedResponseErrors.map((e) => e.operationId)).toEqual(['suppressQuestions']);
  });

  it('leaves requests of other operations alone', async () => {
    expect(await post('/v1/api/iserver/watchlist', { nonsense: true })).toEqual({
      status: 200,
      body: { untouched: true },
    });
  });
});
