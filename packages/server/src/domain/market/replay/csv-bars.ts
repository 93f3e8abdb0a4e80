import { badRequest } from '../../kernel/errors.js';
import { epochOfLocalTime } from '../exchange-hours.js';
import { numberIn, type SourceBar } from './replay-bars.js';

type Field = 'time' | 'date' | 'o' | 'h' | 'l' | 'c' | 'v';

/** The header names of each field, compared in lower case: the common OHLCV layouts. A `date`
 * column alone holds the whole time; beside a `time` column, the date part of it. */
const headerNames: Record<Field, readonly string[]> = {
  time: ['time', 'datetime', 'date/time', 'date_time', 'timestamp', 'ts', 't'],
  date: ['date', 'day'],
  o: ['open', 'o'],
  h: ['high', 'h'],
  l: ['low', 'l'],
  c: ['close', 'c', 'last'],
  v: ['volume', 'vol', 'v'],
};

const fieldOfHeader = new Map(
  Object.entries(headerNames).flatMap(([field, names]) =>
    names.map((name) => [name, field as Field] as const),
  ),
);

const unquote = (cell: string) => cell.trim().replace(/^"(.*)"$/, '$1');

/** A local date and time: `2026-01-06 09:30`, `2026-01-06T09:30:00`, `20260106 09:30:00`. */
const localPattern = /^(\d{4})-?(\d{2})-?(\d{2})[ T-](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
/** A time with its zone: ISO 8601 ending in `Z` or an offset. */
const zonedPattern = /(Z|[+-]\d{2}:?\d{2})$/;

/** Epoch milliseconds of a time cell: epoch seconds (10 digits) or milliseconds (13 digits), an
 * ISO 8601 time with a zone, or a local date and time of the exchange's `timeZone`. */
function timeIn(where: string, text: string, timeZone: string): number {
  if (/^\d{10}$/.test(text)) return Number(text) * 1000;
  if (/^\d{13}$/.test(text)) return Number(text);
  if (zonedPattern.test(text)) {
    const t = Date.parse(text);
    if (Number.isFinite(t)) return t;
  }
  const local = localPattern.exec(text);
  if (local) {
    const [year = 0, month = 1, day, hour, minute, second = 0] = local
      .slice(1)
      .map((part) => Number(part ?? 0));
    const wall = Date.UTC(year, month - 1, day, hour, minute, second);
    if (Number.isFinite(wall)) return epochOfLocalTime(timeZone, wall);
  }
  throw badRequest(
    `${where}: time ${JSON.stringify(text)} is not a time (epoch seconds or milliseconds, ISO 8601, or a local YYYY-MM-DD hh:mm[:ss])`,
  );
}

/** The columns of each field, from the header row. */
function columnsOf(header: readonly string[]): Partial<Record<Field, number>> {
  const columns: Partial<Record<Field, number>> = {};
  for (const [index, name] of header.entries()) {
    const field = fieldOfHeader.get(unquote(name).toLowerCase());
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
  }
  if (columns.time === undefined && columns.date !== undefined) {
    columns.time = columns.date;
    delete columns.date;
  }
  const missing = (['time', 'o', 'h', 'l', 'c'] as const).filter((f) => columns[f] === undefined);
  if (missing.length > 0) {
    const names = missing.map((field) => headerNames[field][0]).join(', ');
    throw badRequest(
      `row 1: the header has no ${names} column (it names the columns: time or date, open, high, low, close, and volume if any)`,
    );
  }
  return columns;
}

/** The bars of a CSV text: a header row naming the columns (any order, any case; comma,
 * semicolon or tab between cells), then a bar per row. Blank lines and lines starting with `#`
 * are skipped; errors name the row (the line number). Local times are the exchange's
 * (`timeZone`). */
export function barsFromCsv(text: string, timeZone: string): SourceBar[] {
  const lines = meaningfulLines(text);
  const header = lines.next().value;
  if (!header) throw badRequest('The CSV is empty: it needs a header row and a row per bar');
  const separator = [',', ';', '\t'].find((each) => header.line.includes(each)) ?? ',';
  const columns = columnsOf(header.line.split(separator));
  const bars: SourceBar[] = [];
  for (const { line, row } of lines) {
    const where = `row ${row}`;
    const cells = line.split(separator).map(unquote);
    const cell = (field: Field) => {
      const column = columns[field];
      return column === undefined ? undefined : cells[column];
    };
    const time = [cell('date'), cell('time')].filter((part) => part !== undefined).join(' ');
    const volume = cell('v');
    bars.push({
      where,
      t: timeIn(where, time.trim(), timeZone),
      o: numberIn(where, 'open', cell('o')),
      h: numberIn(where, 'high', cell('h')),
      l: numberIn(where, 'low', cell('l')),
      c: numberIn(where, 'close', cell('c')),
      v: columns.v === undefined ? undefined : numberIn(where, 'volume', volume),
    });
  }
  return bars;
}

/** The lines of the text that are neither blank nor comments, with their line numbers, one at a
 * time (no array of every line of a large file). */
function* meaningfulLines(text: string): Generator<{ line: string; row: number }> {
  let start = 0;
  for (let row = 1; start <= text.length; row++) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    const line = text.slice(start, stop > start && text[stop - 1] === '\r' ? stop - 1 : stop);
    if (line.trim() !== '' && !line.trimStart().startsWith('#')) yield { line, row };
    if (end === -1) return;
    start = end + 1;
  }
}
