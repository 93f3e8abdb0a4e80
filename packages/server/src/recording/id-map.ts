// Recorded ids onto the sandbox's: where an answer gives an id (`order_id`, `id`, `request_id`,
// `orderId`...) at a path, the live answer's value at the same path is the sandbox's id for it,
// and later requests carry that one instead (in their path, query and body).

/** `id`, `order_id`, `ID`; `orderId` by its capital only (`bid`, `paid`, `valid` are not ids). */
const isIdKey = (key: string) => /(^|_)id$/i.test(key) || /[a-z]Id$/.test(key);
/** Shorter values (a `1`, a `0`) are too likely to be something else than an id. */
const minIdLength = 3;

export class IdMap {
  private readonly ids = new Map<string, string>();

  /** Learns the ids of `recorded` from `live`, walking both answers together. */
  learn(recorded: unknown, live: unknown, key = ''): void {
    if (Array.isArray(recorded) && Array.isArray(live)) {
      recorded.forEach((item, index) => this.learn(item, live[index], key));
    } else if (isObject(recorded) && isObject(live)) {
      for (const [name, item] of Object.entries(recorded)) this.learn(item, live[name], name);
    } else if (
      (typeof recorded === 'string' || typeof recorded === 'number') &&
      (typeof live === 'string' || typeof live === 'number') &&
      isIdKey(key) &&
      String(recorded).length >= minIdLength &&
      String(recorded) !== String(live)
    ) {
      this.ids.set(String(recorded), String(live));
    }
  }

  /** A path or query value, with each `/`-separated part that is a recorded id mapped. */
  text(text: string): string {
    return text
      .split('/')
      .map((part) => this.ids.get(part) ?? part)
      .join('/');
  }

  /** A JSON body with every recorded id mapped (a number stays a number). */
  json(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (isObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.json(item)]));
    }
    if (typeof value === 'string') return this.ids.get(value) ?? value;
    if (typeof value === 'number') {
      const mapped = this.ids.get(String(value));
      return mapped !== undefined && /^\d+$/.test(mapped) ? Number(mapped) : value;
    }
    return value;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
