// Market data read as it arrives (a file, a pipe, an upload): parsed a piece at a time, bounded in
// bytes, bars and line length, refused (413 or 400) as soon as a bound is passed without reading
// the rest, and letting the event loop run other work while it reads. The sources are generated
// here, never written out.
import { DomainError } from '../../../src/domain/kernel/errors.js';
import { barsFromCsv } from '../../../src/domain/market/replay/csv-bars.js';
import {
  marketDataLimits,
  maxMarketDataBytes,
  readCsvBars,
  readHistoryAnswerBars,
} from '../../../src/domain/market/replay/market-data-stream.js';
import { replayBarsOf } from '../../../src/domain/market/replay/market-data-source.js';
import type { SourceBar } from '../../../src/domain/market/replay/replay-bars.js';

const minuteMs = 60_000;
const start = Date.parse('2026-01-06T14:30:00Z');
const header = 'time,open,high,low,close,volume\n';
/** Row `index` of one-minute bars, epoch seconds, every bar of the day within a session. */
const row = (index: number) => `${(start + index * minuteMs) / 1000},100,101,99,100.5,10\n`;

/** A source that hands out pieces made by `piece(n)` and counts the bytes it handed out. */
function source(piece: (n: number) => string | undefined) {
  const counted = { bytes: 0, pieces: 0 };
  async function* pieces() {
    for (let n = 0; ; n++) {
      const text = piece(n);
      if (text === undefined) return;
      const bytes = new TextEncoder().encode(text);
      counted.bytes += bytes.length;
      counted.pieces += 1;
      yield bytes;
    }
  }
  return { pieces: pieces(), counted };
}

/** Pieces of about 64 KiB of whole rows, from row `first` on, without end. */
const rowsForever = (n: number) => {
  const perPiece = 1500;
  let text = n === 0 ? header : '';
  for (let index = n * perPiece; index < (n + 1) * perPiece; index++) text += row(index);
  return text;
};

