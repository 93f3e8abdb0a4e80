import type { Body, Ok } from '@brokerage/types';
import type { AreaContext } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import type { OAuth2Client } from '../auth/oauth2.js';
import { badRequest, forbidden } from '../kernel/errors.js';
import type { BookedMovement } from '../banking/model.js';
import type { DividendEntitlement } from '../dividends/model.js';
import type { Execution } from '../orders/model.js';
import { dayOfYmd, ym, ymd } from '../portfolio/calendar.js';
import { reported, type ReportedExecution } from './report-executions.js';
import { reportFile, type ReportFile, type ReportMimeType } from './report-formats.js';
import {
  businessDayFrom,
  daysOf,
  keptSpan,
  requestedSpan,
  type DaySpan,
} from './report-periods.js';
import { activityOf, statement, type Activity } from './statement.js';
import { availableForms, taxDocument, type TaxYearActivity } from './tax-document.js';
import { dayMs } from '../kernel/time-format.js';
import { tradeConfirmation } from './trade-confirmation.js';
import { taxVoucher, type VoucherContent } from './tax-voucher.js';

/** The longest range of days one trade-confirmation request covers. */
export const maxConfirmationDays = 31;

const taxFormats = ['PDF', 'HTML', 'CSV', 'JSON'] as const;
const taxMimeTypes: Record<(typeof taxFormats)[number], ReportMimeType> = {
  PDF: 'application/pdf',
  HTML: 'text/html',
  CSV: 'text/csv',
  JSON: 'application/json',
};

export type ReportsContext = AreaContext<'clock', 'market' | 'user' | 'account'>;

/** What the reports read of the records other areas own, asked of their owners (days are UTC
 * days since the epoch, both ends included). */
export interface ReportSources {
  /** Orders: the account's executions kept for the portfolio analyst, in the order they
   * happened. */
  executionsBetween(accountId: string, firstDay: number, lastDay: number): Execution[];
  /** Orders: whether the account executed anything on the day. */
  executedOn(accountId: string, day: number): boolean;
  /** Banking: what settled instructions moved in the account, in the order they settled. */
  movementsBetween(accountId: string, firstDay: number, lastDay: number): BookedMovement[];
  /** Account applications: the OAuth 2.0 client whose application opened the account. */
  openedBy(accountId: string): string | undefined;
  /** Dividends: what was paid to the account from `from` (included) to `to` (excluded), epoch
   * milliseconds, in the order paid. */
  dividendsPaidBetween(accountId: string, from: number, to: number): DividendEntitlement[];
}

/** The account-management reports (`/gw/api/v1`): statements, trade confirmations and tax
 * documents of the accounts of a client's end users, made from the executions the trading
 * operations show, the movements settled banking instructions booked (statements) and the
 * ledger's cash, and the periods each is available for. */
export class Reports {
  constructor(
    private readonly context: ReportsContext,
    private readonly sources: ReportSources,
  ) {}

  /** The account, when it belongs to one of the client's end users (or is a sub-account of one
   * of theirs) or the client opened it (an account application); any other, existing or not, is
   * refused alike. */
  account(client: OAuth2Client, accountId: string): Account {
    const account = this.context.accounts.account(accountId);
    const reachable =
      account !== undefined &&
      (this.sources.openedBy(accountId) === client.clientId ||
        client.endUsers.some((username) => {
          const accounts = this.context.accounts.user(username)?.accounts ?? [];
          return (
            accounts.includes(account.id) ||
            (account.parent !== undefined && accounts.includes(account.parent))
          );
        }));
    if (!account || !reachable)
      throw forbidden(`Account ${accountId} is not an account of the client's end users`);
    return account;
  }

  /** Refuses (403, as `account` does) the first of `accountIds` that exists and that the client
   * may not reach; ids of no account are left to the caller's own rules (banking refuses them in
   * the instruction's answer). */
  refuseUnreachable(client: OAuth2Client, accountIds: readonly string[]): void {
    for (const id of accountIds)
      if (this.context.accounts.account(id) !== undefined) this.account(client, id);
  }

  private executions(accountId: string, span: DaySpan): ReportedExecution[] {
    return this.sources
      .executionsBetween(accountId, span.firstDay, span.lastDay)
      .map((execution) => reported(this.context.accounts, execution));
  }

  /** The dividends paid to the account over the days of `span`. */
  private dividendsPaid(accountId: string, span: DaySpan) {
    return this.sources.dividendsPaidBetween(
      accountId,
      span.firstDay * dayMs,
      (span.lastDay + 1) * dayMs,
    );
  }

  /** The account's executions, settled banking movements and dividends paid over the days of
   * `span`. */
  private activity(accountId: string, span: DaySpan): Activity {
    return activityOf(
      this.context.accounts,
      this.executions(accountId, span),
      this.sources.movementsBetween(accountId, span.firstDay, span.lastDay),
      this.dividendsPaid(accountId, span),
    );
  }

