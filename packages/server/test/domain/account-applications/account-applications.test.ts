// The lifecycle of an account application without HTTP: submitted from signed claims, its tasks
// done by documents, task updates or the control, opened as a trading account; statuses, lists
// and login messages; what each client sees.
import { tradedAccounts } from '../../../src/domain/accounts/accounts.js';
import {
  detailsView,
  statusView,
  tasksView,
} from '../../../src/domain/account-applications/views.js';
import { domain } from '../services.js';

const client = 'TESTCONS';

/** The claims of an individual's application (the vendor's shape, our values). */
function application(customer: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    application: {
      customer: {
        type: 'INDIVIDUAL',
        externalId: 'crm-0042',
        userName: 'robin_vega',
        legalResidenceCountry: 'USA',
        accountHolder: { accountHolderDetails: [{ name: { first: 'Robin', last: 'Vega' } }] },
        ...customer,
      },
      accounts: [{ baseCurrency: 'USD', capabilities: ['OPT'], margin: 'Cash' }],
      ...extra,
    },
  };
}

const document = (formNumber: number, externalAccountId?: string) => ({
  formNumber,
  attachedFile: { fileName: `Form${formNumber}.pdf`, fileLength: 100, sha1Checksum: 'ab' },
  execTimestamp: 1,
  execLoginTimestamp: 1,
  ...(externalAccountId === undefined ? {} : { externalAccountId }),
});

