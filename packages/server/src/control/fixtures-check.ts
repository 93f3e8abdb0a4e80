import { instrumentsOf, Market } from '../domain/market/market.js';
import type { Fixtures } from '../domain/accounts/model.js';
import { systemClock } from '../domain/kernel/clock.js';
import { DomainEvents } from '../domain/kernel/events.js';
import { MemoryStore } from '../store/memory.js';

function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  const repeated = new Set<T>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

/** What keeps fixtures from loading, beyond their schema: ids that clash, references to accounts
 * or contracts that do not exist, currencies that cannot be valued. Empty when they hold together. */
export function fixtureProblems(
  fixtures: Fixtures,
  options: { gatewayUser?: string } = {},
): string[] {
  const problems: string[] = [];
  let instruments: ReturnType<typeof instrumentsOf>;
  try {
    instruments = instrumentsOf(fixtures.instruments);
  } catch (error) {
    return [`the instrument catalogue cannot be read: ${(error as Error).message}`];
  }
  const { users, accounts } = fixtures;
  for (const name of duplicates(users.map((user) => user.username)))
    problems.push(`username ${name} is used twice`);
  for (const id of duplicates(users.map((user) => user.userId)))
    problems.push(`userId ${id} is used twice`);
  for (const id of duplicates(accounts.map((account) => account.id)))
    problems.push(`account ${id} is defined twice`);
  const conids = instruments.map(({ instrument }) => instrument.conid);
  for (const conid of duplicates(conids)) problems.push(`conid ${conid} is used twice`);

  const accountIds = new Set(accounts.map((account) => account.id));
  for (const user of users) {
    if (user.accounts.length === 0) problems.push(`user ${user.username} has no account`);
    for (const id of [...user.accounts, ...(user.dynamicAccounts ?? [])]) {
      if (!accountIds.has(id)) problems.push(`user ${user.username} names unknown account ${id}`);
    }
  }
  if (
    options.gatewayUser !== undefined &&
    !users.some((user) => user.username === options.gatewayUser)
  ) {
    problems.push(`the gateway's user ${options.gatewayUser} is missing`);
  }

  const instrumentByConid = new Map(
    instruments.map(({ instrument }) => [instrument.conid, instrument]),
  );
  // Valuation converts through the catalogue's currency pairs, as the server's market does.
  const market = new Market(
    new MemoryStore(),
    systemClock,
    () => fixtures.instruments,
    0,
    new DomainEvents(),
  );
  const convertible = (from: string, to: string) => {
    try {
      market.rate(from, to);
      return true;
    } catch {
      return false;
    }
  };
  for (const account of accounts) {
    if (account.parent !== undefined && !accountIds.has(account.parent)) {
      problems.push(`account ${account.id} names unknown parent ${account.parent}`);
    }
    const currencies = new Set(Object.keys(account.cash));
    for (const position of account.positions) {
      const instrument = instrumentByConid.get(position.conid);
      if (instrument) currencies.add(instrument.currency);
      else problems.push(`account ${account.id} holds unknown conid ${position.conid}`);
    }
    for (const currency of currencies) {
      if (!convertible(currency, account.baseCurrency)) {
        problems.push(
          `account ${account.id}: no currency pair converts ${currency} to ${account.baseCurrency}`,
        );
      }
    }
  }
  return problems;
}
