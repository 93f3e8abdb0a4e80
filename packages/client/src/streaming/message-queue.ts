/** Messages waiting for an async iterator's reader: `push` delivers, `fail` ends the iteration
 * with an error, `end` ends it. */
export class MessageQueue<Message> implements AsyncIterableIterator<Message> {
  readonly #waiting: Message[] = [];
  readonly #readers: {
    resolve: (result: IteratorResult<Message>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  #ended = false;
  #error: unknown;

  constructor(private readonly onReturn: () => void = () => undefined) {}

  push(message: Message): void {
    if (this.#ended) return;
    const reader = this.#readers.shift();
    if (reader) reader.resolve({ value: message, done: false });
    else this.#waiting.push(message);
  }

  fail(error: unknown): void {
    if (this.#ended) return;
    this.#error = error;
    this.#ended = true;
    for (const reader of this.#readers.splice(0)) reader.reject(error);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    for (const reader of this.#readers.splice(0)) reader.resolve({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<Message>> {
    const message = this.#waiting.shift();
    if (message !== undefined) return Promise.resolve({ value: message, done: false });
    if (this.#ended) {
      return this.#error === undefined
        ? Promise.resolve({ value: undefined, done: true })
        : Promise.reject(this.#error);
    }
    return new Promise((resolve, reject) => this.#readers.push({ resolve, reject }));
  }

  /** Leaving a `for await` loop ends the subscription. */
  return(): Promise<IteratorResult<Message>> {
    this.#waiting.length = 0;
    this.end();
    this.onReturn();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
