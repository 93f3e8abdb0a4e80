// What several controls share: the parts of the brokerage that move prices, and two checks.
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { User } from '../domain/accounts/model.js';
import { notFound } from '../domain/kernel/errors.js';

/** The brokerage's market, store and random source. Controls keep the brokerage itself and read
 * these at each call: a reset replaces the random source. */
export type PriceModel = Pick<Brokerage, 'market' | 'store' | 'random'>;

/** An integer of at least `min` (the control API's counts, milliseconds and seeds). */
export const isWholeNumber = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

/** The user of that name; 404 when there is none. */
export function existingUser(brokerage: Pick<Brokerage, 'user'>, username: string): User {
  const user = brokerage.user(username);
  if (!user) throw notFound(`User ${username} does not exist`);
  return user;
}
