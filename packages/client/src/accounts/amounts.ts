/** The account reports (balances, margins, available funds, market value) carry their numbers as
 * the service formats them: `"1,288,301 USD"`, `"-401,958"`, `"1.092525"`, beside texts such as
 * `n/a` and `Unlimited`. The generated types keep those strings, as they arrive; these helpers
 * read them as numbers. */

/** A number read from a formatted text, with the currency code the text ends with, if any. */
export interface Amount {
  value: number;
  currency?: string;
}

/** Digits with thousands separators and an optional fraction, then an optional currency code. */
const amountPattern = /^(-?[\d,]*\.?\d+)(?: ([A-Z]{3}))?$/;

/** `"1,288,301 USD"` → `{ value: 1288301, currency: 'USD' }`, `"19,441"` → `{ value: 19441 }`;
 * undefined for a text that is not a number (`n/a`, `Unlimited`, `@ 16:00:00`). */
export function parseAmount(text: string): Amount | undefined {
  const match = amountPattern.exec(text.trim());
  const digits = match?.[1];
  if (match === null || digits === undefined) return undefined;
  const value = Number(digits.replace(/,/g, ''));
  const currency = match[2];
  return currency === undefined ? { value } : { value, currency };
}

type Texts = Readonly<Record<string, string | undefined>>;

/** A segment (or a currency entry) with each text read as a number; undefined where the text is
 * not a number or the key was not sent. */
export type NumericSegment<Segment> = { [Key in keyof Segment]: number | undefined };

/** A report with every segment read as numbers; a segment the service did not send stays undefined. */
export type NumericSegments<Report> = {
  [Name in keyof Report]:
    NumericSegment<NonNullable<Report[Name]>> | Extract<Report[Name], undefined>;
};

/** A report read as numbers, with the currency its amounts are in (undefined for the market
 * value, whose entries carry no currency code). */
export interface NumericSummary<Report> {
  currency: string | undefined;
  segments: NumericSegments<Report>;
}

function numericSegment<Segment extends Texts>(segment: Segment): NumericSegment<Segment> {
  return Object.fromEntries(
    Object.entries(segment).map(([key, text]) => [
      key,
      text === undefined ? undefined : parseAmount(text)?.value,
    ]),
  ) as NumericSegment<Segment>;
}

/** The numeric view of an account report: `numericSummary(balances).segments.total.cash` is a
 * number where `balances.total.cash` is `"-401,693 USD"`. */
export function numericSummary<Report extends Readonly<Record<string, Texts | undefined>>>(
  report: Report,
): NumericSummary<Report> {
  const segments = Object.values(report).filter((segment) => segment !== undefined);
  const currency = segments
    .flatMap((segment) => Object.values(segment))
    .map((text) => (text === undefined ? undefined : parseAmount(text)?.currency))
    .find((code) => code !== undefined);
  return {
    currency,
    segments: Object.fromEntries(
      Object.entries(report).map(([name, segment]) => [
        name,
        segment === undefined ? undefined : numericSegment(segment),
      ]),
    ) as NumericSegments<Report>,
  };
}
