import type { Schema } from '@brokerage/types';
import { accountTexts } from './account-texts.js';
import { aliasOf, allocationIdOf } from './accounts.js';
import type { Account } from './model.js';

/** Answers of the account selection operations, built here only: the handlers call the accounts
 * services and hand their results to these views. */

/** The account now selected for trading (switch account), or that it already was. */
export function selectedAccountView(selection: {
  account: Account;
  changed: boolean;
}): Schema<'SwitchAccountResponse'> {
  return selection.changed
    ? { set: true, acctId: selection.account.id }
    : { success: accountTexts.alreadySelected };
}

/** The dynamic account now selected for trading, with the user's roles on it. */
export function selectedDynamicAccountView(
  account: Account,
  roles: string[],
): Schema<'SetDynamicAccountResponse'> {
  return { set: true, acctId: account.id, roles };
}

/** The accounts a dynamic account search matched, with the pattern it searched for. */
export function dynamicSearchView(
  pattern: string,
  matches: Account[],
): Schema<'DynamicAccountSearchResult'> {
  return {
    matchedAccounts: matches.map((account) => ({
      accountId: account.id,
      alias: aliasOf(account),
      allocationId: allocationIdOf(account),
    })),
    pattern,
  };
}
