// A copy of the first bytes of a stream (at most `limit`) and the count of them all, taken beside
// whatever else reads the stream: the proxy checks the copy while the bytes go on unchanged.
import type { Readable } from 'node:stream';

export class BoundedCopy {
  private readonly chunks: Buffer[] = [];
  /** Bytes kept in the copy (at most the limit). */
  kept = 0;
  /** Bytes that flowed, copied or not. */
  size = 0;

  /** `onKeep` hears each addition to the copy, for the proxy's count of what it holds. */
  constructor(
    private readonly limit: number,
    private readonly onKeep: (bytes: number) => void,
  ) {}

  /** Copies from `stream` as its data flows; call it in the same tick as the stream's reader is
   * attached (a `data` listener starts the flow on the next tick). */
  tap(stream: Readable): this {
    stream.on('data', (chunk: Buffer) => this.keep(chunk));
    return this;
  }

  /** Adds a chunk (what `tap` does for each of the stream's). */
  keep(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(part);
    this.kept += part.length;
    this.onKeep(part.length);
  }

  /** The copy: the whole body when `size === kept`, else its first `limit` bytes. */
  copy(): Buffer {
    return Buffer.concat(this.chunks, this.kept);
  }
}