const refusal = async (reading: Promise<unknown>) => {
  const error = await reading.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

describe('market data read as it arrives', () => {
  it('reads rows split anywhere, multi-byte characters too, as the whole text reads', async () => {
    const text = `# bars of the day — “quoted” comment\n${header}${[0, 1, 2, 3].map(row).join('')}`;
    const bytes = new TextEncoder().encode(text);
    // Seven-byte pieces cut rows and the comment's characters apart.
    async function* sevenBytes() {
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    }
    const { replay } = await readCsvBars(sevenBytes(), 'NASDAQ');
    const whole = barsFromCsv(text, 'America/New_York');
    expect(replay.bars.length).toBe(4);
    expect(replay.barMs).toBe(minuteMs);
    expect([0, 1, 2, 3].map((index) => replay.bars.at(index))).toEqual(whole);
  });

  it('stops reading an endless source at 64 MiB with a 413, having read no more than that', async () => {
    // An upstream that would answer 1 GB: comment lines (cheap to skip), 64 KiB a piece.
    const pad = `# ${'x'.repeat(4000)}\n`;
    const piece = pad.repeat(16);
    const { pieces, counted } = source((n) =>
      n === 0 ? header : n < (1024 * 1024 * 1024) / piece.length ? piece : undefined,
    );
    const error = await refusal(readCsvBars(pieces, 'NASDAQ'));
    expect(error.kind).toBe('tooLarge');
    expect(error.message).toMatch(
      /^The market data is larger than 64 MiB, the most a replay reads/,
    );
    expect(counted.bytes).toBeGreaterThan(maxMarketDataBytes);
    expect(counted.bytes).toBeLessThanOrEqual(maxMarketDataBytes + piece.length);
  });

  it('stops at the most bars a replay holds with a 413 naming the row', async () => {
    const { pieces, counted } = source(rowsForever);
    const error = await refusal(
      readCsvBars(pieces, 'NASDAQ', { ...marketDataLimits, maxBars: 2000 }),
    );
    expect(error.kind).toBe('tooLarge');
    expect(error.message).toBe(
      'row 2002: the market data has more than 2,000 bars, the most a replay holds',
    );
    expect(counted.pieces).toBe(2);
  });

  it('stops at a line without end with a 400, having held a few KiB of it', async () => {
    const { pieces, counted } = source((n) => (n === 0 ? header : 'y'.repeat(1024)));
    const error = await refusal(readCsvBars(pieces, 'NASDAQ'));
    expect(error.kind).toBe('badRequest');
    expect(error.message).toBe(
      'row 2: a line is longer than 4096 characters (a CSV of bars has a bar per line)',
    );
    expect(counted.bytes).toBeLessThan(8 * 1024);
  });

  it('names the row of bad data as it reads it, and reads no further', async () => {
    const { pieces, counted } = source((n) =>
      n === 0 ? `${header}${row(0)}${row(1).replace('101', '98')}` : rowsForever(n),
    );
    const error = await refusal(readCsvBars(pieces, 'NASDAQ'));
    expect(error.message).toBe('row 3: high 98 is below low 99');
    expect(counted.pieces).toBe(1);
  });

  it('lets other work run while it reads', async () => {
    let ran = false;
    setTimeout(() => {
      ran = true;
    }, 0);
    // Pieces handed out without waiting (an in-memory source): 3 MiB of rows.
    const { pieces } = source((n) => (n < 48 ? rowsForever(n) : undefined));
    const { replay } = await readCsvBars(pieces, 'NASDAQ');
    expect(replay.bars.length).toBe(48 * 1500);
    expect(ran).toBe(true);
    const last = replay.bars.at(replay.bars.length - 1) as SourceBar;
    expect(last).toMatchObject({
      where: `row ${48 * 1500 + 1}`,
      t: start + (48 * 1500 - 1) * minuteMs,
    });
  });
});

/** Bar `index` of a history answer (`data[index]`): one-minute bars, epoch milliseconds. */
const jsonBar = (index: number) =>
  JSON.stringify({ t: start + index * minuteMs, o: 100, h: 101, l: 99, c: 100.5, v: 10 });

/** Pieces of about 64 KiB of a history answer's bars, without end. */
const jsonBarsForever = (n: number) => {
  const perPiece = 1000;
  let text = n === 0 ? '{"symbol":"AAPL","data":[' : '';
  for (let index = n * perPiece; index < (n + 1) * perPiece; index++)
    text += `${index === 0 ? '' : ','}${jsonBar(index)}`;
  return text;
};

describe('a saved history answer read as it arrives', () => {
  it('reads bars split anywhere as the whole answer reads, its barLength wherever it stands', async () => {
    // The answer states a width (two minutes) other than the smallest step (one): it is read.
    const answer = `{"data":[${[0, 1, 2].map(jsonBar).join(',')}],"text":"“quoted”","barLength":120}`;
    const bytes = new TextEncoder().encode(answer);
    async function* sevenBytes() {
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    }
    const { replay } = await readHistoryAnswerBars(sevenBytes(), 'NASDAQ');
    const whole = replayBarsOf({ history: JSON.parse(answer) }, {
      exchange: 'NASDAQ',
    } as Parameters<typeof replayBarsOf>[1]);
    expect(replay.barMs).toBe(2 * minuteMs);
    expect(whole.barMs).toBe(2 * minuteMs);
    expect(replay.bars.length).toBe(3);
    expect([0, 1, 2].map((index) => replay.bars.at(index))).toEqual(
      [0, 1, 2].map((index) => whole.bars.at(index)),
    );
  });

  it('stops an endless answer at 64 MiB with a 413, having read no more than that', async () => {
    const padding = `"${'x'.repeat(64 * 1024 - 2)}"`;
    const { pieces, counted } = source((n) =>
      n === 0 ? '{"pad":[' : `${n === 1 ? '' : ','}${padding}`,
    );
    const error = await refusal(readHistoryAnswerBars(pieces, 'NASDAQ'));
    expect(error.kind).toBe('tooLarge');
    expect(counted.bytes).toBeGreaterThan(maxMarketDataBytes);
    expect(counted.bytes).toBeLessThanOrEqual(maxMarketDataBytes + padding.length + 1);
  });

  it('stops at the most bars a replay holds with a 413 naming the bar', async () => {
    const { pieces, counted } = source(jsonBarsForever);
    const error = await refusal(
      readHistoryAnswerBars(pieces, 'NASDAQ', { ...marketDataLimits, maxBars: 1500 }),
    );
    expect([error.kind, error.message]).toEqual([
      'tooLarge',
      'data[1500]: the market data has more than 1,500 bars, the most a replay holds',
    ]);
    expect(counted.pieces).toBe(2);
  });

  it('names the bar of bad data as it reads it, and reads no further', async () => {
    const { pieces, counted } = source((n) =>
      n === 0 ? `{"data":[${jsonBar(0)},${jsonBar(1).replace('"h":101', '"h":98')}` : ',1',
    );
    const error = await refusal(readHistoryAnswerBars(pieces, 'NASDAQ'));
    expect(error.message).toBe('data[1]: high 98 is below low 99');
    expect(counted.pieces).toBe(1);
  });

  it('refuses what is not JSON, is cut short or holds no bars, with a 400', async () => {
    const read = async (...texts: string[]) =>
      (await refusal(readHistoryAnswerBars(source((n) => texts[n]).pieces, 'NASDAQ'))).message;
    expect(await read('{"data":[', jsonBar(0))).toMatch(/^not JSON: /);
    expect(await read('{"data":[]} trailing')).toMatch(/^not JSON: Unexpected "t"/);
    expect(await read('{"data":[]}', ' \n', 'trailing')).toBe(
      'not JSON: text after the JSON value: "trailing"',
    );
    expect(await read('{"data":{x}')).toMatch(/^not JSON: Unexpected "x"/);
    expect(await read('{"bars":[', jsonBar(0), ']}\n')).toBe(
      'The history answer has no data: a list of bars {t, o, h, l, c, v}',
    );
  });
});
