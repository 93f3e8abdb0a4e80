// A recording cut short by a crash is read back up to its last whole entry.
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
  ])('reads a file cut %s up to its last whole entry', (name, cut, expected) => {
    const { file, text, starts } = written(`${name.replace(/\W+/g, '-')}.har`);
    writeFileSync(file, text.slice(0, cut(text, starts)));
    expect(readRecording(file).map((read) => read.request.url)).toEqual(
      paths.slice(0, expected).map((path) => `http://127.0.0.1:5000/v1/api${path}`),
    );
  });

  it.each<[string, string, RegExp]>([
    ['not JSON nor a HAR head', 'hello', /not a HAR file/],
    ['JSON without entries', '{"log":{}}', /not a HAR file \(no log\.entries\)/],
    [
      'an entry without a status',
      '{"log":{"entries":[{"request":{"url":"http://a/"}}]}}',
      /entry 0 has no request URL or response status/,
    ],
  ])('refuses %s, naming the file', (name, text, reason) => {
    const file = join(folder, `${name.replace(/\W+/g, '-')}.har`);
    writeFileSync(file, text);
    expect(() => readRecording(file)).toThrow(RecordingError);
    expect(() => readRecording(file)).toThrow(new RegExp(`^${file}: ${reason.source}`));
  });
});
