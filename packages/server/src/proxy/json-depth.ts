// How deep a JSON text nests, found by one pass over its bytes without parsing it: a text nested
// deeper than any answer of the document is refused before JSON.parse, the validators and their
// error formatting, which all recurse on the value and would blow the stack.

const quote = 0x22;
const backslash = 0x5c;
const opening = new Set([0x5b, 0x7b]); // [ {
const closing = new Set([0x5d, 0x7d]); // ] }

/** True when `text` (UTF-8) opens more than `limit` arrays or objects inside one another. Bytes
 * of multi-byte characters never equal these ASCII codes, so the bytes need no decoding. */
export function nestsDeeperThan(text: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const byte = text[i] as number;
    if (inString) {
      if (byte === backslash) i += 1;
      else if (byte === quote) inString = false;
    } else if (byte === quote) inString = true;
    else if (opening.has(byte)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (closing.has(byte)) depth -= 1;
  }
  return false;
}
