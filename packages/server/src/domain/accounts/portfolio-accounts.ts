import type { Schema } from '@brokerage/types';
import { aliasOf, childAccountIds, isAdvisorClient, isAdvisorMaster } from './accounts.js';
import { accountTexts } from './account-texts.js';
import type { Brokerage } from './brokerage.js';
import { badRequest } from '../kernel/errors.js';
import type { Account } from './model.js';
import type { Session } from './sessions.js';
import { ledger } from './account-reports.js';
import { freeze } from '../kernel/freeze.js';
import type { Market } from '../market/market.js';
import { isCashAccount, valueAccount } from './valuation.js';

/** The portfolio accounts operation lists at most this many accounts. */
const portfolioAccountsLimit = 100;

const dayMs = 24 * 60 * 60_000;
const firstOpeningDay = Date.UTC(2020, 0, 1);

/** When the account was opened, as epoch milliseconds. The demo accounts carry no opening date,
 * so one is derived from the account number: stable across runs and distinct per account. */
function openedAt(account: Account): number {
  const digits = Number(account.id.replace(/\D/g, '') || '0');
  return firstOpeningDay + (digits % 1461) * dayMs;
}

function parentOf(
  brokerage: Pick<Brokerage, 'accounts'>,
  account: Account,
): Schema<'PortfolioAccountParent'> {
  const children = childAccountIds(brokerage, account.id);
  if (children.length > 0) {
    return {
      mmc: children,
      accountId: account.id,
      isMParent: true,
      isMChild: false,
      isMultiplex: false,
    };
  }
  return {
    mmc: [],
    accountId: account.parent ?? '',
    isMParent: false,
    isMChild: account.parent !== undefined,
    isMultiplex: false,
  };
}

export function portfolioAccount(
  brokerage: Pick<Brokerage, 'accounts' | 'users' | 'account'>,
  account: Account,
): Schema<'PortfolioAccount'> {
  const alias = account.alias === '' ? null : account.alias;
  const advisorClient = isAdvisorClient(brokerage, account);
  return {
    id: account.id,
    accountId: account.id,
    accountVan: account.id,
    accountTitle: account.title,
    displayName: alias ?? account.title,
    accountAlias: alias,
    accountStatus: openedAt(account),
    currency: account.baseCurrency,
    type: account.type,
    tradingType: isCashAccount(account) ? 'CASH' : 'REGT',
    businessType: isAdvisorMaster(brokerage, account)
      ? 'FA_MASTER'
      : advisorClient
        ? 'FA_CLIENT'
        : 'IB_PROSERVE',
    acctCustType: account.type,
    category: '',
    faclient: advisorClient,
    clearingStatus: 'O',
    covestor: false,
    'PrepaidCrypto-Z': false,
    'PrepaidCrypto-P': false,
    noClientTrading: false,
    trackVirtualFXPortfolio: true,
    brokerageAccess: true,
    parent: parentOf(brokerage, account),
    desc: alias === null ? account.id : `${account.id} ${aliasOf(account)}`,
  };
}

function accountsById(brokerage: Pick<Brokerage, 'account'>, ids: string[]): Account[] {
  return ids.map((id) => brokerage.account(id)).filter((account) => account !== undefined);
}

/** The user's own accounts, a master first; listing them unlocks the ledger for the session. */
export function portfolioAccounts(
  brokerage: Pick<Brokerage, 'accounts' | 'users' | 'sessions' | 'account' | 'userOf'>,
  session: Session,
): Schema<'PortfolioAccount'>[] {
  brokerage.sessions.update(session, { portfolioListed: true });
  return accountsById(brokerage, brokerage.userOf(session).accounts)
    .slice(0, portfolioAccountsLimit)
    .map((account) => portfolioAccount(brokerage, account));
}

/** The client accounts below the user's master accounts (a user without clients gets their own
 * accounts); listing them unlocks the ledger for the session. */
export function portfolioSubaccounts(
  brokerage: Pick<
    Brokerage,
    'accounts' | 'users' | 'sessions' | 'account' | 'userOf' | 'accessibleAccountIds'
  >,
  session: Session,
): Schema<'PortfolioAccount'>[] {
  brokerage.sessions.update(session, { portfolioListed: true });
  const own = brokerage.userOf(session).accounts;
  const visible = brokerage.accessibleAccountIds(session);
  const clients = own
    .flatMap((id) => childAccountIds(brokerage, id))
    .filter((id) => visible.includes(id));
  return accountsById(brokerage, clients.length > 0 ? clients : own).map((account) =>
    portfolioAccount(brokerage, account),
  );
}

/** Refuses a portfolio operation until the portfolio accounts (or subaccounts) were listed in
 * the session. */
export function requirePortfolioListed(session: Session): void {
  if (!session.portfolioListed) throw badRequest(accountTexts.portfolioFirst);
}

/** The account whose ledger the session asks for: refused until the portfolio accounts (or
 * subaccounts) were listed in the session, and for an account the session may not see. */
export function ledgerAccount(
  brokerage: Pick<Brokerage, 'accountFor'>,
  session: Session,
  accountId: string,
): Account {
  requirePortfolioListed(session);
  return brokerage.accountFor(session, accountId, () =>
    badRequest(accountTexts.ledgerNotAccessible(accountId)),
  );
}

/** Ledgers made, by account record (a value: every change sets a new one), with the prices and
 * the second they were made at. */
const ledgers = new WeakMap<
  Account,
  { priceVersion: number; epochSeconds: number; view: Schema<'Ledger'> }
>();

/** The account's ledger at `epochSeconds`, frozen: the same one while the account, the prices
 * and the second stay the same (a client polling its ledger), so its text and its check against
 * the document are made once. */
export function ledgerOf(account: Account, market: Market, epochSeconds: number): Schema<'Ledger'> {
  const made = ledgers.get(account);
  if (made?.priceVersion === market.priceVersion && made.epochSeconds === epochSeconds) {
    return made.view;
  }
  const view = freeze(ledger(account.id, valueAccount(account, market), epochSeconds), true);
  ledgers.set(account, { priceVersion: market.priceVersion, epochSeconds, view });
  return view;
}
