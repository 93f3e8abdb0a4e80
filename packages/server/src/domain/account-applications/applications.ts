// Account applications (/gw/api/v1/accounts): submitted, updated, documented, given statuses and
// tasks, completed into a trading account.
// Over 300 lines: one service whose operations share the applications' records, their indexes
// by client and external id, and the status and task rules; the claims, views and statuses are
// apart (claims.ts, views.ts, statuses.ts). A split by operation is left to the area's owner.
import type { Account, User } from '../accounts/model.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest, notFound } from '../kernel/errors.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { Collection, Index } from '../kernel/store.js';
import { dayMs } from '../kernel/time-format.js';
import type { SecType } from '../market/model.js';
import type { AmRequestAnswerView, AmRequests } from '../utilities/am-requests.js';
import { dayRange, type Forms } from '../utilities/forms.js';
import { usernameAvailability, type UsernameAvailability } from '../utilities/usernames.js';
import {
  applicationInput,
  documentForms,
  formNumberClaim,
  listClaim,
  objectClaim,
  textClaim,
  type ApplicationInput,
} from './claims.js';
import type { AccountApplication, ApplicationTask, StatusLetter } from './model.js';
import { isInProgress, pendingRequired, requestedStatus, statusOfTasks } from './statuses.js';
import { loginMessagesOf } from './views.js';
import type { AccountApplicationsStore } from './store-view.js';

type Claims = Record<string, unknown>;

/** A query of the client's applications by the day they were submitted. */
export interface ApplicationQuery {
  startDate: string;
  endDate: string;
  offset?: number;
  limit?: number;
  status?: StatusLetter;
}

/** What became of one task (`POST`/`PATCH .../tasks`). */
export interface TaskAction {
  accountId: string;
  formNumber: number;
  status: 'ASSIGNED' | 'COMPLETED' | 'PENDING' | 'UNCHANGED';
  message: string;
}

const defaultLimit = 100;
/** Account numbers given to applications follow this one (`U9000001`, ...). */
const lastAccountNumber = 9_000_000;
const lastEntityId = 80_000_000;
const lastUserId = 20_000_000;
/** The kinds of `accountManagementRequests` the simulation applies. */
const servedUpdates = ['documentSubmission', 'updateAccountAlias', 'addAdditionalAccount'] as const;
/** The capabilities that give a trading permission of their own. */
const permissionCapabilities: readonly SecType[] = ['OPT', 'FUT'];

export type AccountApplicationsContext = AreaContext<
  'clock',
  'openAccount' | 'account' | 'keepAccount' | 'holdsUsername',
  AccountApplicationsStore
>;

/** Account applications through the account-management API: submitted (signed claims), given
 * tasks, completed by documents and task updates, and opened as trading accounts. Each client
 * sees only its own applications; an unknown one answers 400 (the vendor lists no 404). */
export class AccountApplications {
  readonly #context: AccountApplicationsContext;
  readonly #forms: Forms;
  readonly #requests: AmRequests;
  readonly #byClient: Index<AccountApplication>;
  readonly #byExternalId: Index<AccountApplication>;
  readonly #byUsername: Index<AccountApplication>;

