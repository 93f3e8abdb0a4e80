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

/** The longest line taken (a bar's row is a few dozen characters): a longer one is refused as
 * it is read, so that a source without line ends is not held whole. */
export const maxCsvLineLength = 4096;

/** Reads the bars of a CSV as its text arrives, a piece at a time (`push`, then `end`): a header
 * row naming the columns (any order, any case; comma, semicolon or tab between cells), then a bar
 * per row, each handed to `onBar` with its row (line) number as soon as its line is complete.
 * Blank lines and lines starting with `#` are skipped; errors name the row. Local times are the
 * exchange's (`timeZone`). Only the line being read is held. */
export class CsvBarReader {
  #rest = '';
  #row = 0;
  #header: { separator: string; columns: Partial<Record<Field, number>> } | undefined;

  constructor(
    private readonly timeZone: string,
    private readonly onBar: (bar: SourceBar, row: number) => void,
  ) {}

  /** Reads the complete lines of `text` (added to what was left of the last piece). */
  push(text: string): void {
    let start = 0;
    let joined = text;
    if (this.#rest !== '') {
      joined = this.#rest + text;
      this.#rest = '';
    }
    for (;;) {
      const end = joined.indexOf('\n', start);
      if (end === -1) break;
      this.#line(joined.slice(start, end > start && joined[end - 1] === '\r' ? end - 1 : end));
      start = end + 1;
    }
    this.#rest = joined.slice(start);
    if (this.#rest.length > maxCsvLineLength) this.#tooLong(this.#row + 1);
  }

  /** Reads the last line (one without a line end); fails when there was no header. */
  end(): void {
    if (this.#rest !== '')
      this.#line(this.#rest.endsWith('\r') ? this.#rest.slice(0, -1) : this.#rest);
    this.#rest = '';
    if (!this.#header)
      throw badRequest('The CSV is empty: it needs a header row and a row per bar');
  }

  #tooLong(row: number): never {
    throw badRequest(
      `row ${row}: a line is longer than ${maxCsvLineLength} characters (a CSV of bars has a bar per line)`,
    );
  }

  #line(line: string): void {
    const row = ++this.#row;
    if (line.length > maxCsvLineLength) this.#tooLong(row);
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    if (!this.#header) {
      const separator = [',', ';', '\t'].find((each) => line.includes(each)) ?? ',';
      this.#header = { separator, columns: columnsOf(line.split(separator)) };
      return;
    }
    const { separator, columns } = this.#header;
    const where = `row ${row}`;
    const cells = line.split(separator).map(unquote);
    const cell = (field: Field) => {
      const column = columns[field];
      return column === undefined ? undefined : cells[column];
    };
    const time = [cell('date'), cell('time')].filter((part) => part !== undefined).join(' ');
    const volume = cell('v');
    this.onBar(
      {
        where,
        t: timeIn(where, time.trim(), this.timeZone),
        o: numberIn(where, 'open', cell('o')),
        h: numberIn(where, 'high', cell('h')),
        l: numberIn(where, 'low', cell('l')),
        c: numberIn(where, 'close', cell('c')),
        v: columns.v === undefined ? undefined : numberIn(where, 'volume', volume),
      },
      row,
    );
  }
}

/** The bars of a whole CSV text (`CsvBarReader`). */
export function barsFromCsv(text: string, timeZone: string): SourceBar[] {
  const bars: SourceBar[] = [];
  const reader = new CsvBarReader(timeZone, (bar) => bars.push(bar));
  reader.push(text);
  reader.end();
  return bars;
}
