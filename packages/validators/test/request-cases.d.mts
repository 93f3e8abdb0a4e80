import type { OperationId } from '@brokerage/types';

export interface RequestCase {
  operationId: OperationId;
  method: string;
  path: string;
  body?: unknown;
  /** What both should say; guards against both being wrong the same way. */
  valid: boolean;
}

export declare const requestCases: RequestCase[];
