import type { PortfolioStore } from './store-view.js';
import type { Ok, Schema } from '@brokerage/types';
import type { AreaContext } from '../accounts/brokerage.js';
import type { Dividends } from '../dividends/dividends.js';
import type { Account } from '../accounts/model.js';
import {
  ledgerAccount,
  portfolioAccount,
  portfolioSubaccounts,
  requirePortfolioListed,
} from '../accounts/portfolio-accounts.js';
import { valueAccount } from '../accounts/valuation.js';
import type { Session } from '../accounts/sessions.js';
import { badRequest } from '../kernel/errors.js';
import { assetAllocation } from './asset-allocation.js';
import { NavHistory } from './nav-history.js';
import {
  allPeriodsPerformance,
  performance,
  type AccountHistory,
  type Period,
} from './performance-views.js';
import { PositionCache } from './position-cache.js';
import {
  pageOf,
  positionRow,
  sortRows,
  uncachedPositionRow,
  valuedPositions,
  type SortOrder,
} from './position-views.js';
import {
  allocationTypes,
  portfolioAllocation,
  type AllocationType,
} from './portfolio-allocation.js';
import { portfolioSummary } from './summary-views.js';
import { dayOf, dayOfYmd, isBusinessDay, ymd } from './calendar.js';
import { defaultTransactionDays, transactions } from './transactions.js';

/** Sub-accounts per page of the large-structure sub-accounts operation. */
const subaccountsPageSize = 20;

/** A sort request as the positions operations take it. */
export interface SortQuery {
  sort?: string | undefined;
  direction?: 'a' | 'd' | undefined;
}

const orderOf = (query: SortQuery, fallback: string): SortOrder => ({
  field: query.sort ?? fallback,
  direction: query.direction ?? 'a',
});

/** A transaction history request: ids as numbers or strings of digits, as clients send them. */
export interface TransactionsRequest {
  acctIds: string[];
  conids: (number | string)[];
  currency: string;
  days?: number | string | undefined;
}

/** Account ids as a query carries them: repeated, comma-separated, or both. */
const listedAccountIds = (values: string[]) => values.flatMap((ids) => ids.split(','));

export type PortfolioContext = AreaContext<
  'clock',
  | 'sessions'
  | 'market'
  | 'account'
  | 'accounts'
  | 'users'
  | 'userOf'
  | 'accessibleAccountIds'
  | 'accountFor',
  PortfolioStore
>;

/** Positions, summaries, allocations and the portfolio analyst of the accounts a session may
 * see, all from the one state: the accounts' positions and cash, valued at the simulated prices. */
export class Portfolio {
  readonly cache: PositionCache;
  readonly history: NavHistory;

  constructor(
    private readonly context: PortfolioContext,
    private readonly dividends: Pick<Dividends, 'paidBetween'>,
  ) {
    this.cache = new PositionCache(context);
    this.history = new NavHistory(context);
  }

  /** The account an account-level operation asks for: refused until the portfolio accounts (or
   * subaccounts) were listed in the session, and for an account the session may not see. */
  private account(session: Session, accountId: string): Account {
    return ledgerAccount(this.context.accounts, session, accountId);
  }

  positionsPage(
    session: Session,
    accountId: string,
    page: number,
    query: SortQuery,
  ): Schema<'Position'>[] {
    const rows = this.cache.rows(this.account(session, accountId));
    return pageOf(sortRows(rows, orderOf(query, 'name'), 'name'), page);
  }

  uncachedPositions(
    session: Session,
    accountId: string,
    query: SortQuery,
  ): Schema<'UncachedPosition'>[] {
    const account = this.account(session, accountId);
    const epochSeconds = Math.floor(this.context.clock.now() / 1000);
    const rows = valuedPositions(account, this.context.accounts.market).map((valued) =>
      uncachedPositionRow(valued, epochSeconds),
    );
    return sortRows(rows, orderOf(query, 'description'), 'description');
  }

  positionByConid(session: Session, accountId: string, conid: number): Schema<'Position'>[] {
    return this.positionRows(this.account(session, accountId), conid);
  }

  positionsByConid(session: Session, conid: number): Schema<'PositionsByAccount'> {
    requirePortfolioListed(session);
    const entries = this.context.accounts
      .accessibleAccountIds(session)
      .map((id) => this.context.accounts.account(id))
      .filter((account) => account !== undefined)
      .map((account) => [account.id, this.positionRows(account, conid)] as const)
      .filter(([, rows]) => rows.length > 0);
    return Object.fromEntries(entries);
  }

  private positionRows(account: Account, conid: number): Schema<'Position'>[] {
    const { market } = this.context.accounts;
    return valuedPositions(account, market)
      .filter((valued) => valued.position.conid === conid)
      .map((valued) => positionRow(market.catalogueData, valued));
  }

  invalidate(session: Session, accountId: string): { message: string } {
    this.cache.invalidate(this.account(session, accountId));
    return { message: 'success' };
  }

