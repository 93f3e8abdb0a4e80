// A recording is untrusted input: one cut short by a crash, an entry compare and replay could not
// send again, or anything else that is not a whole HAR, is refused naming the file and the entry.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry } from 'har-format';
import { createHarWriter } from '../../src/recording/har-writer.js';
import { readRecording, RecordingError } from '../../src/recording/read-recording.js';

const folder = mkdtempSync(join(tmpdir(), 'recording-'));

/** A minimal entry for `path`. */
const entry = (path: string): Entry => ({
  startedDateTime: '2024-01-02T15:00:00.000Z',
  time: 1,
  request: {
    method: 'GET',
    url: `http://127.0.0.1:5000/v1/api${path}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [],
    queryString: [],
    headersSize: -1,
    bodySize: 0,
  },
  response: {
    status: 200,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [],
    content: { size: 14, mimeType: 'application/json', text: '{"answer":"x"}' },
    redirectURL: '',
    headersSize: -1,
    bodySize: 14,
  },
  cache: {},
  timings: { send: 0, wait: 1, receive: 0 },
});

const paths = ['/portfolio/accounts', '/iserver/accounts', '/portfolio/U0000001/ledger'];

/** A recording of the three entries; its text and where each entry's line starts. */
function written(name: string): { file: string; text: string; starts: number[] } {
  const file = join(folder, name);
  const writer = createHarWriter(file);
  for (const path of paths) writer.append(entry(path));
  writer.close();
  const text = readFileSync(file, 'utf8');
  const starts = paths.map((path) => text.indexOf(`"url":"http://127.0.0.1:5000/v1/api${path}"`));
  return { file, text, starts };
}

describe('readRecording', () => {
  it('reads a whole recording, each entry with its operation', () => {
    const { file } = written('whole.har');
    expect(readRecording(file).map((read) => read._operationId)).toEqual([
      'getPortfolioAccounts',
      'getAccounts',
      'getLedger',
    ]);
  });

  it.each<[string, (text: string, starts: number[]) => number, number]>([
    ['in the middle of the last entry', (_, starts) => (starts[2] as number) + 30, 2],
    ['in the middle of the second entry', (_, starts) => (starts[1] as number) + 5, 1],
    ['in the first entry', (_, starts) => (starts[0] as number) + 5, 0],
    ['in the closing brackets', (text) => text.length - 3, 3],
    ['just after the head', (text) => text.indexOf('[') + 1, 0],
  ])('refuses a file cut %s, naming the entry cut short', (name, cut, whole) => {
    const { file, text, starts } = written(`${name.replace(/\W+/g, '-')}.har`);
    writeFileSync(file, text.slice(0, cut(text, starts)));
    expect(() => readRecording(file)).toThrow(
      `${file}: cut short after ${whole} whole entr${whole === 1 ? 'y' : 'ies'}: entry ${whole} is not whole`,
    );
  });

  const withEntry = (change: (entry: Entry) => unknown) => {
    const changed = entry('/portfolio/accounts');
    return JSON.stringify({
      log: { entries: [entry('/iserver/accounts'), change(changed) ?? changed] },
    });
  };

  it.each<[string, string, RegExp]>([
    ['not JSON nor a HAR head', 'hello', /not a HAR file/],
    ['JSON without entries', '{"log":{}}', /not a HAR file \(no log\.entries\)/],
    [
      'an entry without a status',
      '{"log":{"entries":[{"request":{"url":"http://a/"}}]}}',
      /entry 0 has no request URL or response status/,
    ],
    [
      'an unknown method',
      withEntry((e) => void (e.request.method = 'CONNECT')),
      /entry 1 has a method that cannot be sent again: "CONNECT"/,
    ],
    [
      'a relative URL',
      withEntry((e) => void (e.request.url = '/v1/api/x')),
      /entry 1 has a request URL that is not absolute/,
    ],
    [
      'headers that are not a list',
      withEntry((e) => void ((e.request as { headers: unknown }).headers = { a: 1 })),
      /entry 1 has headers that are not a list of names and values/,
    ],
    [
      'a status out of range',
      withEntry((e) => void (e.response.status = 1e9)),
      /entry 1 has a status that is not an HTTP status/,
    ],
    [
      'an entry that is null',
      withEntry(() => null).replace(/,\{"startedDateTime.*\]/, ',null]'),
      /entry 1 has no request URL/,
    ],
  ])('refuses %s, naming the file', (name, text, reason) => {
    const file = join(folder, `${name.replace(/\W+/g, '-')}.har`);
    writeFileSync(file, text);
    expect(() => readRecording(file)).toThrow(RecordingError);
    expect(() => readRecording(file)).toThrow(new RegExp(`^${file}: ${reason.source}`));
  });
});
