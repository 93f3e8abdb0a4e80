import type { Response } from 'express';
import type { OperationInfo } from './document.js';
import type { Admitted } from './handler.js';

/** What the steps of the pipeline record on a request's `res.locals`, for the steps after them. */
export interface RequestLocals {
  /** The request's operation and its decoded path parameters (the method gate). */
  operation?: OperationInfo | undefined;
  params?: Record<string, string>;
  /** What the operation's access established (the gate), for its handler. */
  admitted?: Admitted;
  /** The client's address, read once by the gate (`req.ip`). */
  ip?: string;
}

/** A response of the pipeline, with its `res.locals` typed. */
export type PipelineResponse = Response<unknown, RequestLocals>;
