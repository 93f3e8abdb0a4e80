// The one table of parameter texts that the reference server and @brokerage/validators must read
// alike (issue 29, fault 8): imported by the tests of types, server and validators, never copied.
// The rule: docs/decisions/service/parameters-numeric-text.md.

/** A text as written in a URL (percent escapes and `+` not yet decoded), and the number an
 * `integer` and a `number` parameter read it as: `null` when it is refused, `'absent'` when a
 * query value is taken as not given. */
export interface NumericTextCase {
  raw: string;
  integer: number | null | 'absent';
  number: number | null | 'absent';
}

export const numericTextCases: readonly NumericTextCase[] = [
  { raw: '1', integer: 1, number: 1 },
  { raw: '01', integer: 1, number: 1 },
  { raw: '%2B1', integer: 1, number: 1 }, // `+1`, the plus written escaped
  { raw: '-0', integer: 0, number: 0 },
  { raw: '-1', integer: -1, number: -1 },
  { raw: '1.5', integer: null, number: 1.5 },
  { raw: '1.0', integer: null, number: 1 },
  { raw: '1.', integer: null, number: null },
  { raw: '.5', integer: null, number: null },
  { raw: '1e3', integer: null, number: null },
  { raw: '1e999', integer: null, number: null },
  { raw: '0x10', integer: null, number: null },
  { raw: '0b1', integer: null, number: null },
  { raw: '0o7', integer: null, number: null },
  { raw: '1_000', integer: null, number: null },
  { raw: 'Infinity', integer: null, number: null },
  { raw: '-Infinity', integer: null, number: null },
  { raw: 'NaN', integer: null, number: null },
  { raw: 'abc', integer: null, number: null },
  { raw: '%201', integer: null, number: null }, // a leading space
  { raw: '+1', integer: null, number: null }, // `+` is a space in a query: ` 1`
  { raw: '1%20', integer: null, number: null },
  { raw: '%091', integer: null, number: null }, // a tab
  { raw: '%20', integer: null, number: null },
  { raw: '', integer: 'absent', number: 'absent' },
];

/** Query texts of a string parameter that the service takes as written: a space sent as `+`
 * (as Python's `requests` and `URLSearchParams` encode it) or `%20`, and reserved characters a
 * client leaves unescaped. Each with the value it decodes to. */
export const stringQueryTexts: readonly { raw: string; value: string }[] = [
  { raw: 'BRK+B', value: 'BRK B' },
  { raw: 'BRK%20B', value: 'BRK B' },
  { raw: 'BRK%2BB', value: 'BRK+B' },
  { raw: 'A:B/C@D', value: 'A:B/C@D' },
];

/** How a text of the table appears decoded in a query (`+` is a space) and in a path (`+` is
 * itself). */
export const decodedText = (raw: string, location: 'path' | 'query'): string =>
  decodeURIComponent(location === 'query' ? raw.replace(/\+/g, ' ') : raw);

/** Operations with a numeric parameter whose range admits most texts of the table, so that a
 * refusal is the reading's, not the range's: `url(raw)` puts a text in place. */
export interface NumericProbe {
  operationId: string;
  /** The parameter's name. */
  name: string;
  location: 'path' | 'query';
  type: 'integer' | 'number';
  url: (raw: string) => string;
  /** The schema's range. */
  inRange: (value: number) => boolean;
}

export const numericProbes: readonly NumericProbe[] = [
  {
    operationId: 'getPortfolioSubaccountsPage',
    name: 'page',
    location: 'query',
    type: 'integer',
    url: (raw) => `/v1/api/portfolio/subaccounts2?page=${raw}`,
    inRange: (value) => value >= 0 && value <= 10000,
  },
  {
    operationId: 'getSecdefInfo',
    name: 'strike',
    location: 'query',
    type: 'number',
    url: (raw) => `/v1/api/iserver/secdef/info?conid=265598&sectype=OPT&month=JAN26&strike=${raw}`,
    inRange: (value) => value > 0,
  },
  {
    operationId: 'getPositions',
    name: 'pageId',
    location: 'path',
    type: 'integer',
    url: (raw) => `/v1/api/portfolio/U1234567/positions/${raw}`,
    inRange: (value) => value >= 0 && value <= 10000,
  },
  {
    operationId: 'getContractInfo',
    name: 'conid',
    location: 'path',
    type: 'integer',
    url: (raw) => `/v1/api/iserver/contract/${raw}/info`,
    inRange: (value) => value >= 1,
  },
];

/** A string query parameter for `stringQueryTexts`. */
export const stringProbe = {
  operationId: 'searchContracts',
  url: (raw: string) => `/v1/api/iserver/secdef/search?symbol=${raw}`,
};

/** One request per probe and text of the table (a path probe skips the blank text: an empty
 * segment is another route), with the value the parameter must be read as, or `null`. */
export function numericRequests(): {
  name: string;
  probe: NumericProbe;
  url: string;
  read: number | null | 'absent';
  accepted: boolean;
}[] {
  return numericProbes.flatMap((probe) =>
    numericTextCases
      .filter((c) => probe.location === 'query' || c.raw !== '')
      .map((c) => {
        // In a path `+` is itself: `+1` is written `%2B1` in a query, `+1` in a path.
        const read = probe.location === 'path' && c.raw === '+1' ? 1 : c[probe.type];
        const accepted = read === 'absent' || (read !== null && probe.inRange(read));
        return {
          name: `${probe.operationId} ${probe.url(c.raw)}`,
          probe,
          url: probe.url(c.raw),
          read,
          accepted,
        };
      }),
  );
}
