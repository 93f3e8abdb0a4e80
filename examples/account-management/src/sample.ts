// The account-management side (/gw/api/v1) end to end with the typed client: an account
// application (signed JWT body), its tasks completed (control API), a deposit settled on the
// simulation's clock, a stock bought on the trading side (order and reply loop), a second account
// of the same holder and part of the shares moved to it (internal position transfer), then the
// first account's statement as JSON and as PDF. Every step is written to the transcript.
import {
  createBrokerageClient,
  pollInstruction,
  sessionCookie,
  signedJwtBody,
} from '@brokerage/client';
import { oauth2 } from '@brokerage/client/oauth2';
import { testConsumerKeys } from '@brokerage/server';
import type { Sandbox } from '@brokerage/testing';

const hour = 3_600_000;
const AAPL = 265598;

/** One step: the request sent and the key part of the answer. */
export interface Step {
  request: string;
  answer: string;
}

/** The statement's JSON rendering (the report's header and its tables). */
export interface Statement {
  accountId: string;
  period: { from: string; to: string };
  tables: { title: string; rows: Record<string, string | number>[] }[];
}

export interface SampleOutcome {
  accountId: string;
  secondAccountId: string;
  /** The first account's USD cash on the ledger after the deposit settled. */
  cashAfterDeposit: number;
  /** AAPL shares of the first account after the buy, then of each account after the transfer. */
  sharesAfterBuy: number;
  sharesAfterTransfer: { first: number; second: number };
  statement: Statement;
  statementPdf: Uint8Array;
  transcript: Step[];
}

/** The `/gw/api/v1` scopes the sample's token asks for. */
const scopes = [
  'accounts.read',
  'accounts.write',
  'transfers.write',
  'instructions.read',
  'statements.read',
];

