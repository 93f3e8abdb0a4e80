import { hex } from './hex.js';

/** Values that grant access (session ids, tokens, verifiers, reply ids) come from the platform's
 * cryptographic generator, never from the simulation's seeded random: a seed, or one's own session
 * id, must not let anyone work out another session's credentials. The generator is Web Crypto's
 * (`globalThis.crypto`, in Node 20 as in browsers), so that the domain runs in a browser too. */
export function secretHex(bytes: number): string {
  return hex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

export const secretUuid = (): string => globalThis.crypto.randomUUID();
