/** Every error text of the accounts area, in one table: the service's words where its published
 * description or a public client shows them (the source is named), ours otherwise. */
export const accountTexts = {
  /** The service's (vendor example `invalid-account-id` of switch account): a wrong id on switch
   * or set dynamic account, whether unknown or another user's. */
  invalidAccount: 'Invalid account ID',
  /** The service's (vendor response `IServerAccountBadRequest`): an account id the session may
   * not read on the `/iserver/account/{accountId}/summary` operations. */
  accountNotValid: (accountId: string) => `Bad Request: accountId is not valid: ${accountId}`,
  /** The service's, as Voyz/ibind documents it (`accounts_mixin.py`): the 503 of dynamic account
   * search and set for a user without the DYNACCT property. */
  dynamicAccountsUnavailable:
    'Details currently unavailable. Please try again later and contact client services if the issue persists.',
  /** The service's (a recording of ibkr-conduit): switching to the account already selected. */
  alreadySelected: 'Account already set',
  /** Ours: switching needs more than one account (no public source shows the service's words). */
  singleAccount: 'Switching accounts needs a multi-account structure',
  /** The ledger before the portfolio accounts or subaccounts were listed in the session. */
  portfolioFirst: 'Please query /portfolio/accounts or /portfolio/subaccounts first',
  /** Ours: a ledger of an account the session may not see. */
  ledgerNotAccessible: (accountId: string) => `Bad Request: account ${accountId} is not accessible`,
};
