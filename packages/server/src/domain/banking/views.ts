import type { Schema } from '@brokerage/types';
import type { InstructionRecord } from './model.js';

export type InstructionResultView = Schema<'BankingInstructionResult'>;
export type InstructionResponseView = Schema<'BankingInstructionResponse'>;
export type InstructionSetView = Schema<'BankingInstructionSetResponse'>;

/** An instruction as the service answers it: ids, kind, status, and what it carries. */
export function resultView(record: InstructionRecord): InstructionResultView {
  return {
    clientInstructionId: record.clientInstructionId,
    instructionId: record.instructionId,
    instructionStatus: record.status,
    instructionType: record.kind,
    ...(record.ibReferenceId === undefined ? {} : { ibReferenceId: record.ibReferenceId }),
    ...(record.error ? { error: record.error } : {}),
    ...record.details,
  };
}

/** One instruction and its set, answered with `status`. */
export function responseView(record: InstructionRecord, status: number): InstructionResponseView {
  return {
    instructionResult: resultView(record),
    instructionSetId: record.instructionSetId,
    status,
  };
}
