import type { Ok } from '@brokerage/types';
import type { AreaContext } from '../accounts/brokerage.js';
import type { User } from '../accounts/model.js';
import type { OAuth2Client } from '../auth/oauth2.js';
import { forbidden } from '../kernel/errors.js';
import type { Index } from '../kernel/store.js';
import type { Restriction, RestrictionLink, RestrictionList } from './model.js';
import type { RestrictionsStore } from './store-view.js';

export type RestrictionReadsContext = AreaContext<
  'clock',
  'market' | 'user' | 'account',
  RestrictionsStore
>;

/** Who reads: the end user the client acts for, and whether the employer track was asked for. */
export interface Reader {
  masterUserName: string;
  isEmpTrack?: string | undefined;
}

/** One answer for everything the caller may not see and everything that does not exist, so that
 * ids cannot be probed (as the service does). */
const denied = () => forbidden('Access denied');

const byNumber = (numbers: number[]) => [...new Set(numbers)].sort((a, b) => a - b);

/** `MM/dd/yyyy` of a UTC day. */
const usDate = (epochMs: number) => {
  const [year, month, day] = new Date(epochMs).toISOString().slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
};

/** The pre-trade compliance reads of 2.40: what the restrictions CSVs applied, by the service's
 * numbers, for the end users a client acts for. */
export class RestrictionReads {
  readonly #linksByAccount: Index<RestrictionLink>;
  readonly #linksByRestriction: Index<RestrictionLink>;
  readonly #restrictionsByNumber: Index<Restriction>;
  readonly #restrictionsByOwner: Index<Restriction>;
  readonly #listsByNumber: Index<RestrictionList>;
  readonly #listsByOwner: Index<RestrictionList>;

  /** `links`: the restriction links by account and by restriction, as the area declared them. */
  constructor(
    private readonly context: RestrictionReadsContext,
    links: { byAccount: Index<RestrictionLink>; byRestriction: Index<RestrictionLink> },
  ) {
    const { store } = context;
    this.#linksByAccount = links.byAccount;
    this.#linksByRestriction = links.byRestriction;
    const restrictions = store.collection('restrictions');
    this.#restrictionsByNumber = restrictions.index('byNumber', (r) => String(r.restrictionId));
    this.#restrictionsByOwner = restrictions.index('byOwner', (r) => r.owner);
    const lists = store.collection('restrictionLists');
    this.#listsByNumber = lists.index('byNumber', (list) => String(list.listId));
    this.#listsByOwner = lists.index('byOwner', (list) => list.owner);
  }

