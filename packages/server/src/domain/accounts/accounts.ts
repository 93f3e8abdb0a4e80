import type { AccountsStore } from './store-view.js';
import type { Schema } from '@brokerage/types';
import { pnlEntry } from './account-reports.js';
import { accountTexts } from './account-texts.js';
import type { Brokerage } from './brokerage.js';
import { badRequest, rejected, unavailable } from '../kernel/errors.js';
import type { Account, User } from './model.js';
import type { Session } from './sessions.js';
import { serverInfo } from './session-views.js';
import { valueAccount } from './valuation.js';

/** Ids of the accounts whose master account is `accountId` (an advisor's or broker's clients). */
export function childAccountIds(
  brokerage: Pick<Brokerage, 'accounts'>,
  accountId: string,
): string[] {
  return brokerage
    .accounts()
    .filter((account) => account.parent === accountId)
    .map((account) => account.id);
}

/** The user whose own (not dynamic) accounts include this one: its holder or its advisor. */
export function holderOf(brokerage: Pick<Brokerage, 'users'>, accountId: string): User | undefined {
  return brokerage.users().find((user) => user.accounts.includes(accountId));
}

/** Whether the account is a financial advisor's master account. */
export function isAdvisorMaster(
  brokerage: Pick<Brokerage, 'accounts' | 'users'>,
  account: Account,
): boolean {
  return (
    childAccountIds(brokerage, account.id).length > 0 &&
    (holderOf(brokerage, account.id)?.properties.includes('FA') ?? false)
  );
}

/** Whether the account is a client account managed by a financial advisor. */
export function isAdvisorClient(
  brokerage: Pick<Brokerage, 'accounts' | 'users' | 'account'>,
  account: Account,
): boolean {
  const master = account.parent === undefined ? undefined : brokerage.account(account.parent);
  return master !== undefined && isAdvisorMaster(brokerage, master);
}

export function hasDynamicAccounts(user: User): boolean {
  return user.properties.includes('DYNACCT');
}

/** The alias to show: the account's own, or its id when it has none. */
export function aliasOf(account: Account): string {
  return account.alias === '' ? account.id : account.alias;
}

/** The accounts the session trades: the user's own (an advisor's master first), plus the dynamic
 * account selected in this session, if any. */
export function tradedAccounts(
  brokerage: Pick<Brokerage, 'account' | 'userOf'>,
  session: Session,
): Account[] {
  const ids = [...brokerage.userOf(session).accounts];
  if (!ids.includes(session.selectedAccountId)) ids.push(session.selectedAccountId);
  return ids.map((id) => brokerage.account(id)).filter((account) => account !== undefined);
}

/** Selects one of the user's accounts for trading; only multi-account users may switch. The
 * account already selected is no switch (the service answers so even to a single-account user,
 * as a recording shows): `changed` is false then. */
export function switchAccount(
  brokerage: Pick<Brokerage, 'sessions' | 'account' | 'userOf'>,
  session: Session,
  accountId: string,
): { account: Account; changed: boolean } {
  const user = brokerage.userOf(session);
  const account = brokerage.account(accountId);
  if (account && accountId === session.selectedAccountId && user.accounts.includes(accountId)) {
    return { account, changed: false };
  }
  if (user.accounts.length < 2) throw rejected(accountTexts.singleAccount);
  if (!account || !user.accounts.includes(accountId)) throw rejected(accountTexts.invalidAccount);
  brokerage.sessions.update(session, { selectedAccountId: account.id });
  return { account, changed: true };
}

function requireDynamicAccounts(brokerage: Pick<Brokerage, 'userOf'>, session: Session): User {
  const user = brokerage.userOf(session);
  if (!hasDynamicAccounts(user)) throw unavailable(accountTexts.dynamicAccountsUnavailable);
  return user;
}

/** The accounts a DYNACCT user reaches whose id or alias contains the pattern, ignoring case. */
export function searchDynamicAccounts(
  brokerage: Pick<Brokerage, 'account' | 'userOf' | 'accessibleAccountIds'>,
  session: Session,
  pattern: string,
): Account[] {
  requireDynamicAccounts(brokerage, session);
  const needle = pattern.toLowerCase();
  return brokerage
    .accessibleAccountIds(session)
    .map((id) => brokerage.account(id))
    .filter((account) => account !== undefined)
    .filter(
      (account) =>
        account.id.toLowerCase().includes(needle) || account.alias.toLowerCase().includes(needle),
    );
}

/** The allocation structure an account belongs to: the digits of its master account's id. */
export function allocationIdOf(account: Account): string {
  return (account.parent ?? account.id).replace(/\D/g, '');
}

/** Selects a reachable account of a DYNACCT user for trading; answers the user's roles on it. */
export function setDynamicAccount(
  brokerage: Pick<Brokerage, 'sessions' | 'userOf' | 'accountFor'>,
  session: Session,
  accountId: string,
): { account: Account; roles: string[] } {
  requireDynamicAccounts(brokerage, session);
  const account = brokerage.accountFor(session, accountId, () =>
    rejected(accountTexts.invalidAccount),
  );
  brokerage.sessions.update(session, { selectedAccountId: account.id });
  const own = account.owners
    .filter((owner) => owner.username === session.username)
    .map((owner) => owner.roleId);
  // A broker trading a client's account is not among its owners: it trades it.
  return { account, roles: own.length > 0 ? own : ['TRADER'] };
}

