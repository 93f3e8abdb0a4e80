import type { UtilitiesStore } from './store-view.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest } from '../kernel/errors.js';
import { nextInSequence } from '../kernel/sequences.js';
import { dayRange } from './forms.js';

/** The one-letter statuses the service gives account-management requests. */
export const amRequestStatuses = [
  'N',
  'O',
  'P',
  'C',
  'A',
  'E',
  'F',
  'I',
  'J',
  'L',
  'M',
  'R',
  'W',
  'Q',
] as const;

/** An account-management request, as the store keeps it. */
export interface AmRequest {
  requestId: number;
  requestType: string;
  status: string;
  accountId: string;
  /** ISO 8601, UTC. */
  dateSubmitted: string;
  /** The service's answer to the request. */
  answer: Record<string, unknown>;
}

export interface AmRequestQuery {
  startDate: string;
  endDate: string;
  offset?: number;
  limit?: number;
  status?: string;
}

export interface AmRequestStatusView {
  requestId: string;
  requestType: string;
  status: string;
  acctId: string;
  message: string;
}

export interface AmRequestAnswerView {
  requestId: number;
  dateSubmitted: string;
  fileData: { name: string; data: Record<string, unknown> };
}

const defaultLimit = 100;
/** Requests submitted while the server runs are numbered after this one (the seeded ones are below). */
const lastSeededRequestId = 7100;

export type AmRequestsContext = AreaContext<'clock', 'onLoad', UtilitiesStore>;

/** The account-management requests: listed by period, read, and given a new status. */
export class AmRequests {
  private readonly store: UtilitiesStore;
  private readonly now: () => number;

  /** `initial`: the requests the state starts with, put in it again at every load (a reset). */
  constructor(context: AmRequestsContext, initial: readonly AmRequest[]) {
    this.store = context.store;
    this.now = () => context.clock.now();
    const seed = (): void => {
      const collection = this.store.collection('amRequests');
      for (const request of initial)
        collection.set(String(request.requestId), structuredClone(request));
    };
    seed();
    context.accounts.onLoad(seed);
  }

  /** The requests submitted in the query's days, oldest first, one page of them. */
  list(query: AmRequestQuery): {
    offset: number;
    limit: number;
    total: number;
    requestDetails: {
      requestId: number;
      requestType: string;
      status: string;
      accountID: string;
      dateSubmitted: string;
    }[];
  } {
    const range = dayRange(
      { name: 'startDate', day: query.startDate },
      { name: 'endDate', day: query.endDate },
    );
    const offset = query.offset ?? 0;
    const limit = query.limit ?? defaultLimit;
    const matching = this.store
      .collection('amRequests')
      .values()
      .filter((request) => {
        const submitted = Date.parse(request.dateSubmitted);
        return submitted >= range.start && submitted < range.end;
      })
      .filter((request) => query.status === undefined || request.status === query.status)
      .sort((a, b) => a.dateSubmitted.localeCompare(b.dateSubmitted) || a.requestId - b.requestId);
    return {
      offset,
      limit,
      total: matching.length,
      requestDetails: matching.slice(offset, offset + limit).map((request) => ({
        requestId: request.requestId,
        requestType: request.requestType,
        status: request.status,
        accountID: request.accountId,
        dateSubmitted: request.dateSubmitted,
      })),
    };
  }

  /** Records a request submitted now, numbered after the last one, and answers it as a file. */
  submit(request: Omit<AmRequest, 'requestId' | 'dateSubmitted'>): AmRequestAnswerView {
    const requestId = nextInSequence(this.store, 'amRequests', lastSeededRequestId);
    const dateSubmitted = new Date(this.now()).toISOString();
    this.store
      .collection('amRequests')
      .set(String(requestId), structuredClone({ ...request, requestId, dateSubmitted }));
    return this.answer(requestId);
  }

  status(requestId: number): AmRequestStatusView {
    return statusView(this.request(requestId));
  }

  answer(requestId: number): AmRequestAnswerView {
    const request = this.request(requestId);
    return {
      requestId: request.requestId,
      dateSubmitted: request.dateSubmitted,
      fileData: {
        name: `request-${request.requestId}.json`,
        data: structuredClone(request.answer),
      },
    };
  }

  /** Gives a request a new status, one of `amRequestStatuses`. */
  setStatus(requestId: number, status: unknown): AmRequestStatusView {
    const request = this.request(requestId);
    if (typeof status !== 'string' || !(amRequestStatuses as readonly string[]).includes(status))
      throw badRequest(`Invalid status: ${String(status)}`);
    const updated = { ...request, status };
    this.store.collection('amRequests').set(String(requestId), updated);
    return statusView(updated);
  }

  private request(requestId: number): AmRequest {
    const request = this.store.collection('amRequests').get(String(requestId));
    if (!request) throw badRequest(`Unknown requestId: ${requestId}`);
    return request;
  }
}

function statusView(request: AmRequest): AmRequestStatusView {
  return {
    requestId: String(request.requestId),
    requestType: request.requestType,
    status: request.status,
    acctId: request.accountId,
    message: `Request ${request.requestId} is in status ${request.status}`,
  };
}
