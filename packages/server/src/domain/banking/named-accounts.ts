/** Keys of an instruction that name an account. */
const accountKeys = ['accountId', 'sourceAccountId', 'targetAccountId'] as const;

/** The account ids an instruction, as sent, names (its account keys that hold text). */
export function accountIdsIn(instruction: unknown): string[] {
  if (typeof instruction !== 'object' || instruction === null) return [];
  const fields = instruction as Record<string, unknown>;
  return accountKeys.map((key) => fields[key]).filter((id): id is string => typeof id === 'string');
}

/** The instructions of a banking request's body: its `instruction`, or each of its
 * `instructions`. */
export function instructionsOf(body: unknown): unknown[] {
  const { instruction, instructions } = (body ?? {}) as {
    instruction?: unknown;
    instructions?: unknown;
  };
  return Array.isArray(instructions) ? (instructions as unknown[]) : [instruction];
}

/** The instruction id a cancellation names, if the instruction is one. */
export function cancelledIdIn(instruction: unknown): number | undefined {
  const id = (instruction as { instructionId?: unknown } | null | undefined)?.instructionId;
  return typeof id === 'number' ? id : undefined;
}
