// TEMPORARY scaffolding while areas are being built in parallel; must be gone before commit.
import type { OperationId } from '@brokerage/types';
import { rejected } from '../domain/errors.js';
import type { Handler } from '../http/handler.js';

export function pending<Op extends OperationId>(operationId: Op): Handler<Op> {
  return () => {
    throw rejected(`${operationId} is not built yet`);
  };
}