  /** The reference server places single-contract orders only: no combination positions. */
  comboPositions(session: Session, accountId: string): Schema<'ComboPosition'>[] {
    this.account(session, accountId);
    return [];
  }

  summary(session: Session, accountId: string): Schema<'PortfolioSummary'> {
    const account = this.account(session, accountId);
    const values = valueAccount(account, this.context.accounts.market);
    return portfolioSummary(account, values, Math.floor(this.context.clock.now() / 1000));
  }

  meta(session: Session, accountId: string): Schema<'PortfolioAccount'> {
    return portfolioAccount(this.context.accounts, this.account(session, accountId));
  }

  allocation(session: Session, accountIds: string[]): Schema<'AssetAllocation'> {
    const accounts = listedAccountIds(accountIds).map((id) => this.account(session, id));
    const base = accounts[0]?.baseCurrency ?? 'USD';
    return assetAllocation(accounts, this.context.accounts.market, base);
  }

  /** The portfolio analyst's allocation of several accounts (`POST /pa/allocation`): accounts
   * the session may not see are listed in `excluded`, not refused. The simulation keeps no
   * positions by day: a past `date` is answered with the positions held now. */
  portfolioAllocation(
    session: Session,
    request: {
      acctIds: string[];
      type: string;
      currency?: string | undefined;
      date?: string | undefined;
    },
  ): Ok<'getPortfolioAllocation'> {
    const type = request.type.toUpperCase();
    const types: readonly AllocationType[] =
      type === 'ALL' ? allocationTypes : allocationTypes.filter((known) => known === type);
    if (types.length === 0)
      throw badRequest(`type must be one of ${[...allocationTypes, 'ALL'].join(', ')}`);
    const currency = (request.currency ?? 'USD').toUpperCase();
    const { clock } = this.context;
    const { market } = this.context.accounts;
    try {
      market.rate('USD', currency);
    } catch {
      throw badRequest(`currency ${currency} is not one the service converts to`);
    }
    const today = dayOf(clock.now());
    if (request.date !== undefined && dayOfYmd(Number(request.date)) >= today)
      throw badRequest('date must be a day before today');
    const visible = new Set(this.context.accounts.accessibleAccountIds(session));
    const ids = listedAccountIds(request.acctIds);
    const accounts = ids
      .filter((id) => visible.has(id))
      .map((id) => this.context.accounts.account(id))
      .filter((account) => account !== undefined);
    const excluded = ids.filter((id) => !accounts.some((account) => account.id === id));
    const realtime =
      request.date === undefined && accounts.every((account) => account.baseCurrency === currency);
    let previous = today - 1;
    while (!isBusinessDay(previous)) previous -= 1;
    return {
      id: 'getAllocation',
      currency,
      realtime,
      ...(realtime ? {} : { date: request.date ?? ymd(previous) }),
      allocations: portfolioAllocation(accounts, market, currency, types),
      ...(excluded.length > 0 ? { excluded } : {}),
      ...(realtime || request.date !== undefined
        ? {}
        : {
            warning: `Figures of the current day need every account's base currency to be ${currency}`,
          }),
    };
  }

  subaccountsPage(session: Session, page: number): Schema<'Subaccounts2'> {
    const all = portfolioSubaccounts(this.context.accounts, session);
    return {
      metadata: { pageNum: page, pageSize: subaccountsPageSize, total: all.length },
      subaccounts: all.slice(page * subaccountsPageSize, (page + 1) * subaccountsPageSize),
    };
  }

  private histories(session: Session, accountIds: string[]): AccountHistory[] {
    return listedAccountIds(accountIds).map((id) => {
      const account = this.context.accounts.accountFor(session, id);
      return {
        accountId: account.id,
        baseCurrency: account.baseCurrency,
        history: this.history.points(account),
      };
    });
  }

  performance(session: Session, accountIds: string[], period: Period): Schema<'Performance'> {
    return performance(this.histories(session, accountIds), period);
  }

  allPeriods(session: Session, accountIds: string[]): Schema<'AllPeriodsPerformance'> {
    const updatedAt = new Date(this.context.clock.now())
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    return allPeriodsPerformance(this.histories(session, accountIds), updatedAt);
  }

  transactions(session: Session, request: TransactionsRequest): Schema<'Transactions'> {
    const accountIds = request.acctIds.map(
      (id) => this.context.accounts.accountFor(session, id).id,
    );
    const [conid] = request.conids;
    const days = request.days === undefined ? defaultTransactionDays : Number(request.days);
    if (!Number.isSafeInteger(days) || days < 1)
      throw badRequest('Bad Request: days must be a positive integer');
    return transactions(
      this.context,
      { accountIds, conid: Number(conid), currency: request.currency, days },
      (accountId, from, to) => this.dividends.paidBetween(accountId, from, to),
    );
  }
}