  constructor(context: AccountApplicationsContext, forms: Forms, requests: AmRequests) {
    this.#context = context;
    this.#forms = forms;
    this.#requests = requests;
    const applications = this.#applications();
    this.#byClient = applications.index('byClient', (application) => application.clientId);
    this.#byExternalId = applications.index('byExternalId', (application) =>
      application.externalId === undefined
        ? undefined
        : externalKey(application.clientId, application.externalId),
    );
    this.#byUsername = applications.index('byUsername', (application) =>
      application.holder.username.toLowerCase(),
    );
  }

  /** Submits an application (the claim `application`): its account id is given now, its tasks
   * are the forms it requires, done at once for the forms whose documents came with it or were
   * submitted for the day; with none left to do it opens at once. */
  submit(clientId: string, claims: Claims): AmRequestAnswerView {
    const input = applicationInput(claims);
    if (
      input.externalId !== undefined &&
      this.#byExternalId.get(externalKey(clientId, input.externalId)).length > 0
    )
      throw badRequest(`application.customer.externalId ${input.externalId} is already in use`);
    if (
      input.masterAccountId !== undefined &&
      !this.#context.accounts.account(input.masterAccountId)
    )
      throw badRequest(`Unknown application.masterAccountId: ${input.masterAccountId}`);
    // checked before an id is given: a refused application uses up no number
    const chosen = input.userName === undefined ? undefined : this.#freeUsername(input.userName);
    return this.#create(clientId, input, claims.application, (accountId) => ({
      username: chosen ?? this.#freeUsername(`user_${accountId.toLowerCase()}`),
    }));
  }

  /** A new application of `input` (`request`, the claim it came from), its tasks and request;
   * `holderOf` names its holder (a new user, or the holder of another account). */
  #create(
    clientId: string,
    input: ApplicationInput,
    request: unknown,
    holderOf: (accountId: string) => { username: string; holder?: User },
  ): AmRequestAnswerView {
    this.#knownForms(input.documentForms, 'application.documents');
    const accountId = this.#nextAccountId();
    const { username, holder } = holderOf(accountId);
    const opened = this.#tradingAccount(accountId, username, input);
    const now = this.#now();
    const submitted: AccountApplication = {
      accountId,
      clientId,
      ...(input.externalId === undefined ? {} : { externalId: input.externalId }),
      entityId: nextInSequence(this.#context.store, 'amEntities', lastEntityId),
      requestId: 0,
      status: 'N',
      applicantType: input.applicantType,
      ...(input.masterAccountId === undefined ? {} : { masterAccountId: input.masterAccountId }),
      dateStarted: now,
      applicant: input.applicant,
      account: opened.account,
      holder: holder ?? opened.holder,
      tasks: this.#requiredTasks(input, now),
      request: structuredClone(objectClaim(request, 'application', true)),
    };
    const forms = new Set([...input.documentForms, ...this.#dayForms(clientId)]);
    const application = this.#progress(completing(submitted, forms, now));
    const answer = this.#requests.submit({
      requestType: 'ACCOUNT_APPLICATION',
      // the request is processed at once; the account's own status is in the answer
      status: 'C',
      accountId,
      answer: {
        accountId,
        ...(input.externalId === undefined ? {} : { externalId: input.externalId }),
        username,
        status: application.status,
      },
    });
    this.#save({ ...application, requestId: answer.requestId });
    return answer;
  }

  /** `addAdditionalAccount`: another account for the holder of an open one (`accountId`), an
   * application of its own with the first one's applicant and the `account` asked for (else the
   * first one's); opened, it is the same user's, so the two are related (internal transfers). */
  #addAccount(clientId: string, path: string, request: Claims): AmRequestAnswerView {
    const reference = this.application(
      clientId,
      textClaim(request.accountId, `${path}.accountId`, true) ?? '',
    );
    if (reference.status !== 'O')
      throw badRequest(
        `Account ${reference.accountId} is in status ${reference.status}: an account is added beside an open one`,
      );
    // The first account's applicant, without the ids that belong to the first application.
    const customer = { ...objectClaim(reference.request.customer, 'application.customer', true) };
    delete customer.externalId;
    delete customer.userName;
    const account = objectClaim(request.account, `${path}.account`);
    const claim = {
      ...reference.request,
      customer,
      accounts: account === undefined ? reference.request.accounts : [account],
      documents: request.documents,
    };
    const { holder } = reference;
    return this.#create(clientId, applicationInput({ application: claim }), claim, () => ({
      username: holder.username,
      holder,
    }));
  }

  /** Applies `accountManagementRequests` to one application: documents (tasks done) and the
   * account's alias. Every request is checked before any is applied. */
  update(clientId: string, claims: Claims): AmRequestAnswerView {
    const requests = objectClaim(
      claims.accountManagementRequests,
      'accountManagementRequests',
      true,
    );
    const kinds = Object.keys(requests);
    const unserved = kinds.filter((kind) => !(servedUpdates as readonly string[]).includes(kind));
    if (kinds.length === 0 || unserved.length > 0)
      throw badRequest(
        `accountManagementRequests must hold ${servedUpdates.join(' or ')} (not served: ${unserved.join(', ') || 'none given'})`,
      );
    if (requests.addAdditionalAccount !== undefined) {
      const path = 'accountManagementRequests.addAdditionalAccount';
      if (kinds.length > 1) throw badRequest(`${path} is sent alone`);
      return this.#addAccount(
        clientId,
        path,
        objectClaim(requests.addAdditionalAccount, path, true),
      );
    }
    const accountIds = new Set<string>();
    let forms: number[] | undefined;
    let alias: string | undefined;
    if (requests.documentSubmission !== undefined) {
      const path = 'accountManagementRequests.documentSubmission';
      const submission = objectClaim(requests.documentSubmission, path, true);
      accountIds.add(textClaim(submission.accountId, `${path}.accountId`, true));
      forms = this.#knownForms(
        documentForms(submission.documents, `${path}.documents`, true),
        path,
      );
    }
    if (requests.updateAccountAlias !== undefined) {
      const path = 'accountManagementRequests.updateAccountAlias';
      const change = objectClaim(requests.updateAccountAlias, path, true);
      accountIds.add(textClaim(change.accountId, `${path}.accountId`, true));
      alias = textClaim(change.accountAlias, `${path}.accountAlias`, true);
    }
    if (accountIds.size !== 1)
      throw badRequest('The requests of accountManagementRequests must name one accountId');
    const [accountId = ''] = accountIds;
    let application = this.application(clientId, accountId);
    if (forms !== undefined) {
      if (!isInProgress(application))
        throw badRequest(
          `Application ${accountId} is in status ${application.status}: its tasks are settled`,
        );
      application = this.#progress(completing(application, new Set(forms), this.#now()));
    }
    if (alias !== undefined) application = this.#withAlias(application, alias);
    this.#save(application);
    return this.#requests.submit({
      requestType: 'UPDATE_ACCOUNT',
      status: 'C',
      accountId,
      answer: { accountId, applied: kinds, status: application.status },
    });
  }

  /** Keeps the day's agreements and disclosures for the client's later applications of the day,
   * and completes the tasks of the applications the documents name (`externalAccountId`). */
  submitDocuments(clientId: string, claims: Claims): AmRequestAnswerView {
    const process = objectClaim(claims.processDocuments, 'processDocuments', true);
    const path = 'processDocuments.documents';
    const forms = this.#knownForms(documentForms(process.documents, path, true), path);
    const named = listClaim(process.documents, path, true).map((document, index) => {
      const externalId = textClaim(
        (document as Claims).externalAccountId,
        `${path}[${index}].externalAccountId`,
      );
      return externalId === undefined ? undefined : this.#byExternal(clientId, externalId, path);
    });
    const now = this.#now();
    const day = now.slice(0, 10);
    const dayDocuments = this.#context.store.collection('amDayDocuments');
    const key = `${clientId} ${day}`;
    dayDocuments.set(
      key,
      { formNumbers: [...new Set([...(dayDocuments.get(key)?.formNumbers ?? []), ...forms])] },
      { expiresAt: Date.parse(`${day}T00:00:00Z`) + dayMs },
    );
    const completed = new Set<string>();
    named.forEach((target, index) => {
      if (target === undefined) return;
      const current = this.#applications().get(target.accountId) ?? target;
      if (!isInProgress(current)) return;
      this.#save(this.#progress(completing(current, new Set([forms[index] ?? 0]), now)));
      completed.add(current.accountId);
    });
    return this.#requests.submit({
      requestType: 'DOCUMENT_SUBMISSION',
      status: 'C',
      accountId: [...completed][0] ?? '',
      answer: { day, formNumbers: [...new Set(forms)], completedAccounts: [...completed] },
    });
  }

  /** The OAuth 2.0 client whose application opened (or applies for) the account. */
  openedBy(accountId: string): string | undefined {
    return this.#applications().get(accountId)?.clientId;
  }

  /** The client's application of this account, or 400. */
  application(clientId: string, accountId: string): AccountApplication {
    const application = this.#applications().get(accountId);
    if (!application || application.clientId !== clientId)
      throw badRequest(`Unknown accountId: ${accountId} (no application of this client)`);
    return application;
  }

  /** The client's application named by account id or by the client's external id, or 400. */
  find(clientId: string, by: { accountId?: string; externalId?: string }): AccountApplication {
    if (by.accountId !== undefined) return this.application(clientId, by.accountId);
    if (by.externalId !== undefined) return this.#byExternal(clientId, by.externalId, 'externalId');
    throw badRequest('accountId or externalId is required');
  }

  /** One page of the client's applications submitted in the query's days, oldest first. */
  statuses(clientId: string, query: ApplicationQuery) {
    return page(this.#matching(clientId, query), query);
  }

  /** The incomplete login messages of the client's matching applications, a page of
   * applications at a time. */
  loginMessages(clientId: string, query: ApplicationQuery & { type?: string }) {
    const withMessages = this.#matching(clientId, query).filter(
      (application) => loginMessagesOf(application, query.type).length > 0,
    );
    const { accounts } = page(withMessages, query);
    const loginMessages = accounts.flatMap((application) =>
      loginMessagesOf(application, query.type),
    );
    return { loginMessagePresent: loginMessages.length > 0, loginMessages };
  }

  /** Changes an application's status as the claim `status` asks (`statuses.ts` says which
   * changes are allowed). */
  setStatus(clientId: string, accountId: string, claims: Claims): AccountApplication {
    const application = this.application(clientId, accountId);
    const status = requestedStatus(application, claims.status);
    if (status === application.status) return application;
    if (status === 'O') {
      const pending = pendingRequired(application);
      if (pending > 0)
        throw badRequest(
          `Application ${accountId} cannot open: ${pending} required tasks are pending`,
        );
    }
    return this.#save(this.#withStatus(application, status));
  }

  /** Assigns the forms of the claim `tasks` (`[{formNumber}]`) to an application in progress. */
  assignTasks(clientId: string, accountId: string, claims: Claims): TaskAction[] {
    const application = this.#inProgress(this.application(clientId, accountId));
    const forms = this.#knownForms(
      listClaim(claims.tasks, 'tasks', true).map((task, index) =>
        formNumberClaim(
          objectClaim(task, `tasks[${index}]`, true).formNumber,
          `tasks[${index}].formNumber`,
        ),
      ),
      'tasks',
    );
    const now = this.#now();
    const tasks = [...application.tasks];
    const actions = forms.map((formNumber): TaskAction => {
      if (tasks.some((task) => task.formNumber === formNumber))
        return action(accountId, formNumber, 'UNCHANGED', 'already assigned');
      tasks.push(this.#task(formNumber, tasks.length + 1, now));
      return action(accountId, formNumber, 'ASSIGNED', 'assigned');
    });
    this.#save(this.#progress({ ...application, tasks }));
    return actions;
  }

  /** Marks the tasks of the claim `tasks` (`[{formNumber, status}]`) done (`true`) or to do
   * again (`false`); the account opens once no required task is left. */
  updateTasks(clientId: string, accountId: string, claims: Claims): TaskAction[] {
    const application = this.#inProgress(this.application(clientId, accountId));
    const changes = listClaim(claims.tasks, 'tasks', true).map((item, index) => {
      const task = objectClaim(item, `tasks[${index}]`, true);
      const formNumber = formNumberClaim(task.formNumber, `tasks[${index}].formNumber`);
      if (!application.tasks.some((existing) => existing.formNumber === formNumber))
        throw badRequest(`Application ${accountId} has no task for form ${formNumber}`);
      if (typeof task.status !== 'boolean')
        throw badRequest(`tasks[${index}].status must be a boolean`);
      return { formNumber, done: task.status };
    });
    const now = this.#now();
    let tasks = application.tasks;
    const actions = changes.map(({ formNumber, done }): TaskAction => {
      const task = tasks.find((existing) => existing.formNumber === formNumber);
      if (task === undefined || (task.completedAt !== undefined) === done)
        return action(
          accountId,
          formNumber,
          'UNCHANGED',
          done ? 'already completed' : 'already pending',
        );
      const changed: ApplicationTask = done
        ? { ...task, completedAt: now }
        : { ...task, completedAt: undefined };
      tasks = tasks.map((existing) => (existing === task ? changed : existing));
      return done
        ? action(accountId, formNumber, 'COMPLETED', 'completed')
        : action(accountId, formNumber, 'PENDING', 'to do again');
    });
    this.#save(this.#progress({ ...application, tasks }));
    return actions;
  }

  /** Control: completes every pending task and opens the account (404 unknown, 400 when the
   * application is no longer in progress). */
  complete(accountId: string): AccountApplication {
    const application = this.#controlled(accountId);
    if (application.status === 'O') return application;
    this.#inProgress(application);
    const now = this.#now();
    const tasks = application.tasks.map((task) =>
      task.completedAt === undefined ? { ...task, completedAt: now } : task,
    );
    return this.#save(this.#progress({ ...application, tasks }));
  }

  /** Control: gives an application any status; `O` completes it; an open one keeps `O`. */
  force(accountId: string, status: StatusLetter): AccountApplication {
    const application = this.#controlled(accountId);
    if (status === 'O') return this.complete(accountId);
    if (application.status === 'O')
      throw badRequest(`Account ${accountId} is open: its trading account exists`);
    return this.#save(this.#withStatus(application, status));
  }

  #controlled(accountId: string): AccountApplication {
    const application = this.#applications().get(accountId);
    if (!application) throw notFound(`Unknown account application ${accountId}`);
    return application;
  }

  #inProgress(application: AccountApplication): AccountApplication {
    if (!isInProgress(application))
      throw badRequest(
        `Application ${application.accountId} is in status ${application.status}: its tasks are settled`,
      );
    return application;
  }

  #withStatus(application: AccountApplication, status: StatusLetter): AccountApplication {
    if (status === 'O') return this.#open(application);
    if (status === 'N' || status === 'P')
      return this.#progress({ ...application, status: 'N', dateClosed: undefined });
    return { ...application, status, dateClosed: this.#now() };
  }

  /** An application in progress given the status its tasks give it, opened when none required
   * is left. */
  #progress(application: AccountApplication): AccountApplication {
    if (!isInProgress(application)) return application;
    const status = statusOfTasks(application);
    return status === 'O' ? this.#open(application) : { ...application, status };
  }

  #open(application: AccountApplication): AccountApplication {
    this.#context.accounts.openAccount(application.account, application.holder);
    return { ...application, status: 'O', dateOpened: this.#now() };
  }

  #withAlias(application: AccountApplication, alias: string): AccountApplication {
    const trading = this.#context.accounts.account(application.accountId);
    if (trading) this.#context.accounts.keepAccount({ ...trading, alias });
    return { ...application, account: { ...application.account, alias } };
  }

  #tradingAccount(
    accountId: string,
    username: string,
    input: ApplicationInput,
  ): { account: Account; holder: User } {
    const { firstName, lastName } = input.applicant;
    const title = `${firstName} ${lastName}`.trim();
    const entity = {
      firstName,
      lastName,
      entityType: input.accountType === 'JOINT' ? ('Joint' as const) : input.accountType,
    };
    return {
      account: {
        id: accountId,
        title,
        alias: input.alias,
        type: input.accountType,
        tradingType: input.margin ? 'STKMRGN' : 'STKCASH',
        baseCurrency: input.baseCurrency,
        owners: [{ username, roleId: 'OWNER', entity }],
        signatures: [title],
        permissions: [
          'STK',
          'CASH',
          ...permissionCapabilities.filter((kind) => input.capabilities.includes(kind)),
        ],
        cash: { [input.baseCurrency]: 0 },
        positions: [],
      },
      holder: {
        username,
        userId: nextInSequence(this.#context.store, 'amUsers', lastUserId),
        entity,
        accounts: [accountId],
        properties: [],
      },
    };
  }

  /** The tasks of the forms the application requires, numbered from 1. */
  #requiredTasks(input: ApplicationInput, now: string): ApplicationTask[] {
    const formNumbers = this.#forms.required({
      ...(input.applicant.country === undefined
        ? {}
        : { residenceCountry: input.applicant.country }),
      ira: input.applicantType === 'IRA',
      tradingPermissions: input.capabilities.filter((kind) =>
        (permissionCapabilities as readonly string[]).includes(kind),
      ),
      capability: input.margin ? ['MARGIN'] : [],
    });
    return formNumbers.map((formNumber, index) => this.#task(Number(formNumber), index + 1, now));
  }

  #task(formNumber: number, taskNumber: number, now: string): ApplicationTask {
    const form = this.#forms.form(formNumber);
    return {
      taskNumber,
      formNumber,
      formName: form?.formName ?? `Form ${formNumber}`,
      action: form?.action ?? 'SIGN',
      requiredForApproval: true,
      assignedAt: now,
    };
  }

  #knownForms(formNumbers: number[], path: string): number[] {
    const unknown = formNumbers.filter((formNumber) => this.#forms.form(formNumber) === undefined);
    if (unknown.length > 0) throw badRequest(`${path}: unknown form ${unknown.join(', ')}`);
    return formNumbers;
  }

  #dayForms(clientId: string): number[] {
    const day = this.#now().slice(0, 10);
    return (
      this.#context.store.collection('amDayDocuments').get(`${clientId} ${day}`)?.formNumbers ?? []
    );
  }

  #byExternal(clientId: string, externalId: string, path: string): AccountApplication {
    const [application] = this.#byExternalId.get(externalKey(clientId, externalId));
    if (!application) throw badRequest(`${path}: no application with externalId ${externalId}`);
    return application;
  }

  #matching(clientId: string, query: ApplicationQuery): AccountApplication[] {
    const range = dayRange(
      { name: 'startDate', day: query.startDate },
      { name: 'endDate', day: query.endDate },
    );
    return this.#byClient
      .get(clientId)
      .filter((application) => {
        const started = Date.parse(application.dateStarted);
        return started >= range.start && started < range.end;
      })
      .filter((application) => query.status === undefined || application.status === query.status)
      .sort(
        (a, b) =>
          a.dateStarted.localeCompare(b.dateStarted) || a.accountId.localeCompare(b.accountId),
      );
  }

  #nextAccountId(): string {
    const { store } = this.#context;
    for (;;) {
      const id = `U${nextInSequence(store, 'amAccounts', lastAccountNumber)}`;
      if (!this.#context.accounts.account(id) && !this.#applications().get(id)) return id;
    }
  }

  /** Whether the name may be given to a new user: well formed, and held by no user and no
   * application (compared without case), with free names suggested when it is taken. The one
   * rule of the availability operation and of an application's submission. */
  usernameAvailability(username: string): UsernameAvailability {
    const taken = (name: string) =>
      this.#context.accounts.holdsUsername(name) ||
      this.#byUsername.some(name.toLowerCase(), () => true);
    return usernameAvailability(username, taken);
  }

  /** The username, when it is well formed and no user or application holds it; else 400. */
  #freeUsername(username: string): string {
    const availability = this.usernameAvailability(username);
    if (!availability.isValid)
      throw badRequest(
        'application.customer.userName must be 6 to 20 letters, digits or _, starting with a letter',
      );
    if (!availability.isAvailable)
      throw badRequest(`application.customer.userName ${username} is taken`);
    return username;
  }

  #applications(): Collection<AccountApplication> {
    return this.#context.store.collection('accountApplications');
  }

  #save(application: AccountApplication): AccountApplication {
    this.#applications().set(application.accountId, application);
    return application;
  }

  #now(): string {
    return new Date(this.#context.clock.now()).toISOString();
  }
}

const externalKey = (clientId: string, externalId: string) => `${clientId}\u0000${externalId}`;

/** The application with the tasks of these forms done (those still to do). */
function completing(
  application: AccountApplication,
  forms: ReadonlySet<number>,
  now: string,
): AccountApplication {
  return {
    ...application,
    tasks: application.tasks.map((task) =>
      task.completedAt === undefined && forms.has(task.formNumber)
        ? { ...task, completedAt: now }
        : task,
    ),
  };
}

function action(
  accountId: string,
  formNumber: number,
  status: TaskAction['status'],
  outcome: string,
): TaskAction {
  return { accountId, formNumber, status, message: `Task for form ${formNumber} ${outcome}` };
}

function page(applications: AccountApplication[], query: ApplicationQuery) {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? defaultLimit;
  return {
    offset,
    limit,
    total: applications.length,
    accounts: applications.slice(offset, offset + limit),
  };
}
