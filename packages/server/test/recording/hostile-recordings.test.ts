// `compare` and `replay` treat a recording as untrusted input (issue 39, finding 9): an answer
// nested 100,000 levels deep is compared without overflowing the stack, and a file they cannot
// read whole (cut short, an entry they could not send) stops them with a message naming the file
// and the entry, and a non-zero exit code.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '../../src/bin/main.js';
import { usageExitCode } from '../../src/bin/usage.js';

const folder = mkdtempSync(join(tmpdir(), 'hostile-'));

const entry = (method: string, path: string, answer: string) => ({
  startedDateTime: '2026-01-05T15:00:00.000Z',
  time: 1,
  request: {
    method,
    url: `http://127.0.0.1:5000${path}`,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [],
    queryString: [],
    headersSize: -1,
    bodySize: 0,
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [{ name: 'content-type', value: 'application/json' }],
    content: { size: answer.length, mimeType: 'application/json', text: answer },
    redirectURL: '',
    headersSize: -1,
    bodySize: answer.length,
  },
  cache: {},
  timings: { send: 0, wait: 1, receive: 0 },
});

function recording(name: string, text: string): string {
  const file = join(folder, name);
  writeFileSync(file, text);
  return file;
}

const har = (...entries: unknown[]) => JSON.stringify({ log: { version: '1.2', entries } });

async function run(...argv: string[]) {
  const stderr = new PassThrough();
  let errors = '';
  stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    const started = await main(['node', 'brokerage-server', ...argv], {
      stdout: new PassThrough().resume(),
      stderr,
    });
    return { started, errors };
  } catch (error) {
    return { error: error as { exitCode?: number }, errors };
  }
}

describe('hostile recordings', () => {
  it('compares an answer nested 100,000 levels deep and reports how it differs', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const file = recording('deep.har', har(entry('GET', '/v1/api/portfolio/accounts', deep)));
    const { started } = await run('compare', file, '--json');
    if (started?.kind !== 'compare') throw new Error('expected a comparison');
    expect(started.exitCode).toBe(1);
    expect(started.comparison.operations[0]?.shapes.length).toBeGreaterThan(0);
  }, 30_000);

  it.each([
    [
      'a CONNECT entry',
      () => har(entry('GET', '/v1/api/iserver/accounts', '{}'), entry('CONNECT', '/x', '{}')),
      'entry 1 has a method that cannot be sent again: "CONNECT"',
    ],
    [
      'a file cut short',
      () => har(entry('GET', '/v1/api/iserver/accounts', '{}')).slice(0, -30),
      'cut short after 0 whole entries: entry 0 is not whole',
    ],
    [
      'a recording cut short by a crash',
      () =>
        `{"log":{"version":"1.2","entries":[\n${JSON.stringify(entry('GET', '/v1/api/iserver/accounts', '{}'))},\n{"startedDateTime":`,
      'cut short after 1 whole entry: entry 1 is not whole',
    ],
    [
      'an entry with a relative URL',
      () =>
        har({
          ...entry('GET', '/x', '{}'),
          request: { ...entry('GET', '/x', '{}').request, url: '/x' },
        }),
      'entry 0 has a request URL that is not absolute',
    ],
  ])(
    'compare and replay refuse %s, naming the file and the entry, exit code 2',
    async (name, text, message) => {
      const file = recording(`${name.replace(/\W+/g, '-')}.har`, text());
      for (const command of ['compare', 'replay']) {
        const { error, errors } = await run(
          command,
          file,
          ...(command === 'replay' ? ['--port', '0'] : []),
        );
        expect(error?.exitCode).toBe(usageExitCode);
        expect(errors).toContain(file);
        expect(errors).toContain(message);
      }
    },
  );
});
