/** Pre-trade compliance restrictions: named rules an end user defines and attaches to their
 * accounts, changed only through a CSV verified, then applied. */

/** The only rule type: orders may only reduce a position. */
export type RuleType = 'CLOSINGONLY';

export interface Rule {
  ruleType: RuleType;
  /** `GTC` until deleted, `DAY` until the end of the UTC day it was applied. */
  tif: 'GTC' | 'DAY';
  /** The one contract it restricts; every contract when absent. */
  conid?: number;
}

export interface Restriction extends Rule {
  /** `<owner>|<name>`. */
  id: string;
  /** The service's number for it (the reads name restrictions by it). */
  restrictionId: number;
  /** The number of its one rule. */
  ruleId: number;
  owner: string;
  name: string;
  /** When it was applied (epoch ms of the brokerage's clock). */
  createdAt: number;
  /** When a `DAY` restriction ends (epoch ms of the brokerage's clock). */
  until?: number;
}

/** A restriction attached to an account. */
export interface RestrictionLink {
  /** `<restriction id>|<account id>`. */
  id: string;
  restrictionId: string;
  accountId: string;
}

/** A CSV verified for a client under its request number, until applied (or a day passes). */
export interface RestrictionRequest {
  /** `<client id>|<request id>`. */
  id: string;
  requestId: number;
  userName: string;
  csv: string;
  applied: boolean;
}

/** A named list of contracts an end user keeps beside their restrictions (the portal's Lists). */
export interface RestrictionList {
  /** `<owner>|<name>`. */
  id: string;
  /** The service's number for it. */
  listId: number;
  owner: string;
  name: string;
  /** One entry per contract, in the order the CSV named them. */
  entries: { entryId: number; conid: number }[];
  /** When it was applied (epoch ms of the brokerage's clock). */
  createdAt: number;
}
