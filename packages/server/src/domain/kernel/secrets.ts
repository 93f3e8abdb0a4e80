import { randomBytes, randomUUID } from 'node:crypto';

/** Values that grant access (session ids, tokens, verifiers, reply ids) come from the operating
 * system's cryptographic generator, never from the simulation's seeded random: a seed, or one's
 * own session id, must not let anyone work out another session's credentials. */
export const secretHex = (bytes: number): string => randomBytes(bytes).toString('hex');

export const secretUuid = (): string => randomUUID();
