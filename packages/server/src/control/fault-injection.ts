import type { OperationId } from '@brokerage/types';
import type { ControlSchema } from '@brokerage/types/control';
import { badRequest, notFound } from '../domain/kernel/errors.js';
import { injectableStatuses, type FaultInjector } from '../http/faults.js';
import { isWholeNumber } from './shared.js';

/** The controls of faults: latency and/or an error for one brokerage operation, or none. */
export class FaultControls {
  readonly #faults: FaultInjector;
  /** The brokerage document's operationIds by their text: a name from a request that is found
   * here is an `OperationId`. */
  readonly #operationIds: ReadonlyMap<string, OperationId>;

  constructor(faults: FaultInjector, operationIds: Iterable<OperationId>) {
    this.#faults = faults;
    this.#operationIds = new Map<string, OperationId>([...operationIds].map((id) => [id, id]));
  }

  /** Latency and/or a fault for one brokerage operation, set independently of each other. */
  inject(operationId: string, fault: ControlSchema<'FaultRequest'>): ControlSchema<'Fault'> {
    const id = this.#operationIds.get(operationId);
    if (id === undefined) {
      throw notFound(`Operation ${operationId} is not in the brokerage document`);
    }
    const { latencyMs, status, message, times } = fault;
    if (latencyMs === undefined && status === undefined)
      throw badRequest('Give latencyMs, status or both');
    if (latencyMs !== undefined && !isWholeNumber(latencyMs, 0)) {
      throw badRequest('latencyMs must be a non-negative integer');
    }
    if (status !== undefined && !injectableStatuses.includes(status)) {
      throw badRequest(`status must be one of ${injectableStatuses.join(', ')}`);
    }
    if (status === undefined && (message !== undefined || times !== undefined)) {
      throw badRequest('message and times go with status');
    }
    if (times !== undefined && !isWholeNumber(times, 1))
      throw badRequest('times must be a positive integer');
    const faults = this.#faults;
    if (latencyMs !== undefined) faults.setLatency(id, latencyMs);
    if (status !== undefined) {
      faults.setFault(id, {
        status,
        ...(message === undefined ? {} : { message }),
        ...(times === undefined ? {} : { times }),
      });
    }
    return {
      operationId,
      latencyMs: faults.latencyOf(id),
      ...(status === undefined ? {} : { status }),
      ...(message === undefined ? {} : { message }),
      ...(times === undefined ? {} : { times }),
    };
  }

  clear(): void {
    this.#faults.clear();
  }
}
