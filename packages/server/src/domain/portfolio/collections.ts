import type { NavHistoryRecord } from './nav-history.js';
import type { PositionSnapshot } from './position-cache.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** The positions cache of the paged positions operation, by account id. */
    positionSnapshots: PositionSnapshot;
    /** Daily net asset value closes of the portfolio analyst, by account id. */
    navHistories: NavHistoryRecord;
    /** The last day the portfolio analyst closed (`last`): with several processes on one store,
     * each one's timer comes to the same midnight, and the day is closed once. */
    navClosedDays: number;
  }
}
