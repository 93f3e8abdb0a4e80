import type { Response } from 'express';

/**
 * JSON bodies with the text of immutable parts kept. A deeply frozen object (a record or a view
 * the domain keeps as a value, such as an order's list view) always serialises to the same text,
 * so it is made once and reused by every answer that contains it: a list of the day's orders
 * costs the joining of texts already made, not a serialisation of every order per call.
 * Everything else is serialised by `JSON.stringify`, as Express would.
 */
const kept = new WeakMap<object, string>();
/** Frozen objects found to hold something that can change: never kept. */
const changeable = new WeakSet<object>();

/** The answer's containers are walked this deep looking for kept parts (the answer, its lists,
 * their items); below that a part that is not kept is left whole to `JSON.stringify`. */
const walkedDepth = 2;

/** What `JSON.stringify(body)` answers, with the kept parts' text reused. */
export function jsonText(body: unknown): string | undefined {
  return serialise(body, 0);
}

/** Whether `value` is deeply frozen plain data (a kept view): its text, and whatever is checked
 * about it, never changes. Its text is kept from then on. */
export function isImmutable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (kept.has(value)) return true;
  if (!Object.isFrozen(value) || !isPlainContainer(value) || changeable.has(value)) return false;
  if (!isDeeplyFrozen(value)) {
    changeable.add(value);
    return false;
  }
  kept.set(value, JSON.stringify(value));
  return true;
}

function serialise(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (isImmutable(value)) return kept.get(value);
  if (depth >= walkedDepth || !isPlainContainer(value)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let items = '';
    for (let index = 0; index < value.length; index++) {
      items += `${index > 0 ? ',' : ''}${serialise(value[index], depth + 1) ?? 'null'}`;
    }
    return `[${items}]`;
  }
  let members = '';
  for (const key of Object.keys(value)) {
    const member = serialise((value as Record<string, unknown>)[key], depth + 1);
    if (member !== undefined) members += `${members ? ',' : ''}${JSON.stringify(key)}:${member}`;
  }
  return `{${members}}`;
}

/** Arrays and plain objects: what `JSON.stringify` writes member by member (no `toJSON`). */
function isPlainContainer(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (
    (prototype === Object.prototype || prototype === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function isDeeplyFrozen(value: object): boolean {
  for (const member of Object.values(value)) {
    if (typeof member !== 'object' || member === null || kept.has(member)) continue;
    if (!Object.isFrozen(member) || !isPlainContainer(member) || !isDeeplyFrozen(member)) {
      return false;
    }
  }
  return true;
}

/** The content type `res.send` makes of `application/json` for a text. */
const jsonType = 'application/json; charset=utf-8';

/** Express's `res.json`, serialising with `jsonText`. Installed on the app's response, it is also
 * what express-openapi-validator calls after validating the body. An answer that `res.send` would
 * only label and measure (no content type or length set yet, no ETag to make, no freshness to
 * check, a status with a body) is ended here with the same headers: Node then writes the head
 * and the text in one write, where `res.send` first copies a text of 1,000 bytes or more into a
 * buffer, which Node writes beside the head. */
export function sendJson(this: Response, body: unknown): Response {
  const text = jsonText(body);
  if (text !== undefined && sentAsIs(this)) {
    this.setHeader('Content-Type', jsonType);
    this.setHeader('Content-Length', Buffer.byteLength(text));
    if (this.req.method === 'HEAD') this.end();
    else this.end(text, 'utf8');
    return this;
  }
  if (!this.get('Content-Type')) this.set('Content-Type', 'application/json');
  return this.send(text);
}

/** Whether `res.send` would add nothing to the answer but its content type and length. */
function sentAsIs(res: Response): boolean {
  const { statusCode } = res;
  return (
    statusCode !== 204 &&
    statusCode !== 205 &&
    statusCode !== 304 &&
    !res.hasHeader('Content-Type') &&
    !res.hasHeader('Content-Length') &&
    !res.hasHeader('Transfer-Encoding') &&
    !res.hasHeader('ETag') &&
    !res.hasHeader('Last-Modified') &&
    typeof res.app.get('etag fn') !== 'function'
  );
}
