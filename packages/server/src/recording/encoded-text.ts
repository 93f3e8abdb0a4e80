// Texts a recording carries encoded, so that redaction can reach inside them: a JWT (its header
// and claims are base64url JSON) and base64 content (a statement, a document), gzipped or not.
// Decoded, redacted and encoded again; content that is not text (a PDF) cannot be redacted
// reliably, and is replaced.
import { gunzipSync, gzipSync } from 'node:zlib';

/** The largest encoded content decoded (a bomb costs no more). */
const maxDecodedBytes = 16 * 1024 * 1024;
const jwtPattern = /^([\w-]{2,})\.([\w-]{2,})\.([\w-]*)$/;
const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;
/** Keys whose string values are content: base64 when they look it. */
const contentKey = /data|content|document|file|pdf|payload|body/i;

export interface EncodedText {
  /** The text inside `value` (a JWT's claims, base64 text), or undefined when it holds none. */
  decoded(value: string, key: string): string | undefined;
  /** `value` with the text inside it redacted by `redact` and encoded again, or undefined when it
   * is not encoded content. */
  redacted(value: string, key: string): string | undefined;
}

const utf8 = (bytes: Buffer): string | undefined => {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) && !text.includes('\u0000') ? text : undefined;
};

/** Base64 content: long enough (or under a content key), of the alphabet, whole. */
function base64Of(value: string, key: string): Buffer | undefined {
  if (value.length < (contentKey.test(key) ? 16 : 64) || value.length % 4 !== 0) return undefined;
  if (!base64Pattern.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes, { maxOutputLength: maxDecodedBytes });
    } catch {
      return bytes;
    }
  }
  return bytes;
}

const isGzip = (value: string) => value.startsWith('H4sI');

export function encodedText(redact: (text: string) => string): EncodedText {
  const jwtParts = (value: string) => {
    const match = jwtPattern.exec(value);
    if (!match) return undefined;
    const [header, claims] = [match[1], match[2]].map((part) =>
      utf8(Buffer.from(part ?? '', 'base64url')),
    );
    if (header === undefined || claims === undefined || !header.startsWith('{')) return undefined;
    return { header, claims, signature: match[3] ?? '' };
  };
  return {
    decoded(value, key) {
      const jwt = jwtParts(value);
      if (jwt) return jwt.claims;
      const bytes = base64Of(value, key);
      return bytes === undefined ? undefined : utf8(bytes);
    },
    redacted(value, key) {
      const jwt = jwtParts(value);
      if (jwt) {
        const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
        // The signature cannot survive a change of the claims: it is replaced as well.
        const signature = jwt.signature === '' ? '' : encode('redacted');
        return `${encode(redact(jwt.header))}.${encode(redact(jwt.claims))}.${signature}`;
      }
      const bytes = base64Of(value, key);
      if (bytes === undefined) return undefined;
      const text = utf8(bytes);
      const redactedBytes =
        text === undefined
          ? Buffer.from(`redacted: ${bytes.length} bytes that are not text`, 'utf8')
          : Buffer.from(redact(text), 'utf8');
      return (isGzip(value) ? gzipSync(redactedBytes) : redactedBytes).toString('base64');
    },
  };
}