  /** The end user read for: one the client acts for, and not through the employer track (the
   * simulation has none). */
  #master(client: OAuth2Client, reader: Reader): User {
    if (reader.isEmpTrack === 'T' || !client.endUsers.includes(reader.masterUserName))
      throw denied();
    const user = this.context.accounts.user(reader.masterUserName);
    if (!user) throw denied();
    return user;
  }

  /** Whether an account is one of the user's or a sub-account of one of them. */
  #inFamily(master: User, accountId: string): boolean {
    const account = this.context.accounts.account(accountId);
    return (
      account !== undefined &&
      (master.accounts.includes(account.id) ||
        (account.parent !== undefined && master.accounts.includes(account.parent)))
    );
  }

  #live = (restriction: Restriction | undefined): restriction is Restriction =>
    restriction !== undefined &&
    (restriction.until === undefined || restriction.until > this.context.clock.now());

  /** The live restrictions attached to the accounts, by number. */
  #attachedTo(accountIds: string[]): number[] {
    const restrictions = this.context.store.collection('restrictions');
    return byNumber(
      accountIds.flatMap((accountId) =>
        this.#linksByAccount
          .get(accountId)
          .map((link) => restrictions.get(link.restrictionId))
          .filter(this.#live)
          .map((restriction) => restriction.restrictionId),
      ),
    );
  }

  #restriction(master: User, restrictionId: number): Restriction {
    const [restriction] = this.#restrictionsByNumber.get(String(restrictionId));
    if (!this.#live(restriction) || restriction.owner !== master.username) throw denied();
    return restriction;
  }

  accountRestrictions(
    client: OAuth2Client,
    reader: Reader,
    accountId: string,
  ): Ok<'getAccountRestrictions'> {
    const master = this.#master(client, reader);
    if (!this.#inFamily(master, accountId)) throw denied();
    return { status: 'ok', accountId, restrictionIds: this.#attachedTo([accountId]) };
  }

  userRestrictions(
    client: OAuth2Client,
    reader: Reader,
    userName: string,
  ): Ok<'getUserRestrictions'> {
    const master = this.#master(client, reader);
    const user = userName === master.username ? master : this.context.accounts.user(userName);
    if (!user || !user.accounts.some((accountId) => this.#inFamily(master, accountId)))
      throw denied();
    return { status: 'ok', userName, restrictionIds: this.#attachedTo(user.accounts) };
  }

  masterRestrictionIds(client: OAuth2Client, reader: Reader): Ok<'getMasterRestrictionIds'> {
    const master = this.#master(client, reader);
    const numbers = byNumber(
      this.#restrictionsByOwner
        .get(master.username)
        .filter(this.#live)
        .map((restriction) => restriction.restrictionId),
    );
    return {
      status: 'ok',
      masterUserName: reader.masterUserName,
      restrictions: numbers.map((restrictionId) => ({ restrictionId, byOperator: false })),
    };
  }

  masterListIds(client: OAuth2Client, reader: Reader): Ok<'getMasterListIds'> {
    const master = this.#master(client, reader);
    const numbers = byNumber(this.#listsByOwner.get(master.username).map((list) => list.listId));
    return {
      status: 'ok',
      masterUserName: reader.masterUserName,
      lists: numbers.map((listId) => ({ listId, byOperator: false })),
    };
  }

  restrictionDetails(
    client: OAuth2Client,
    reader: Reader,
    restrictionId: number,
  ): Ok<'getRestrictionDetails'> {
    const restriction = this.#restriction(this.#master(client, reader), restrictionId);
    const validity =
      restriction.until === undefined
        ? { validityType: 'GTC' as const }
        : {
            validityType: 'GTD' as const,
            startDate: usDate(restriction.createdAt),
            endDate: usDate(restriction.until - 1),
          };
    return {
      status: 'ok',
      restrictionId,
      rules: [
        {
          ruleId: restriction.ruleId,
          type: restriction.ruleType,
          ...validity,
          ...(restriction.conid === undefined
            ? {}
            : { params: [{ conid: String(restriction.conid) }] }),
        },
      ],
      name: restriction.name,
      description: null,
      message: null,
      applicationType: 'Restrict',
      usageType: 'Trading',
      allowOnly: null,
      matchAll: null,
      isWhiteList: 'F',
    };
  }

  restrictionScope(
    client: OAuth2Client,
    reader: Reader,
    restrictionId: number,
  ): Ok<'getRestrictionScope'> {
    const restriction = this.#restriction(this.#master(client, reader), restrictionId);
    const accountIds = this.#linksByRestriction
      .get(restriction.id)
      .map((link) => link.accountId)
      .sort();
    return accountIds.length === 0
      ? { status: 'ok', restrictionId, scope: 'Inactive' }
      : { status: 'ok', restrictionId, scope: 'Active For Some', accountIds, truncated: false };
  }

  listDetails(client: OAuth2Client, reader: Reader, listId: number): Ok<'getListDetails'> {
    const master = this.#master(client, reader);
    const [list] = this.#listsByNumber.get(String(listId));
    if (!list || list.owner !== master.username) throw denied();
    return {
      status: 'ok',
      listId,
      entries: list.entries.map(({ entryId, conid }) => {
        const instrument = this.context.accounts.market.instrument(conid);
        return {
          id: entryId,
          type: 'CONID',
          createdAt: list.createdAt,
          params: {
            symbol: instrument?.symbol ?? String(conid),
            symboldesc: instrument?.companyName ?? String(conid),
            val: String(conid),
          },
        };
      }),
      type: 'CONID',
      name: list.name,
      description: null,
    };
  }
}