describe('account applications, without HTTP', () => {
  it('submits an application: a new account id, the required forms as tasks, status N', () => {
    const { services } = domain();
    const { accountApplications: applications, brokerage } = services;
    const answer = applications.submit(client, application());
    expect(answer.requestId).toBe(7101);
    expect(answer.fileData.data).toEqual({
      accountId: 'U9000001',
      externalId: 'crm-0042',
      username: 'robin_vega',
      status: 'N',
    });
    const submitted = applications.application(client, 'U9000001');
    // always 3024 and 5002, 3070 for a US resident, 4304 for options
    expect(submitted.tasks.map((task) => task.formNumber)).toEqual([3024, 5002, 3070, 4304]);
    expect(statusView(submitted)).toMatchObject({ status: 'N', state: 'PENDING_TASKS' });
    expect(brokerage.account('U9000001')).toBeUndefined();
    expect(services.amRequests.status(7101)).toMatchObject({
      requestType: 'ACCOUNT_APPLICATION',
      status: 'C',
    });
  });

  it('opens the account once every required task is done: the trading side sees it, with no cash', () => {
    const { services } = domain();
    const { accountApplications: applications, brokerage } = services;
    applications.submit(client, application());
    const first = applications.updateTasks(client, 'U9000001', {
      tasks: [{ formNumber: 3024, status: true }],
    });
    expect(first).toEqual([
      {
        accountId: 'U9000001',
        formNumber: 3024,
        status: 'COMPLETED',
        message: 'Task for form 3024 completed',
      },
    ]);
    expect(applications.application(client, 'U9000001').status).toBe('P');
    const pending = tasksView(applications.application(client, 'U9000001'), 'pending');
    expect(pending.pendingTasks?.map((task) => task.formNumber)).toEqual([5002, 3070, 4304]);
    applications.updateTasks(client, 'U9000001', {
      tasks: [5002, 3070, 4304].map((formNumber) => ({ formNumber, status: true })),
    });
    const opened = applications.application(client, 'U9000001');
    expect(opened.status).toBe('O');
    expect(opened.dateOpened).toBeDefined();
    expect(brokerage.account('U9000001')).toMatchObject({
      title: 'Robin Vega',
      type: 'INDIVIDUAL',
      tradingType: 'STKCASH',
      cash: { USD: 0 },
      positions: [],
      permissions: ['STK', 'CASH', 'OPT'],
    });
    const holder = brokerage.user('robin_vega');
    if (!holder) throw new Error('the holder is missing');
    expect(holder.accounts).toEqual(['U9000001']);
    const session = brokerage.sessions.open(holder, { origin: 'control', brokerageOpen: true });
    expect(tradedAccounts(brokerage, session).map((account) => account.id)).toEqual(['U9000001']);
    expect(detailsView(opened).account).toMatchObject({
      clearingStatus: 'O',
      primaryUser: 'robin_vega',
    });
    // settled: its tasks no longer change
    expect(() =>
      applications.updateTasks(client, 'U9000001', {
        tasks: [{ formNumber: 3024, status: false }],
      }),
    ).toThrow('is in status O');
  });

  it('adds another account for the holder of an open one: its own tasks, then the same user’s', () => {
    const { services } = domain();
    const { accountApplications: applications, brokerage } = services;
    const add = (accountId: string) =>
      applications.update(client, {
        accountManagementRequests: {
          addAdditionalAccount: { accountId, account: { baseCurrency: 'USD' } },
        },
      });
    applications.submit(client, application());
    expect(() => add('U9000001')).toThrow(
      'Account U9000001 is in status N: an account is added beside an open one',
    );
    applications.complete('U9000001');
    expect(add('U9000001').fileData.data).toEqual({
      accountId: 'U9000002',
      username: 'robin_vega',
      status: 'N',
    });
    expect(
      applications.application(client, 'U9000002').tasks.map((task) => task.formNumber),
    ).toEqual([3024, 5002, 3070]);
    applications.complete('U9000002');
    expect(brokerage.user('robin_vega')?.accounts).toEqual(['U9000001', 'U9000002']);
    expect(brokerage.account('U9000002')).toMatchObject({
      title: 'Robin Vega',
      owners: [{ username: 'robin_vega' }],
      permissions: ['STK', 'CASH'],
    });
    expect(() =>
      applications.update(client, {
        accountManagementRequests: {
          addAdditionalAccount: { accountId: 'U9000001' },
          updateAccountAlias: { accountId: 'U9000001', accountAlias: 'Main' },
        },
      }),
    ).toThrow('accountManagementRequests.addAdditionalAccount is sent alone');
  });

  it("completes tasks from the day's documents, documents naming an application, and the application's own", () => {
    const { services, clock } = domain();
    const applications = services.accountApplications;
    applications.submitDocuments(client, {
      processDocuments: { documents: [document(3024), document(5002)] },
    });
    applications.submit(
      client,
      application({ legalResidenceCountry: 'DEU' }, { documents: [document(3071)] }),
    );
    const sameDay = applications.application(client, 'U9000001');
    expect(
      sameDay.tasks.filter((task) => task.completedAt === undefined).map((task) => task.formNumber),
    ).toEqual([4304]);
    expect(sameDay.status).toBe('P');
    const answer = applications.submitDocuments(client, {
      processDocuments: { documents: [document(4304, 'crm-0042')] },
    });
    expect(answer.fileData.data).toMatchObject({ completedAccounts: ['U9000001'] });
    expect(applications.application(client, 'U9000001').status).toBe('O');
    clock.advance(24 * 60 * 60_000);
    applications.submit(client, application({ externalId: 'crm-0043', userName: 'sam_lee' }));
    expect(applications.application(client, 'U9000002').status).toBe('N');
    expect(() =>
      applications.submitDocuments(client, {
        processDocuments: { documents: [document(3024, 'nobody')] },
      }),
    ).toThrow('no application with externalId nobody');
    expect(() =>
      applications.submitDocuments(client, { processDocuments: { documents: [document(1234)] } }),
    ).toThrow('unknown form 1234');
    expect(() =>
      applications.submitDocuments(client, { processDocuments: { documents: [] } }),
    ).toThrow('processDocuments.documents must be a list');
  });

  it('refuses malformed claims, an external id or username in use, an unknown master account', () => {
    const { accountApplications: applications } = domain().services;
    expect(() => applications.submit(client, {})).toThrow('application must be an object');
    expect(() => applications.submit(client, application({ type: 'PARTNERSHIP' }))).toThrow(
      'application.customer.type must be one of',
    );
    expect(() => applications.submit(client, application({ accountHolder: {} }))).toThrow(
      'application.customer.accountHolder.accountHolderDetails must be a list',
    );
    expect(() => applications.submit(client, application({ userName: 'demo_broker' }))).toThrow(
      'demo_broker is taken',
    );
    expect(() => applications.submit(client, application({ userName: '9lives' }))).toThrow(
      'must be 6 to 20 letters',
    );
    expect(() =>
      applications.submit(client, application({}, { masterAccountId: 'X0000000' })),
    ).toThrow('Unknown application.masterAccountId');
    applications.submit(client, application());
    expect(() => applications.submit(client, application({ userName: 'other_name' }))).toThrow(
      'externalId crm-0042 is already in use',
    );
    expect(() => applications.submit(client, application({ externalId: 'crm-9' }))).toThrow(
      'robin_vega is taken',
    );
    // an organization is named by its first identification; no username: one is derived
    applications.submit(client, {
      application: {
        customer: { type: 'ORG', organization: { identifications: [{ name: 'Larch Holdings' }] } },
        accounts: [{ baseCurrency: 'EUR', margin: 'Margin' }],
      },
    });
    const org = applications.application(client, 'U9000002');
    expect(org.holder.username).toBe('user_u9000002');
    expect(org.account).toMatchObject({
      title: 'Larch Holdings',
      type: 'ORG',
      tradingType: 'STKMRGN',
    });
    expect(org.tasks.map((task) => task.formNumber)).toContain(6330);
  });

  it('changes statuses as allowed: abandon, start again, reject; an open account keeps O', () => {
    const { accountApplications: applications } = domain().services;
    applications.submit(client, application());
    expect(() => applications.setStatus(client, 'U9000001', { status: 'O' })).toThrow(
      'cannot open: 4 required tasks are pending',
    );
    expect(applications.setStatus(client, 'U9000001', { status: 'A' })).toMatchObject({
      status: 'A',
    });
    expect(applications.application(client, 'U9000001').dateClosed).toBeDefined();
    expect(() => applications.setStatus(client, 'U9000001', { status: 'R' })).toThrow(
      'in status A cannot be given status R',
    );
    const again = applications.setStatus(client, 'U9000001', { status: 'N' });
    expect(again.status).toBe('N');
    expect(again.dateClosed).toBeUndefined();
    expect(() => applications.setStatus(client, 'U9000001', { status: 'X' })).toThrow(
      'status must be one of',
    );
    applications.complete('U9000001');
    expect(() => applications.setStatus(client, 'U9000001', { status: 'A' })).toThrow(
      'in status O cannot be given status A',
    );
    expect(() => applications.force('U9000001', 'C')).toThrow('is open');
  });

  it('assigns tasks to an application in progress; an unknown form answers 400', () => {
    const { accountApplications: applications } = domain().services;
    applications.submit(client, application());
    expect(
      applications.assignTasks(client, 'U9000001', {
        tasks: [{ formNumber: 4305 }, { formNumber: 3024 }],
      }),
    ).toEqual([
      {
        accountId: 'U9000001',
        formNumber: 4305,
        status: 'ASSIGNED',
        message: 'Task for form 4305 assigned',
      },
      {
        accountId: 'U9000001',
        formNumber: 3024,
        status: 'UNCHANGED',
        message: 'Task for form 3024 already assigned',
      },
    ]);
    const tasks = applications.application(client, 'U9000001').tasks;
    expect(tasks.at(-1)).toMatchObject({
      taskNumber: 5,
      formNumber: 4305,
      requiredForApproval: true,
    });
    expect(() =>
      applications.assignTasks(client, 'U9000001', { tasks: [{ formNumber: 1 }] }),
    ).toThrow('unknown form 1');
    expect(() =>
      applications.updateTasks(client, 'U9000001', { tasks: [{ formNumber: 6108, status: true }] }),
    ).toThrow('has no task for form 6108');
    expect(() =>
      applications.updateTasks(client, 'U9000001', {
        tasks: [{ formNumber: 3024, status: 'yes' }],
      }),
    ).toThrow('tasks[0].status must be a boolean');
  });

  it('lists the client’s statuses and login messages by day and status; another client sees none', () => {
    const { services, clock } = domain();
    const applications = services.accountApplications;
    applications.submit(client, application());
    clock.advance(24 * 60 * 60_000);
    applications.submit(client, application({ externalId: 'crm-0043', userName: 'sam_lee' }));
    applications.complete('U9000002');
    const query = { startDate: '2025-03-01', endDate: '2025-03-31' };
    expect(applications.statuses(client, query).accounts.map((a) => a.accountId)).toEqual([
      'U9000001',
      'U9000002',
    ]);
    expect(applications.statuses(client, { ...query, status: 'O' }).total).toBe(1);
    expect(
      applications
        .statuses(client, { ...query, offset: 1, limit: 1 })
        .accounts.map((a) => a.accountId),
    ).toEqual(['U9000002']);
    expect(
      applications.statuses(client, { startDate: '2025-03-13', endDate: '2025-03-13' }).total,
    ).toBe(1);
    const messages = applications.loginMessages(client, query);
    expect(messages.loginMessagePresent).toBe(true);
    expect(messages.loginMessages).toEqual([
      expect.objectContaining({
        id: 7101,
        messageType: 'REGISTRATION_TASKS',
        tasks: [1, 2, 3, 4],
        username: 'robin_vega',
      }),
    ]);
    expect(
      applications.loginMessages(client, { ...query, type: 'OTHER' }).loginMessagePresent,
    ).toBe(false);
    expect(applications.statuses('OTHERCLIENT', query).total).toBe(0);
    expect(() => applications.application('OTHERCLIENT', 'U9000001')).toThrow('Unknown accountId');
    expect(() =>
      applications.statuses(client, { startDate: '2025-03-31', endDate: '2025-03-01' }),
    ).toThrow('endDate is before startDate');
  });

  it('the control completes or sets any status; unknown applications answer 404; a reset starts over', () => {
    const { services } = domain();
    const { accountApplications: applications, brokerage } = services;
    expect(() => applications.complete('U9999999')).toThrow('Unknown account application');
    applications.submit(client, application());
    expect(applications.force('U9000001', 'E').status).toBe('E');
    expect(() => applications.complete('U9000001')).toThrow('is in status E');
    expect(applications.force('U9000001', 'P').status).toBe('N');
    expect(applications.force('U9000001', 'O').status).toBe('O');
    expect(brokerage.account('U9000001')).toBeDefined();
    brokerage.load();
    expect(brokerage.account('U9000001')).toBeUndefined();
    applications.submit(client, application());
    expect(applications.application(client, 'U9000001').requestId).toBe(7101);
  });

  it('updates an alias (on the trading account too, once open) and documents through accountManagementRequests', () => {
    const { services } = domain();
    const { accountApplications: applications, brokerage } = services;
    applications.submit(client, application());
    const answer = applications.update(client, {
      accountManagementRequests: {
        documentSubmission: {
          accountId: 'U9000001',
          documents: [3024, 5002, 3070, 4304].map((n) => document(n)),
        },
        updateAccountAlias: { accountId: 'U9000001', accountAlias: 'Robin trading' },
      },
    });
    expect(answer.fileData.data).toEqual({
      accountId: 'U9000001',
      applied: ['documentSubmission', 'updateAccountAlias'],
      status: 'O',
    });
    expect(brokerage.account('U9000001')?.alias).toBe('Robin trading');
    expect(() =>
      applications.update(client, {
        accountManagementRequests: { accountClose: { accountId: 'U9000001' } },
      }),
    ).toThrow('not served: accountClose');
    expect(() =>
      applications.update(client, {
        accountManagementRequests: {
          updateAccountAlias: { accountId: 'U9000001', accountAlias: 'x' },
          documentSubmission: { accountId: 'U1234567', documents: [document(3024)] },
        },
      }),
    ).toThrow('must name one accountId');
  });
});
