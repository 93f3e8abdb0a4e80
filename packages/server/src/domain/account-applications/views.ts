import type { Ok } from '@brokerage/types';
import type { AccountApplication, ApplicationTask } from './model.js';
import { pendingRequired, statusWords } from './statuses.js';

const kycLinkLifetimeMs = 24 * 60 * 60 * 1000;
/** The text a registration-tasks login message shows. */
const registrationMessageContent = 501;

const pendingTasksOf = (application: AccountApplication): ApplicationTask[] =>
  application.tasks.filter((task) => task.completedAt === undefined);

export function statusView(application: AccountApplication): Ok<'getAmAccountStatus'> {
  const { description, state } = statusWords(application.status);
  const pending = pendingRequired(application);
  return {
    accountId: application.accountId,
    ...(application.masterAccountId === undefined
      ? {}
      : {
          masterAccountId: application.masterAccountId,
          adminAccountId: application.masterAccountId,
        }),
    status: application.status,
    description,
    state,
    message: messageOf(application, pending),
    dateStarted: application.dateStarted,
    ...(application.dateOpened === undefined ? {} : { dateOpened: application.dateOpened }),
    ...(application.dateClosed === undefined ? {} : { dateClosed: application.dateClosed }),
  };
}

function messageOf(application: AccountApplication, pending: number): string {
  if (application.status === 'O') return 'The account is open';
  if (application.status === 'A') return 'The application was abandoned';
  if (application.status === 'R') return 'The application was rejected';
  return `${pending} registration task${pending === 1 ? ' is' : 's are'} pending`;
}

/** Every task (`registration`) or those still to do (`pending`). */
export function tasksView(
  application: AccountApplication,
  type: 'registration' | 'pending',
): Ok<'getRegistrationTasks'> {
  const { description, state } = statusWords(application.status);
  const head = {
    accountId: application.accountId,
    status: application.status,
    state,
    description,
    hasError: false,
  };
  if (type === 'registration') {
    return {
      ...head,
      registrationTaskPresent: application.tasks.length > 0,
      registrationTasks: application.tasks.map((task) => ({
        ...taskHead(task),
        isCompleted: task.completedAt !== undefined,
        isDeclined: false,
        isRequiredForApproval: task.requiredForApproval,
        ...(task.completedAt === undefined ? {} : { dateCompleted: task.completedAt }),
      })),
    };
  }
  const pending = pendingTasksOf(application);
  return {
    ...head,
    pendingTaskPresent: pending.length > 0,
    pendingTasks: pending.map((task) => ({
      ...taskHead(task),
      requiredForApproval: task.requiredForApproval,
      requiredForTrading: task.requiredForApproval,
      onlineTask: true,
      startDate: task.assignedAt,
    })),
  };
}

function taskHead(task: ApplicationTask) {
  return {
    taskNumber: task.taskNumber,
    formNumber: task.formNumber,
    formName: task.formName,
    action: task.action,
    state: task.completedAt === undefined ? 'PENDING' : 'COMPLETED',
  };
}

export function detailsView(application: AccountApplication): Ok<'getAmAccountDetails'> {
  const { account, applicant, holder } = application;
  return {
    hasError: false,
    account: {
      accountId: application.accountId,
      accountTitle: account.title,
      ...(account.alias === '' ? {} : { accountAlias: account.alias }),
      applicantType: application.applicantType,
      baseCurrency: account.baseCurrency,
      margin: account.tradingType === 'STKMRGN' ? 'Margin' : 'Cash',
      clearingStatus: application.status,
      clearingStatusDescription: statusWords(application.status).description,
      dateBegun: application.dateStarted,
      ...(application.dateOpened === undefined ? {} : { dateOpened: application.dateOpened }),
      ...(application.externalId === undefined ? {} : { externalId: application.externalId }),
      ...(application.masterAccountId === undefined
        ? {}
        : { masterAccountId: application.masterAccountId }),
      primaryUser: holder.username,
      signatures: [...account.signatures],
    },
    associatedPersons: [
      {
        entityId: application.entityId,
        firstName: applicant.firstName,
        lastName: applicant.lastName,
        username: holder.username,
        ...(applicant.email === undefined ? {} : { email: applicant.email }),
        ...(applicant.country === undefined ? {} : { countryOfLegalResidence: applicant.country }),
        associations: ['Account Holder'],
      },
    ],
    tradeBundles: [...account.permissions],
  };
}

export function kycView(application: AccountApplication, now: number): Ok<'getKycLink'> {
  return {
    hasError: false,
    entityId: application.entityId,
    ...(application.externalId === undefined ? {} : { externalId: application.externalId }),
    url: `https://kyc.brokerage.example/verify/${application.entityId}`,
    startDate: new Date(now).toISOString(),
    expiryDate: new Date(now + kycLinkLifetimeMs).toISOString(),
    state: application.status === 'O' ? 'COMPLETED' : 'PENDING',
  };
}

type LoginMessage = NonNullable<Ok<'getLoginMessages'>['loginMessages']>[number];

/** The application's login messages: one listing its pending required tasks, while it is in
 * progress (`type`: only messages of that kind). */
export function loginMessagesOf(application: AccountApplication, type?: string): LoginMessage[] {
  const pending = pendingTasksOf(application).filter((task) => task.requiredForApproval);
  const inProgress = application.status === 'N' || application.status === 'P';
  if (!inProgress || pending.length === 0) return [];
  if (type !== undefined && type !== 'REGISTRATION_TASKS') return [];
  return [
    {
      id: application.requestId,
      contentId: registrationMessageContent,
      messageType: 'REGISTRATION_TASKS',
      description: `Complete ${pending.length} registration task${pending.length === 1 ? '' : 's'} of account ${application.accountId}`,
      recordDate: application.dateStarted,
      state: 'INCOMPLETE',
      tasks: pending.map((task) => task.taskNumber),
      username: application.holder.username,
    },
  ];
}

export function accountLoginMessagesView(
  application: AccountApplication,
  type: string | undefined,
): Ok<'getAmAccountLoginMessages'> {
  const loginMessages = loginMessagesOf(application, type);
  return {
    accountId: application.accountId,
    clearingStatus: application.status,
    clearingStatusDescription: statusWords(application.status).description,
    loginMessagePresent: loginMessages.length > 0,
    loginMessages,
  };
}

export function processedView(application: AccountApplication): Ok<'getProcessedApplication'> {
  return {
    name: `application-${application.accountId}.json`,
    hasError: false,
    isProcessed: true,
    data: {
      request: { application: structuredClone(application.request) },
      response: {
        accountId: application.accountId,
        ...(application.externalId === undefined ? {} : { externalId: application.externalId }),
        username: application.holder.username,
        status: application.status,
        pendingTasks: pendingTasksOf(application).map((task) => task.formNumber),
      },
    },
  };
}
