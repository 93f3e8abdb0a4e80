import type { PortfolioStore } from './store-view.js';
import type { Schema } from '@brokerage/types';
import type { Account } from '../accounts/model.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { positionRow, valuedPositions } from './position-views.js';

/** The positions of an account as the paged positions operation saw them first. */
export interface PositionSnapshot {
  accountId: string;
  /** When the snapshot was taken, epoch milliseconds. */
  takenAt: number;
  rows: Schema<'Position'>[];
}

export type PositionCacheContext = AreaContext<'clock', 'market', PortfolioStore>;

/** The positions cache of the paged positions operation: the first request for an account takes
 * a snapshot (sizes, costs, prices and profit and loss), which later requests answer until
 * `invalidate` discards it. Other position operations read the positions as they are. */
export class PositionCache {
  constructor(private readonly context: PositionCacheContext) {}

  rows(account: Account): Schema<'Position'>[] {
    const snapshots = this.context.store.collection('positionSnapshots');
    let snapshot = snapshots.get(account.id);
    if (!snapshot) {
      const { market } = this.context.accounts;
      snapshot = {
        accountId: account.id,
        takenAt: this.context.clock.now(),
        rows: valuedPositions(account, market).map((valued) =>
          positionRow(market.catalogueData, valued),
        ),
      };
      snapshots.set(account.id, snapshot);
    }
    return snapshot.rows;
  }

  invalidate(account: Account): void {
    this.context.store.collection('positionSnapshots').delete(account.id);
  }
}
