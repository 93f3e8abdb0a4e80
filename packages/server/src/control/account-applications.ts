import type { ControlSchema } from '@brokerage/types/control';
import type { AccountApplications } from '../domain/account-applications/applications.js';
import type { AccountApplication } from '../domain/account-applications/model.js';
import { pendingRequired } from '../domain/account-applications/statuses.js';

type ApplicationState = ControlSchema<'AccountApplicationState'>;
type StatusRequest = ControlSchema<'AccountApplicationStatusRequest'>;

/** The controls of account applications (`/control/account-applications`): complete one's tasks
 * (it opens as a trading account), or give it any status. */
export class ApplicationControls {
  readonly #applications: AccountApplications;

  constructor(applications: AccountApplications) {
    this.#applications = applications;
  }

  completeTasks(accountId: string): ApplicationState {
    return stateOf(this.#applications.complete(accountId));
  }

  setStatus(accountId: string, request: StatusRequest): ApplicationState {
    return stateOf(this.#applications.force(accountId, request.status));
  }
}

function stateOf(application: AccountApplication): ApplicationState {
  return {
    accountId: application.accountId,
    status: application.status,
    username: application.holder.username,
    pendingTasks: pendingRequired(application),
  };
}