  private taxYearActivity(accountId: string, span: DaySpan): TaxYearActivity {
    return {
      executions: this.executions(accountId, span),
      dividends: this.dividendsPaid(accountId, span),
    };
  }

  private get now(): number {
    return this.context.clock.now();
  }

  statementDates(client: OAuth2Client, accountId: string): Ok<'getAvailableStatementDates'> {
    this.account(client, accountId);
    const kept = keptSpan(this.now);
    const days = daysOf(kept);
    const newestFirst = (values: string[]) => [...new Set(values)].reverse();
    return {
      data: {
        dataType: 'String',
        value: {
          daily: { startDate: ymd(businessDayFrom(kept.firstDay)), endDate: ymd(kept.lastDay) },
          monthly: newestFirst(days.map(ym)),
          annual: newestFirst(days.map((day) => ymd(day).slice(0, 4))),
        },
      },
    };
  }

  tradeConfirmationDates(
    client: OAuth2Client,
    accountId: string,
  ): Ok<'getAvailableTradeConfirmationDates'> {
    const account = this.account(client, accountId);
    return {
      data: {
        dataType: 'String',
        value: daysOf(keptSpan(this.now))
          .filter((day) => this.sources.executedOn(account.id, day))
          .reverse()
          .map(ymd),
      },
    };
  }

  /** The kept days of a tax year (none when it lies outside what is kept). */
  private taxYear(year: number): DaySpan | undefined {
    const kept = keptSpan(this.now);
    const firstDay = Math.max(dayOfYmd(year * 10000 + 101), kept.firstDay);
    const lastDay = Math.min(dayOfYmd(year * 10000 + 1231), kept.lastDay);
    return firstDay <= lastDay ? { firstDay, lastDay } : undefined;
  }

  taxDocuments(
    client: OAuth2Client,
    accountId: string,
    year: number,
  ): Ok<'getAvailableTaxDocuments'> {
    const account = this.account(client, accountId);
    const span = this.taxYear(year);
    const forms = span ? availableForms(this.taxYearActivity(account.id, span)) : [];
    return {
      data: {
        dataType: 'String',
        value: {
          forms: forms.map((taxFormName) => ({
            taxFormName,
            isForm: true,
            formats: [...taxFormats],
          })),
        },
      },
    };
  }

  /** `signal` (here and below): the request the document is made for; a PDF stops when it ends
   * first. */
  async statement(
    client: OAuth2Client,
    request: Body<'generateStatement'>,
    signal?: AbortSignal,
  ): Promise<ReportFile> {
    const account = this.account(client, request.accountId);
    const others = (request.accountIds ?? []).filter((id) => id !== account.id);
    if (others.length > 0)
      throw badRequest(
        `Statements cover one account: accountIds may only repeat ${account.id}, not ${others.join(', ')}`,
      );
    const span = requestedSpan(
      request.startDate,
      request.endDate,
      keptSpan(this.now),
      'Statements',
    );
    // The days after the period, to today: what they moved takes the ledger's cash now back to
    // the period's closing cash (none when the period ends today).
    const later = { firstDay: span.lastDay + 1, lastDay: keptSpan(this.now).lastDay };
    const report = statement(
      account,
      span,
      this.activity(account.id, span),
      this.activity(account.id, later),
      this.now,
    );
    return reportFile(report, request.mimeType ?? 'application/pdf', signal);
  }

  async tradeConfirmation(
    client: OAuth2Client,
    request: Body<'generateTradeConfirmation'>,
    signal?: AbortSignal,
  ): Promise<ReportFile> {
    const account = this.account(client, request.accountId);
    const span = requestedSpan(
      request.startDate,
      request.endDate,
      keptSpan(this.now),
      'Trade confirmations',
    );
    if (span.lastDay - span.firstDay + 1 > maxConfirmationDays)
      throw badRequest(`Trade confirmations cover at most ${maxConfirmationDays} days at once`);
    const report = tradeConfirmation(account, span, this.executions(account.id, span), this.now);
    return reportFile(report, request.mimeType ?? 'application/pdf', signal);
  }

  async taxDocument(
    client: OAuth2Client,
    request: Body<'generateTaxDocument'>,
    signal?: AbortSignal,
  ): Promise<ReportFile> {
    const account = this.account(client, request.accountId);
    const span = this.taxYear(request.year);
    if (!span) throw badRequest(`No tax documents of account ${account.id} for ${request.year}`);
    const report = taxDocument(
      account,
      request.year,
      request.type,
      span,
      this.taxYearActivity(account.id, span),
      this.now,
    );
    return reportFile(report, taxMimeTypes[request.format], signal);
  }

  /** A tax voucher of an account of the client's end users, as a PDF. */
  async taxVoucherPdf(
    client: OAuth2Client,
    accountId: string,
    voucher: VoucherContent,
    signal?: AbortSignal,
  ): Promise<ReportFile> {
    const account = this.account(client, accountId);
    return reportFile(taxVoucher(account, voucher, this.now), 'application/pdf', signal);
  }
}
