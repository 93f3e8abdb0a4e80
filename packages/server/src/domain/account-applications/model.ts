import type { Account, User } from '../accounts/model.js';
import type { amRequestStatuses } from '../utilities/am-requests.js';

/** One of the service's one-letter statuses. */
export type StatusLetter = (typeof amRequestStatuses)[number];

/** A registration task of an application: a form to sign, read or fill in. */
export interface ApplicationTask {
  taskNumber: number;
  formNumber: number;
  formName: string;
  action: string;
  /** The account opens only once every required task is done. */
  requiredForApproval: boolean;
  /** ISO 8601, UTC. */
  assignedAt: string;
  completedAt?: string;
}

/** The applicant, as the application names them. */
export interface Applicant {
  firstName: string;
  lastName: string;
  email?: string;
  country?: string;
}

/** An account application submitted through `/gw/api/v1/accounts`, as the store keeps it (by
 * account id). The trading account and its holder are prepared at submission and put in the
 * state, as a seeded account is, when the application opens. */
export interface AccountApplication {
  accountId: string;
  /** The OAuth 2.0 client that submitted it: only that client sees it. */
  clientId: string;
  /** The client's own id of the applicant (unique per client). */
  externalId?: string;
  entityId: number;
  /** The request that submitted it (`amRequests`). */
  requestId: number;
  status: StatusLetter;
  applicantType: string;
  masterAccountId?: string;
  /** ISO 8601, UTC. */
  dateStarted: string;
  dateOpened?: string;
  dateClosed?: string;
  applicant: Applicant;
  account: Account;
  holder: User;
  tasks: ApplicationTask[];
  /** The claim `application` as it was signed. */
  request: Record<string, unknown>;
}

/** The forms a client submitted for the day (`POST /gw/api/v1/accounts/documents`). */
export interface DayDocuments {
  formNumbers: number[];
}
