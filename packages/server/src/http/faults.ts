import type { OperationId } from '@brokerage/types';
import { DomainError, type DomainErrorKind } from '../domain/kernel/errors.js';

const kindOfStatus: Record<number, DomainErrorKind> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  422: 'unprocessable',
  429: 'rateLimited',
  500: 'rejected',
  503: 'unavailable',
};

export const injectableStatuses = Object.keys(kindOfStatus).map(Number);

export interface FaultSpec {
  status: number;
  message?: string;
  /** How many requests fail; every request until cleared when absent. */
  times?: number;
}

/** Latency and faults injected into operations by test authors (control API or in process). */
export class FaultInjector {
  readonly #latencyMs = new Map<OperationId, number>();
  readonly #faults = new Map<OperationId, FaultSpec>();

  setLatency(operationId: OperationId, ms: number): void {
    if (ms > 0) this.#latencyMs.set(operationId, ms);
    else this.#latencyMs.delete(operationId);
  }

  setFault(operationId: OperationId, fault: FaultSpec): void {
    if (!(fault.status in kindOfStatus)) {
      throw new RangeError(`status must be one of ${injectableStatuses.join(', ')}`);
    }
    this.#faults.set(operationId, { ...fault });
  }

  latencyOf(operationId: OperationId): number {
    return this.#latencyMs.get(operationId) ?? 0;
  }

  /** The error this request must fail with, if a fault is armed for the operation. */
  take(operationId: OperationId): DomainError | undefined {
    const fault = this.#faults.get(operationId);
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.#faults.delete(operationId);
    }
    const kind = kindOfStatus[fault.status] ?? 'rejected';
    return new DomainError(
      kind,
      fault.message ?? `Injected fault (${fault.status})`,
      kind === 'rateLimited' ? 1 : undefined,
    );
  }

  clear(): void {
    this.#latencyMs.clear();
    this.#faults.clear();
  }
}
