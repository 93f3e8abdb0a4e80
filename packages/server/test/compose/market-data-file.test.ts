// A --market-replay file is read as it arrives: a CSV a piece at a time for its contract's
// exchange, a pipe too (whose size no stat tells: `<(curl ...)`), stopped with a 413 past 64 MiB
// while the writer still writes, the file named in every error.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMarketDataFile } from '../../src/compose/market-data-file.js';
import { AAPL } from '../trading-helpers.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

const directory = mkdtempSync(join(tmpdir(), 'market-data-'));
const csv = [
  'time,open,high,low,close,volume',
  '2026-01-06 09:30,100,101,99.5,100.5,400',
  '2026-01-06 09:31,100.5,100.8,100.1,100.2,800',
].join('\n');

describe('a market replay file', () => {
  it("reads a CSV for its contract's exchange, its local times the exchange's", async () => {
    const file = join(directory, 'day.csv');
    writeFileSync(file, csv);
    const source = await readMarketDataFile(file, AAPL);
    expect(source.read?.exchange).toBe('NASDAQ');
    expect(source.read?.replay.bars.at(0)).toMatchObject({
      where: 'row 2',
      t: Date.parse('2026-01-06T14:30:00Z'),
    });
    await expect(readMarketDataFile(file, 999_999_999)).rejects.toThrow(
      `${file}: Contract 999999999 is not listed in the shipped fixtures: give the exchange its bars are read for`,
    );
    expect((await readMarketDataFile(file, 999_999_999, { exchange: 'NYSE' })).read?.exchange).toBe(
      'NYSE',
    );
    await expect(readMarketDataFile(join(directory, 'none.csv'), AAPL)).rejects.toThrow(
      `${join(directory, 'none.csv')}: cannot be read (ENOENT)`,
    );
  });

  it('stops reading a pipe that would never end at 64 MiB, with a 413 naming it', async () => {
    const pipe = join(directory, 'upstream.csv');
    execFileSync('mkfifo', [pipe]);
    // The upstream: a header, then comment lines for as long as anyone reads.
    const writer = createWriteStream(pipe);
    let written = 0;
    writer.on('error', () => undefined);
    const line = `# ${'w'.repeat(1000)}\n`.repeat(64);
    const writeOn = () => {
      while (!writer.destroyed && writer.write(written === 0 ? 'time,open,high,low,close\n' : line))
        written += line.length;
    };
    writer.on('drain', writeOn);
    writer.on('open', writeOn);
    await expect(readMarketDataFile(pipe, AAPL)).rejects.toThrow(
      `${pipe}: The market data is larger than 64 MiB, the most a replay reads`,
    );
    // The reader let go: the writer's next writes fail (EPIPE) and it stops.
    await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    expect(written).toBeLessThan(80 * 1024 * 1024);
  });
});
