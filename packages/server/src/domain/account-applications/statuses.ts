import { badRequest } from '../kernel/errors.js';
import { amRequestStatuses } from '../utilities/am-requests.js';
import type { AccountApplication, StatusLetter } from './model.js';

/** The statuses an application goes through in the simulation, in words (the vendor lists the
 * letters without meanings); the others are the service's letters the control API may set. */
const words: Partial<Record<StatusLetter, { description: string; state: string }>> = {
  N: { description: 'New', state: 'PENDING_TASKS' },
  P: { description: 'Pending', state: 'PENDING_TASKS' },
  O: { description: 'Open', state: 'APPROVED' },
  A: { description: 'Abandoned', state: 'ABANDONED' },
  R: { description: 'Rejected', state: 'REJECTED' },
  C: { description: 'Closed', state: 'CLOSED' },
};

export function statusWords(status: StatusLetter): { description: string; state: string } {
  return words[status] ?? { description: `Status ${status}`, state: 'IN_REVIEW' };
}

/** Whether its tasks may still change: new or pending. */
export const isInProgress = (application: AccountApplication): boolean =>
  application.status === 'N' || application.status === 'P';

/** The changes the account-management API may make (`PATCH .../status`), from each status:
 * abandon or reject one in progress, open one whose required tasks are done, start an abandoned
 * one again. An open or rejected account keeps its status. */
const allowedChanges: Partial<Record<StatusLetter, readonly StatusLetter[]>> = {
  N: ['A', 'R', 'O'],
  P: ['A', 'R', 'O'],
  A: ['N'],
};

/** The status the claim names, checked against the application's; 400 otherwise. */
export function requestedStatus(application: AccountApplication, status: unknown): StatusLetter {
  if (!isStatusLetter(status))
    throw badRequest(`status must be one of ${amRequestStatuses.join(', ')}`);
  if (status !== application.status && !(allowedChanges[application.status] ?? []).includes(status))
    throw badRequest(
      `An application in status ${application.status} cannot be given status ${status}`,
    );
  return status;
}

/** The status the progress of its tasks gives an application in progress: `N` while no task is
 * done, `P` once some are; `O` once every required task is (the caller opens the account). */
export function statusOfTasks(application: AccountApplication): 'N' | 'P' | 'O' {
  if (pendingRequired(application) === 0) return 'O';
  return application.tasks.some((task) => task.completedAt !== undefined) ? 'P' : 'N';
}

export const pendingRequired = (application: AccountApplication): number =>
  application.tasks.filter((task) => task.requiredForApproval && task.completedAt === undefined)
    .length;

export const isStatusLetter = (value: unknown): value is StatusLetter =>
  typeof value === 'string' && (amRequestStatuses as readonly string[]).includes(value);
