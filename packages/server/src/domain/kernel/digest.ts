import { hex } from './hex.js';

/** SHA-256 of a text, hex: Web Crypto's (`globalThis.crypto`, in Node 20 as in browsers), so that
 * the domain runs in a browser too. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return hex(new Uint8Array(digest));
}
