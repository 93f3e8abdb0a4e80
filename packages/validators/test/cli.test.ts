import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { exitCodes, runCli } from '../src/cli-run.js';

// Invalid: a currency is three capitals (every field of an entry may be left out, none wrong).
const invalidLedgerEntry = { currency: 'usd' };
const order = { conid: 265598, orderType: 'LMT', side: 'BUY', tif: 'DAY', price: 190, quantity: 1 };
const folder = mkdtempSync(join(tmpdir(), 'validators-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function run(argv: string[], stdin = '') {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runCli(argv, { stdin: Readable.from([stdin]), stdout, stderr });
  return { code, out, err };
}

describe('brokerage-validate', () => {
  it('validates an NDJSON stream from stdin: counts, summary line, details per invalid line', async () => {
    const lines = [
      JSON.stringify({ acctId: 'U1234567' }),
      JSON.stringify({ acctId: 'U-1' }),
      '',
      '{not json',
      JSON.stringify({ acctId: 'U2345671' }),
    ].join('\n');
    const { code, out, err } = await run(['--schema', 'SwitchAccountRequest', '--ndjson'], lines);
    expect(code).toBe(exitCodes.invalid);
    expect(out).toMatch(/^2 valid, 2 invalid \(NDJSON, \d+\.\d\d s\)\n$/);
    expect(err).toContain('stdin:2: /acctId: must match pattern');
    expect(err).toContain('stdin:4: not JSON');
  });

  it('exits 0 when everything is valid, reading .ndjson files line by line', async () => {
    const file = join(folder, 'orders.ndjson');
    writeFileSync(
      file,
      Array.from({ length: 500 }, () => JSON.stringify({ orders: [order] })).join('\n') + '\n',
    );
    const { code, out, err } = await run(['--operation', 'placeOrders', '--request', file]);
    expect({ code, err }).toEqual({ code: exitCodes.valid, err: '' });
    expect(out).toMatch(/^500 valid, 0 invalid \(NDJSON/);
  });

  it("validates a JSON file against an operation's response by status", async () => {
    const file = join(folder, 'error.json');
    writeFileSync(file, JSON.stringify({ error: 'no bridge', statusCode: 400 }));
    expect((await run(['--operation', 'getLedger', '--status', '400', file])).code).toBe(
      exitCodes.valid,
    );
    const wrong = await run(['--operation', 'getLedger', file]);
    expect(wrong.code).toBe(exitCodes.invalid);
    expect(wrong.out).toMatch(/^0 valid, 1 invalid \(JSON/);
    expect(wrong.err).toContain('required');
  });

  it('limits the details with --max-details and silences them with --quiet', async () => {
    const lines = Array.from({ length: 5 }, () => JSON.stringify(invalidLedgerEntry)).join('\n');
    const limited = await run(['-s', 'LedgerEntry', '--ndjson', '--max-details', '2'], lines);
    expect(limited.err.split('\n').filter((line) => line.startsWith('stdin:'))).toHaveLength(2);
    expect(limited.out).toMatch(/^0 valid, 5 invalid/);
    expect((await run(['-s', 'LedgerEntry', '--ndjson', '-q'], lines)).err).toBe('');
  });

  it('exits 2 on usage errors', async () => {
    expect((await run([])).code).toBe(exitCodes.usage);
    expect((await run(['--schema', 'Ledger', '--operation', 'getLedger'])).code).toBe(
      exitCodes.usage,
    );
    expect((await run(['--schema', 'Nope'])).err).toContain('unknown schema Nope');
    expect((await run(['--operation', 'nope'])).code).toBe(exitCodes.usage);
    expect((await run(['--bogus'])).code).toBe(exitCodes.usage);
    expect((await run(['-s', 'Ledger', join(folder, 'missing.json')])).code).toBe(exitCodes.usage);
  });

  it('lists schemas and operations', async () => {
    const { code, out } = await run(['--list']);
    expect(code).toBe(exitCodes.valid);
    expect(out).toMatch(/schemas: .*\bLedger\b/);
    expect(out).toMatch(/operations: .*\bplaceOrders\b/);
  });
});
