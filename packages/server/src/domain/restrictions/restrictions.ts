import type { RestrictionsStore } from './store-view.js';
import type { Body, Ok } from '@brokerage/types';
import type { JWTPayload } from 'jose';
import type { AreaContext } from '../accounts/brokerage.js';
import type { User } from '../accounts/model.js';
import type { OAuth2Client } from '../auth/oauth2.js';
import { badRequest, forbidden, unauthorized } from '../kernel/errors.js';
import { dayMs, startOfUtcDay } from '../kernel/time-format.js';
import type { Index } from '../kernel/store.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { Restriction, RestrictionLink, RestrictionList, RestrictionRequest } from './model.js';
import { linksByAccount } from './restriction-check.js';
import { RestrictionReads } from './restriction-reads.js';
import { decodePayload, parseRestrictionsCsv, type Command } from './restrictions-csv.js';

/** How long a signed apply body may be valid at most. */
export const maxSignedBodySeconds = 60;
/** How long a verified CSV waits to be applied. */
export const verifiedRequestMs = dayMs;

type Result = Ok<'verifyRestrictions'>;

/** Where the service's numbers of restrictions, their rules, lists and list entries start (our
 * figures: the first restriction is 1001, the first list 2001, as in the vendor's examples). */
const firstNumbers = {
  restrictionIds: 1000,
  restrictionRuleIds: 5000,
  restrictionListIds: 2000,
  restrictionListEntryIds: 300000,
} as const;

const restrictionId = (owner: string, name: string) => `${owner}|${name}`;
const linkId = (restriction: string, accountId: string) => `${restriction}|${accountId}`;

export type RestrictionsContext = AreaContext<
  'clock',
  'market' | 'user' | 'account',
  RestrictionsStore
>;

/** Pre-trade compliance: restrictions CSVs verified, then applied, for the end users a client
 * acts for. A CSV that breaks a rule is answered (`success: false`), never half applied: the
 * whole CSV is checked against the state before any of it is written. */
export class Restrictions {
  private readonly linksByRestriction: Index<RestrictionLink>;
  /** The reads by the service's numbers (2.40). */
  readonly reads: RestrictionReads;

  constructor(private readonly context: RestrictionsContext) {
    // The links' indexes, declared here once, before requests; the reads are given them.
    this.linksByRestriction = context.store
      .collection('restrictionLinks')
      .index('byRestriction', (link) => link.restrictionId);
    this.reads = new RestrictionReads(context, {
      byAccount: linksByAccount(context.store),
      byRestriction: this.linksByRestriction,
    });
  }

  private get store() {
    return this.context.store;
  }

  private user(client: OAuth2Client, userName: string): User {
    const user = client.endUsers.includes(userName)
      ? this.context.accounts.user(userName)
      : undefined;
    if (!user) throw forbidden(`The client does not act for user ${userName}`);
    return user;
  }

  /** The first problem of the commands against the current state, or undefined. */
  private problem(user: User, commands: Command[]): string | undefined {
    const owner = user.username;
    const named = new Map<string, boolean>();
    const linked = new Map<string, boolean>();
    const listed = new Map<string, boolean>();
    const exists = (name: string) =>
      named.get(name) ??
      this.store.collection('restrictions').get(restrictionId(owner, name)) !== undefined;
    const listExists = (name: string) =>
      listed.get(name) ??
      this.store.collection('restrictionLists').get(restrictionId(owner, name)) !== undefined;
    const attached = (id: string) =>
      linked.get(id) ?? this.store.collection('restrictionLinks').get(id) !== undefined;
    for (const command of commands) {
      const at = `Line ${command.line}:`;
      const id = restrictionId(owner, command.name);
      if (command.op === 'add') {
        if (exists(command.name)) return `${at} restriction ${command.name} already exists`;
        const { conid } = command.rule;
        if (conid !== undefined && !this.context.accounts.market.instrument(conid))
          return `${at} unknown contract ${conid}`;
        named.set(command.name, true);
        continue;
      }
      if (command.op === 'listAdd') {
        if (listExists(command.name)) return `${at} list ${command.name} already exists`;
        const unknown = command.conids.find(
          (conid) => !this.context.accounts.market.instrument(conid),
        );
        if (unknown !== undefined) return `${at} unknown contract ${unknown}`;
        listed.set(command.name, true);
        continue;
      }
      if (command.op === 'listDelete') {
        if (!listExists(command.name)) return `${at} no list ${command.name}`;
        listed.set(command.name, false);
        continue;
      }
      if (!exists(command.name)) return `${at} no restriction ${command.name}`;
      if (command.op === 'delete') {
        named.set(command.name, false);
        for (const link of this.linksByRestriction.get(id)) linked.set(link.id, false);
        continue;
      }
      const account = this.context.accounts.account(command.accountId);
      const ofUser =
        account !== undefined &&
        (user.accounts.includes(account.id) ||
          (account.parent !== undefined && user.accounts.includes(account.parent)));
      if (!ofUser) return `${at} ${command.accountId} is not an account of user ${owner}`;
      const link = linkId(id, command.accountId);
      if (command.op === 'link' && attached(link))
        return `${at} restriction ${command.name} is already attached to ${command.accountId}`;
      if (command.op === 'unlink' && !attached(link))
        return `${at} restriction ${command.name} is not attached to ${command.accountId}`;
      linked.set(link, command.op === 'link');
    }
    return undefined;
  }

