import type { Restriction, RestrictionLink, RestrictionList, RestrictionRequest } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Pre-trade compliance restrictions, by `<owner>|<name>`. */
    restrictions: Restriction;
    /** Restrictions attached to accounts, by `<restriction id>|<account id>`. */
    restrictionLinks: RestrictionLink;
    /** Restriction CSVs verified, by `<client id>|<request id>`. */
    restrictionRequests: RestrictionRequest;
    /** Lists of contracts, by `<owner>|<name>`. */
    restrictionLists: RestrictionList;
  }
}
