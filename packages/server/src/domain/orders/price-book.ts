import type { Wake } from './fills.js';

interface Level {
  price: number;
  orderId: number;
}

/** Levels sorted by price, then order id. */
class Ladder {
  readonly #levels: Level[] = [];

  /** The index of the first level not before (price, orderId). */
  #lowerBound(price: number, orderId: number): number {
    let low = 0;
    let high = this.#levels.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const level = this.#levels[middle];
      if (level && (level.price < price || (level.price === price && level.orderId < orderId)))
        low = middle + 1;
      else high = middle;
    }
    return low;
  }

  add(level: Level): void {
    this.#levels.splice(this.#lowerBound(level.price, level.orderId), 0, level);
  }

  remove(level: Level): void {
    const at = this.#lowerBound(level.price, level.orderId);
    if (this.#levels[at]?.orderId === level.orderId) this.#levels.splice(at, 1);
  }

  /** Order ids of the levels at or above the price. */
  from(price: number): number[] {
    return this.#levels.slice(this.#lowerBound(price, -Infinity)).map((level) => level.orderId);
  }

  /** Order ids of the levels at or below the price. */
  upTo(price: number): number[] {
    return this.#levels.slice(0, this.#lowerBound(price, Infinity)).map((level) => level.orderId);
  }

  get size(): number {
    return this.#levels.length;
  }
}

/** One contract's resting orders by the prices that wake them. */
class ContractBook {
  readonly always = new Set<number>();
  /** Orders woken when the price falls to their level (a buy limit, a sell stop). */
  readonly onFall = new Ladder();
  /** Orders woken when the price rises to their level (a sell limit, a buy stop). */
  readonly onRise = new Ladder();

  get size(): number {
    return this.always.size + this.onFall.size + this.onRise.size;
  }
}

/** The working orders of each contract, kept sorted by the price that wakes them, so that a new
 * price finds the orders it can trail, trigger or fill by a binary search instead of a pass over
 * the book. Derived from the stored orders (the store stays the source of truth): `OrderRecords`
 * keeps it on every write and rebuilds it when the store is loaded again. */
export class PriceBook {
  readonly #contracts = new Map<number, ContractBook>();
  readonly #placed = new Map<number, { conid: number; wake: Wake }>();

  /** Places the order by its wake (`never` takes it out of the book). */
  place(orderId: number, conid: number, wake: Wake): void {
    this.remove(orderId);
    if (wake === 'never') return;
    let book = this.#contracts.get(conid);
    if (!book) this.#contracts.set(conid, (book = new ContractBook()));
    if (wake === 'always') book.always.add(orderId);
    else this.#ladder(book, wake).add({ price: wake.price, orderId });
    this.#placed.set(orderId, { conid, wake });
  }

  remove(orderId: number): void {
    const placed = this.#placed.get(orderId);
    if (!placed) return;
    this.#placed.delete(orderId);
    const book = this.#contracts.get(placed.conid);
    if (!book) return;
    const { wake } = placed;
    if (wake === 'always') book.always.delete(orderId);
    else if (wake !== 'never') this.#ladder(book, wake).remove({ price: wake.price, orderId });
    if (book.size === 0) this.#contracts.delete(placed.conid);
  }

  /** Ids of the contract's orders that the price wakes, oldest first. */
  woken(conid: number, price: number): number[] {
    const book = this.#contracts.get(conid);
    if (!book) return [];
    return [...book.always, ...book.onFall.from(price), ...book.onRise.upTo(price)].sort(
      (a, b) => a - b,
    );
  }

  clear(): void {
    this.#contracts.clear();
    this.#placed.clear();
  }

  #ladder(book: ContractBook, wake: Exclude<Wake, 'always' | 'never'>): Ladder {
    return wake.when === 'atOrBelow' ? book.onFall : book.onRise;
  }
}