const chartPeriodsByType: Record<string, string[]> = {
  STK: ['*'],
  OPT: ['2h', '1d', '2d', '1w', '1m'],
  FUT: ['*'],
  CASH: ['*'],
};

function accountProperties(
  brokerage: Pick<Brokerage, 'accounts'>,
  account: Account,
): Schema<'AccountProperties'> {
  const hasChildAccounts = childAccountIds(brokerage, account.id).length > 0;
  return {
    hasChildAccounts,
    supportsCashQty: true,
    // A master account allocates orders to its clients in whole shares.
    supportsFractions: !hasChildAccounts,
    allowCustomerTime: false,
    liteUnderPro: false,
    noFxConv: !account.permissions.includes('CASH'),
    isProp: false,
    autoFx: false,
  };
}

/** The answer of the accounts list, for this session; calling it is recorded on the session. */
export function accountsList(
  brokerage: Pick<Brokerage, 'accounts' | 'sessions' | 'account' | 'userOf'> & {
    readonly store: AccountsStore;
  },
  session: Session,
): Schema<'AccountsResponse'> {
  const user = brokerage.userOf(session);
  const accounts = tradedAccounts(brokerage, session);
  const permissions = [...new Set(accounts.flatMap((account) => account.permissions))];
  brokerage.sessions.update(session, { accountsQueried: true });
  return {
    accounts: accounts.map((account) => account.id),
    acctProps: Object.fromEntries(
      accounts.map((account) => [account.id, accountProperties(brokerage, account)]),
    ),
    aliases: Object.fromEntries(accounts.map((account) => [account.id, aliasOf(account)])),
    allowFeatures: {
      allowEventContract: permissions.includes('EVENT'),
      allowFXConv: permissions.includes('CASH'),
      allowMTA: true,
      allowTypeAhead: true,
      allowEventTrading: permissions.includes('EVENT'),
      snapshotRefreshTimeout: 30,
      liteUser: false,
      showWebNews: true,
      research: true,
      allowDynAccount: hasDynamicAccounts(user),
      allowCrypto: false,
      allowedAssetTypes: permissions.join(','),
      allowFA: user.properties.includes('FA'),
      allowLiteUnderPro: false,
      restrictTradeSubscription: false,
      showUkUserLabels: false,
      sideBySide: true,
    },
    chartPeriods: Object.fromEntries(
      permissions.flatMap((type) =>
        chartPeriodsByType[type] ? [[type, chartPeriodsByType[type]]] : [],
      ),
    ),
    groups: brokerage.store
      .collection('allocationGroups')
      .values()
      .filter((group) => group.username === user.username)
      .map((group) => group.name),
    profiles: [],
    selectedAccount: session.selectedAccountId,
    serverInfo,
    sessionId: session.id,
    isFT: false,
    isPaper: false,
  };
}

/** The account whose values a summary operation asks for: one the session may see (400 with the
 * service's text otherwise). */
export function reportedAccount(
  brokerage: Pick<Brokerage, 'accountFor'>,
  session: Session,
  accountId: string,
): Account {
  return brokerage.accountFor(session, accountId, () =>
    badRequest(accountTexts.accountNotValid(accountId)),
  );
}

/** The users and signatures of an account the session may see (400 otherwise). */
export function signaturesAndOwners(
  brokerage: Pick<Brokerage, 'accountFor'>,
  session: Session,
  accountId: string,
): Schema<'SignaturesAndOwners'> {
  const account = brokerage.accountFor(session, accountId);
  return {
    accountId: account.id,
    users: account.owners.map((owner, index) => {
      const { firstName, lastName, entityType } = owner.entity;
      const entityName = `${firstName} ${lastName}`;
      return {
        roleId: owner.roleId,
        hasRightCodeInd: index === 0,
        userName: owner.username,
        // An organisation has a name, not a first and last name.
        entity:
          entityType === 'ORG'
            ? { entityType, entityName }
            : { firstName, lastName, entityType, entityName },
      };
    }),
    applicant: { signatures: [...account.signatures] },
  };
}

/** Profit and loss of each traded account, keyed `<accountId>.Core`. The first request of a
 * session starts the computation and answers an empty array, as the service does. */
export function partitionedPnl(
  brokerage: Pick<Brokerage, 'sessions' | 'market' | 'account' | 'userOf'>,
  session: Session,
): Schema<'PartitionedPnl'> {
  if (!session.pnlRequested) {
    brokerage.sessions.update(session, { pnlRequested: true });
    return { upnl: [] };
  }
  return { upnl: pnlByPartition(brokerage, session) };
}

/** Profit and loss of each traded account, keyed `<accountId>.Core` (the partitioned P&L
 * operation's `upnl`, and the `spl` stream). */
export function pnlByPartition(
  brokerage: Pick<Brokerage, 'market' | 'account' | 'userOf'>,
  session: Session,
): Record<string, Schema<'PnlEntry'>> {
  return Object.fromEntries(
    tradedAccounts(brokerage, session).map((account) => [
      `${account.id}.Core`,
      pnlEntry(valueAccount(account, brokerage.market)),
    ]),
  );
}
