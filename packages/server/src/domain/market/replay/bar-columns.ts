// Replayed bars are kept as columns of numbers (about 52 bytes a bar), not as an object per bar:
// a year of one-minute bars is 100,000 of them, and a source may hold a million. A bar is made an
// object only when it is read (`at`), one at a time.
import { tooLarge } from '../../kernel/errors.js';

/** One bar to replay, as read from its source: `where` names it in errors (`row 7`, `data[6]`). */
export interface SourceBar {
  where: string;
  /** Start of the bar, epoch milliseconds. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Volume of the bar; undefined when the source has none. */
  v: number | undefined;
}

/** The most bars one replay holds: ten years of one-minute bars of a regular session. A source
 * with more is refused (413) as it is read, before it fills the memory. */
export const maxReplayBars = 1_000_000;

/** Names a bar's place in its source from its number there (`row 7`, `data[6]`). */
export type PlaceName = (place: number) => string;

/** Bars in columns, in the order added: what a replay reads. */
export class BarColumns {
  constructor(
    readonly length: number,
    private readonly columns: {
      t: Float64Array;
      o: Float64Array;
      h: Float64Array;
      l: Float64Array;
      c: Float64Array;
      /** NaN: the bar has no volume. */
      v: Float64Array;
      place: Uint32Array;
    },
    private readonly placeName: PlaceName,
  ) {}

  /** The start of bar `index`, epoch milliseconds. */
  time(index: number): number {
    return this.columns.t[index] as number;
  }

  /** Bar `index` as an object, or undefined past the end. */
  at(index: number): SourceBar | undefined {
    if (index < 0 || index >= this.length) return undefined;
    const { t, o, h, l, c, v, place } = this.columns;
    const volume = v[index] as number;
    return {
      where: this.placeName(place[index] as number),
      t: t[index] as number,
      o: o[index] as number,
      h: h[index] as number,
      l: l[index] as number,
      c: c[index] as number,
      v: Number.isNaN(volume) ? undefined : volume,
    };
  }

  /** The same bars `ms` later (whole days, `onDay`). */
  shifted(ms: number): BarColumns {
    return new BarColumns(
      this.length,
      { ...this.columns, t: this.columns.t.map((t) => t + ms) },
      this.placeName,
    );
  }
}

const initialCapacity = 1024;

/** Collects bars one at a time into columns that grow by doubling, up to `maxBars`. */
export class BarColumnsBuilder {
  #length = 0;
  #t = new Float64Array(initialCapacity);
  #o = new Float64Array(initialCapacity);
  #h = new Float64Array(initialCapacity);
  #l = new Float64Array(initialCapacity);
  #c = new Float64Array(initialCapacity);
  #v = new Float64Array(initialCapacity);
  #place = new Uint32Array(initialCapacity);

  constructor(
    private readonly placeName: PlaceName,
    private readonly maxBars = maxReplayBars,
  ) {}

  get length(): number {
    return this.#length;
  }

  /** The start of the last bar added, or undefined before the first. */
  get lastTime(): number | undefined {
    return this.#length === 0 ? undefined : this.#t[this.#length - 1];
  }

  add(bar: SourceBar, place: number): void {
    if (this.#length === this.maxBars)
      throw tooLarge(
        `${bar.where}: the market data has more than ${this.maxBars.toLocaleString('en-US')} bars, the most a replay holds`,
      );
    if (this.#length === this.#t.length) this.#grow();
    const at = this.#length++;
    this.#t[at] = bar.t;
    this.#o[at] = bar.o;
    this.#h[at] = bar.h;
    this.#l[at] = bar.l;
    this.#c[at] = bar.c;
    this.#v[at] = bar.v ?? Number.NaN;
    this.#place[at] = place;
  }

  /** The columns, trimmed to the bars added. */
  build(): BarColumns {
    const n = this.#length;
    return new BarColumns(
      n,
      {
        t: this.#t.slice(0, n),
        o: this.#o.slice(0, n),
        h: this.#h.slice(0, n),
        l: this.#l.slice(0, n),
        c: this.#c.slice(0, n),
        v: this.#v.slice(0, n),
        place: this.#place.slice(0, n),
      },
      this.placeName,
    );
  }

  #grow(): void {
    const size = Math.min(this.#t.length * 2, this.maxBars);
    const grown = <T extends Float64Array | Uint32Array>(column: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(column);
      return next;
    };
    const float = (n: number) => new Float64Array(n);
    this.#t = grown(this.#t, float);
    this.#o = grown(this.#o, float);
    this.#h = grown(this.#h, float);
    this.#l = grown(this.#l, float);
    this.#c = grown(this.#c, float);
    this.#v = grown(this.#v, float);
    this.#place = grown(this.#place, (n) => new Uint32Array(n));
  }
}
