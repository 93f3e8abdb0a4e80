// A HAR file written as it goes: after each entry the file is a whole, valid HAR (the entry and
// the closing brackets are written in one call, over the previous closing brackets), so a crash
// loses at most the exchange being written. Each entry is one line, so that a file cut in the
// middle of one is read back up to the last whole entry (read-recording.ts).
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Entry } from 'har-format';

const closing = '\n]}}\n';

export interface HarWriter {
  append(entry: Entry): void;
  /** Entries written so far. */
  readonly count: number;
  close(): void;
}

export function createHarWriter(file: string, creator = 'brokerage-server'): HarWriter {
  const fd = openSync(file, 'w');
  const head = `{"log":{"version":"1.2","creator":{"name":${JSON.stringify(creator)},"version":"1"},"entries":[`;
  let position = writeSync(fd, head + closing, 0) - Buffer.byteLength(closing);
  let count = 0;
  let open = true;
  return {
    append(entry) {
      if (!open) return;
      const line = `${count === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`;
      position += writeSync(fd, line + closing, position) - Buffer.byteLength(closing);
      count += 1;
    },
    get count() {
      return count;
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}