  /** The commands of a CSV, or the first problem of its form or against the state. */
  private checked(user: User, csv: string): { commands: Command[] } | { error: string } {
    const parsed = parseRestrictionsCsv(csv);
    if ('error' in parsed) return parsed;
    const error = this.problem(user, parsed.commands);
    return error === undefined ? parsed : { error };
  }

  verify(client: OAuth2Client, request: Body<'verifyRestrictions'>): Result {
    const user = this.user(client, request.userName);
    const csv = decodePayload(request.payload);
    if (csv === undefined) throw badRequest('payload is not base64-encoded UTF-8 text');
    const answer = (message: string): Result => ({
      success: message === 'OK',
      requestId: request.requestId,
      message,
    });
    const id = `${client.clientId}|${request.requestId}`;
    if (this.store.collection('restrictionRequests').get(id)?.applied)
      return answer(`Request ${request.requestId} was already applied`);
    const checked = this.checked(user, csv);
    if ('error' in checked) return answer(checked.error);
    const record: RestrictionRequest = {
      id,
      requestId: request.requestId,
      userName: user.username,
      csv,
      applied: false,
    };
    this.store
      .collection('restrictionRequests')
      .set(id, record, { expiresAt: this.context.clock.now() + verifiedRequestMs });
    return answer('OK');
  }

  /** Applies the CSV the signed body's claims name, as verified. */
  apply(client: OAuth2Client, claims: JWTPayload): Result {
    const { userName, payload } = claims;
    const requestId = Number(claims.requestId);
    if (
      typeof userName !== 'string' ||
      typeof payload !== 'string' ||
      !(typeof claims.requestId === 'number' || typeof claims.requestId === 'string') ||
      !Number.isSafeInteger(requestId) ||
      requestId < 1
    )
      throw badRequest(
        'The signed body needs the claims userName, requestId (a number) and payload',
      );
    const issuedAt = claims.iat ?? Math.floor(this.context.clock.now() / 1000);
    if (claims.exp === undefined || claims.exp - issuedAt > maxSignedBodySeconds)
      throw unauthorized(`The signed body must expire within ${maxSignedBodySeconds} seconds`);
    const user = this.user(client, userName);
    const csv = decodePayload(payload);
    if (csv === undefined) throw badRequest('payload is not base64-encoded UTF-8 text');
    const answer = (message: string): Result => ({ success: message === 'OK', requestId, message });
    const requests = this.store.collection('restrictionRequests');
    const id = `${client.clientId}|${requestId}`;
    const verified = requests.get(id);
    if (!verified) return answer(`Request ${requestId} was not verified`);
    if (verified.applied) return answer(`Request ${requestId} was already applied`);
    if (verified.userName !== user.username || verified.csv !== csv)
      return answer(`Request ${requestId} was verified with another user or CSV`);
    const checked = this.checked(user, csv);
    if ('error' in checked) return answer(checked.error);
    for (const command of checked.commands) this.run(user.username, command);
    requests.set(
      id,
      { ...verified, applied: true },
      {
        expiresAt: this.context.clock.now() + verifiedRequestMs,
      },
    );
    return answer('OK');
  }

  private run(owner: string, command: Command): void {
    const id = restrictionId(owner, command.name);
    const restrictions = this.store.collection('restrictions');
    const links = this.store.collection('restrictionLinks');
    const now = this.context.clock.now();
    const next = (sequence: keyof typeof firstNumbers) =>
      nextInSequence(this.store, sequence, firstNumbers[sequence]);
    switch (command.op) {
      case 'add': {
        const until = command.rule.tif === 'DAY' ? startOfUtcDay(now) + dayMs : undefined;
        const record: Restriction = {
          id,
          restrictionId: next('restrictionIds'),
          ruleId: next('restrictionRuleIds'),
          owner,
          name: command.name,
          createdAt: now,
          ...command.rule,
          ...(until ? { until } : {}),
        };
        restrictions.set(id, record, until ? { expiresAt: until } : {});
        return;
      }
      case 'listAdd': {
        const list: RestrictionList = {
          id,
          listId: next('restrictionListIds'),
          owner,
          name: command.name,
          entries: command.conids.map((conid) => ({
            entryId: next('restrictionListEntryIds'),
            conid,
          })),
          createdAt: now,
        };
        this.store.collection('restrictionLists').set(id, list);
        return;
      }
      case 'listDelete':
        this.store.collection('restrictionLists').delete(id);
        return;
      case 'delete':
        for (const link of [...this.linksByRestriction.get(id)]) links.delete(link.id);
        restrictions.delete(id);
        return;
      case 'link': {
        const link = linkId(id, command.accountId);
        const until = restrictions.get(id)?.until;
        links.set(
          link,
          { id: link, restrictionId: id, accountId: command.accountId },
          until ? { expiresAt: until } : {},
        );
        return;
      }
      case 'unlink':
        links.delete(linkId(id, command.accountId));
    }
  }
}