/** Runs the sample against a sandbox (its manual clock is moved for the settlements). */
export async function runSample(sandbox: Sandbox): Promise<SampleOutcome> {
  const { baseUrl, clock } = sandbox;
  const transcript: Step[] = [];
  const day = (time: number) => new Date(time).toISOString().slice(0, 10).replaceAll('-', '');
  const firstDay = day(clock.now());
  const note = (request: string, answer: string) => transcript.push({ request, answer });
  const { clientId, privateJwk } = testConsumerKeys.oauth2;
  // The account-management client: an OAuth 2.0 bearer token (client credentials, private key
  // JWT), asked on the sandbox's clock so it expires on that clock.
  const gw = createBrokerageClient({
    baseUrl,
    auth: oauth2({ baseUrl, clientId, privateKey: privateJwk, scope: scopes, clock }),
    pacing: false,
    retry: false,
    // As the sandbox's own client: a sandbox shares the machine with the rest of a test run,
    // where an answer can wait longer than the client's default 10 s for a core.
    timeoutMs: 60_000,
  });
  const signed = (claims: Record<string, unknown>) =>
    signedJwtBody(claims, { clientId, privateKey: privateJwk, clock });
  const control = async (path: string, body?: object) => {
    const response = await fetch(`${baseUrl}/control${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`POST /control${path} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const applicationFile = (data: unknown) =>
    (data as { fileData?: { data?: { accountId?: string; status?: string } } }).fileData?.data;

  // 1. The application, as a signed JWT body.
  const created = await gw.ok(
    gw.POST(
      '/gw/api/v1/accounts',
      await signed({
        application: {
          customer: {
            type: 'INDIVIDUAL',
            externalId: 'sample-001',
            userName: 'ada_quinn',
            legalResidenceCountry: 'USA',
            accountHolder: { accountHolderDetails: [{ name: { first: 'Ada', last: 'Quinn' } }] },
          },
          accounts: [{ baseCurrency: 'USD', margin: 'Cash' }],
        },
      }),
    ),
  );
  const accountId = applicationFile(created)?.accountId ?? '';
  note(
    'POST /gw/api/v1/accounts (signed JWT: application of ada_quinn, USD cash account)',
    `account ${accountId}, status ${applicationFile(created)?.status}`,
  );

  // 2. Its tasks, completed through the control API: the account opens.
  const opened = await control(`/account-applications/${accountId}/tasks`);
  note(`POST /control/account-applications/${accountId}/tasks`, `status ${String(opened.status)}`);

  // The holder's trading client: a session the control API opens (a new one after the clock
  // moved, since an idle one ends), its accounts listed first as the service asks.
  const trading = async () => {
    const { session } = await control('/sessions', { username: 'ada_quinn' });
    const client = createBrokerageClient({
      baseUrl,
      auth: sessionCookie(String(session)),
      pacing: false,
      retry: false,
    });
    await client.GET('/v1/api/iserver/accounts');
    await client.GET('/v1/api/portfolio/accounts');
    return client;
  };
  const ledgerCash = async (account: string) => {
    const client = await trading();
    const ledger = await client.ok(
      client.GET('/v1/api/portfolio/{accountId}/ledger', {
        params: { path: { accountId: account } },
      }),
    );
    return ledger.USD?.cashbalance ?? NaN;
  };
  const shares = async (account: string) => {
    const client = await trading();
    // The uncached positions (the paged ones answer from a snapshot until invalidated).
    const positions = await client.ok(
      client.GET('/v1/api/portfolio2/{accountId}/positions', {
        params: { path: { accountId: account } },
      }),
    );
    return positions.find((position) => Number(position.conid) === AAPL)?.position ?? 0;
  };
  /** Polls an instruction until it ends, moving the clock 12 hours between reads. */
  const settled = async (instructionId: number) =>
    pollInstruction(gw, instructionId, {
      wait: () => Promise.resolve(clock.advance(12 * hour)),
    });

  // 3. A deposit (external cash transfer), settled on the simulation's clock.
  const deposit = await gw.ok(
    gw.POST('/gw/api/v1/external-cash-transfers', {
      body: {
        instructionType: 'DEPOSIT',
        instruction: {
          accountId,
          amount: 25_000,
          currency: 'USD',
          bankInstructionMethod: 'WIRE',
          clientInstructionId: 1001,
        },
      },
    }),
  );
  const depositId = deposit.instructionResult?.instructionId ?? 0;
  note(
    'POST /gw/api/v1/external-cash-transfers (DEPOSIT 25000.00 USD, WIRE)',
    `instruction ${depositId}, ${deposit.instructionResult?.instructionStatus}`,
  );
  const depositEnded = await settled(depositId);
  const cashAfterDeposit = await ledgerCash(accountId);
  note(
    `GET /gw/api/v1/instructions/${depositId} (polled, the clock moved 12 h between reads)`,
    `${depositEnded.instructionResult?.instructionStatus}; ledger cash ${cashAfterDeposit.toFixed(2)} USD`,
  );

  // 4. A stock bought on the trading side: the order, its warnings confirmed (reply loop).
  sandbox.controls.setPrice(AAPL, 200);
  const [placed] = await (
    await trading()
  ).placeOrder(
    accountId,
    [{ conid: AAPL, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 50 }],
    { answer: () => true },
  );
  const sharesAfterBuy = await shares(accountId);
  note(
    `POST /v1/api/iserver/account/${accountId}/orders (BUY 50 AAPL MKT; warnings confirmed)`,
    `order ${placed?.order_id}, ${placed?.order_status}; position ${sharesAfterBuy} AAPL, ledger cash ${(await ledgerCash(accountId)).toFixed(2)} USD`,
  );

  // 5. A second account of the same holder, opened the same way.
  const added = await gw.ok(
    gw.PATCH(
      '/gw/api/v1/accounts',
      await signed({ accountManagementRequests: { addAdditionalAccount: { accountId } } }),
    ),
  );
  const secondAccountId = applicationFile(added)?.accountId ?? '';
  const secondOpened = await control(`/account-applications/${secondAccountId}/tasks`);
  note(
    `PATCH /gw/api/v1/accounts (signed JWT: addAdditionalAccount beside ${accountId}); POST /control/account-applications/${secondAccountId}/tasks`,
    `account ${secondAccountId}, status ${String(secondOpened.status)}, holder ${String(secondOpened.username)}`,
  );

  // 6. Part of the shares moved to it (internal position transfer), settled.
  const transfer = await gw.ok(
    gw.POST('/gw/api/v1/internal-asset-transfers', {
      body: {
        instructionType: 'INTERNAL_POSITION_TRANSFER',
        instruction: {
          clientInstructionId: 1002,
          sourceAccountId: accountId,
          targetAccountId: secondAccountId,
          tradingInstrument: { conid: AAPL, currency: 'USD' },
          transferQuantity: 20,
        },
      },
    }),
  );
  const transferId = transfer.instructionResult?.instructionId ?? 0;
  const transferEnded = await settled(transferId);
  const sharesAfterTransfer = {
    first: await shares(accountId),
    second: await shares(secondAccountId),
  };
  note(
    `POST /gw/api/v1/internal-asset-transfers (20 AAPL ${accountId} -> ${secondAccountId}); GET /gw/api/v1/instructions/${transferId} (polled)`,
    `${transferEnded.instructionResult?.instructionStatus}; AAPL ${sharesAfterTransfer.first} in ${accountId}, ${sharesAfterTransfer.second} in ${secondAccountId}`,
  );

  // 7. The first account's statement from the day it opened to today: JSON, then the PDF.
  const period = { accountId, startDate: firstDay, endDate: day(clock.now()) };
  // The JSON envelope: the document base64-encoded in `data.value`.
  const envelope = (await gw.ok(
    gw.POST('/gw/api/v1/statements', { body: { ...period, mimeType: 'application/json' } }),
  )) as { data?: { value?: string } };
  const statement = JSON.parse(
    Buffer.from(envelope.data?.value ?? '', 'base64').toString('utf8'),
  ) as Statement;
  const totals = statement.tables
    .find((table) => table.title === 'Totals by currency')
    ?.rows.find((row) => row.currency === 'USD');
  note(
    `POST /gw/api/v1/statements (${period.startDate} to ${period.endDate}, application/json)`,
    statement.tables.map((table) => `${table.title}: ${table.rows.length} rows`).join(', ') +
      `; USD opening ${totals?.opening}, closing ${totals?.closing}`,
  );
  const pdf = await gw.POST('/gw/api/v1/statements', {
    body: { ...period, mimeType: 'application/pdf' },
    headers: { accept: 'application/pdf' },
    parseAs: 'arrayBuffer',
  });
  const statementPdf = new Uint8Array(pdf.data as unknown as ArrayBuffer);
  note(
    `POST /gw/api/v1/statements (application/pdf, Accept: application/pdf)`,
    `${pdf.response.headers.get('content-type')}, ${statementPdf.length} bytes`,
  );
  return {
    accountId,
    secondAccountId,
    cashAfterDeposit,
    sharesAfterBuy,
    sharesAfterTransfer,
    statement,
    statementPdf,
    transcript,
  };
}
