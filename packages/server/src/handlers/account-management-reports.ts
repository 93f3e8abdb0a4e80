import { pdfMimeType, reportEnvelope, type ReportFile } from '../domain/reports/report-formats.js';
import { BinaryBody } from '../http/binary-body.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Whether the request's `Accept` prefers a PDF to JSON (a media range's quality decides; the
 * first listed wins a tie). */
function prefersPdf(accept: string | string[] | undefined): boolean {
  const ranges = (Array.isArray(accept) ? accept.join(',') : (accept ?? ''))
    .split(',')
    .map((range) => {
      const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
      const quality = parameters.find((parameter) => parameter.startsWith('q='));
      return { type, q: quality ? Number(quality.slice(2)) : 1 };
    });
  const weight = (type: string) =>
    ranges.findIndex((range) => range.type === type && range.q > 0) === -1
      ? -1
      : Math.max(...ranges.filter((range) => range.type === type).map((range) => range.q));
  const pdf = weight(pdfMimeType);
  return pdf >= 0 && pdf > weight('application/json') && pdf > weight('*/*');
}

/** The account-management reports (`/gw/api/v1`); the gate has checked the token's scope and
 * gives the client, whose end users own the accounts it may read. */
export const accountManagementReportsHandlers = ({
  reports,
}: HandlerContext): HandlerGroup<
  | 'generateStatement'
  | 'getAvailableStatementDates'
  | 'generateTaxDocument'
  | 'getAvailableTaxDocuments'
  | 'generateTradeConfirmation'
  | 'getAvailableTradeConfirmationDates'
> => {
  /** The document as the caller prefers it: the PDF itself, or the JSON envelope. */
  const answer = async (
    file: Promise<ReportFile>,
    gzip: boolean | undefined,
    accept: string | string[] | undefined,
  ) => {
    const document = await file;
    return document.mimeType === pdfMimeType && prefersPdf(accept)
      ? new BinaryBody(document.bytes, pdfMimeType)
      : reportEnvelope(document, gzip ?? false);
  };
  return {
    generateStatement: (request) =>
      answer(
        reports.statement(request.client, request.body, request.signal),
        request.body.gzip,
        request.headers.accept,
      ),
    generateTradeConfirmation: (request) =>
      answer(
        reports.tradeConfirmation(request.client, request.body, request.signal),
        false,
        request.headers.accept,
      ),
    generateTaxDocument: (request) =>
      answer(
        reports.taxDocument(request.client, request.body, request.signal),
        request.body.gzip,
        request.headers.accept,
      ),
    getAvailableStatementDates: (request) =>
      reports.statementDates(request.client, request.query.accountId),
    getAvailableTradeConfirmationDates: (request) =>
      reports.tradeConfirmationDates(request.client, request.query.accountId),
    getAvailableTaxDocuments: (request) =>
      reports.taxDocuments(request.client, request.query.accountId, request.query.year),
  };
};
