import type { StoreView } from '../kernel/store.js';
import type { Restriction, RestrictionLink, RestrictionRequest } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Pre-trade compliance restrictions, by `<owner>|<name>`. */
    restrictions: Restriction;
    /** Restrictions attached to accounts, by `<restriction id>|<account id>`. */
    restrictionLinks: RestrictionLink;
    /** Restriction CSVs verified, by `<client id>|<request id>`. */
    restrictionRequests: RestrictionRequest;
  }
}

/** What the restrictions area sees of the store: its own collections and the kernel's sequences. */
export type RestrictionsStore = StoreView<
  'restrictions' | 'restrictionLinks' | 'restrictionRequests' | 'sequences'
>;
