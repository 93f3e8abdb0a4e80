import { hex } from './hex.js';

/** A digest of a text's UTF-8 bytes, hex: Web Crypto's (`globalThis.crypto`, in Node 20 as in
 * browsers), so that the domain runs in a browser too. */
async function digestHex(algorithm: 'SHA-1' | 'SHA-256', text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(algorithm, new TextEncoder().encode(text));
  return hex(new Uint8Array(digest));
}

/** SHA-256 of a text, hex. */
export const sha256Hex = (text: string): Promise<string> => digestHex('SHA-256', text);

/** SHA-1 of a text, hex (the checksum the service gives its files). */
export const sha1Hex = (text: string): Promise<string> => digestHex('SHA-1', text);

/** Bytes, base64-encoded (`btoa` exists in Node 20 as in browsers). */
export function base64Bytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A text's UTF-8 bytes, base64-encoded. */
export const base64Utf8 = (text: string): string => base64Bytes(new TextEncoder().encode(text));
