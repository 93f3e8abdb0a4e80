import type { InstrumentCatalogue, SecType } from '../market/model.js';

/** Users and accounts, as data. Fixtures load into these shapes; the store keeps them. */

export type EntityType = 'INDIVIDUAL' | 'Joint' | 'ORG';

export interface Entity {
  firstName: string;
  lastName: string;
  entityType: EntityType;
}

export interface User {
  username: string;
  userId: number;
  entity: Entity;
  /** Accounts the user may trade; an advisor's master account comes first. */
  accounts: string[];
  /** `FA` (financial advisor), `DYNACCT` (dynamic account search and set). */
  properties: string[];
  /** Accounts reachable by dynamic account search (DYNACCT only). */
  dynamicAccounts?: string[];
}

export interface Owner {
  username: string;
  roleId: string;
  entity: Entity;
}

export interface Position {
  conid: number;
  quantity: number;
  /** Average cost per unit, in the instrument's currency. */
  averageCost: number;
  /** Profit or loss realized by closing trades while the position was open, in the instrument's currency. */
  realizedPnl?: number;
}

export interface Account {
  id: string;
  title: string;
  alias: string;
  type: 'INDIVIDUAL' | 'JOINT' | 'ORG';
  tradingType: string;
  baseCurrency: string;
  /** The advisor's or broker's master account this account belongs to. */
  parent?: string;
  owners: Owner[];
  signatures: string[];
  permissions: SecType[];
  /** Cash per currency. */
  cash: Record<string, number>;
  positions: Position[];
  /** Dividends owed per currency: declared, past their ex-date, not yet paid (net of what is
   * withheld). */
  dividendsReceivable?: Record<string, number>;
  /** Realized P&L per currency, from closed trades. */
  realizedPnl?: Record<string, number>;
  /** Daily net asset value closes (YYYYMMDD) before the server's first day, oldest first: the
   * portfolio analyst's history starts from them instead of a seeded year. */
  navHistory?: { date: number; nav: number }[];
}

export interface Fixtures {
  users: User[];
  accounts: Account[];
  instruments: InstrumentCatalogue;
}
