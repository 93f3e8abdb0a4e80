// Reads a HAR file back: a whole one, or one cut short by a crash (up to its last whole entry,
// each entry being one line, as har-writer.ts writes them). Errors name the file and the reason.
import { readFileSync } from 'node:fs';
import type { Entry, Har } from 'har-format';
import { operationOf } from './har-entry.js';
import type { RecordedEntry } from './har-entry.js';

export class RecordingError extends Error {}

function parseEntries(text: string, file: string): Entry[] {
  try {
    const har = JSON.parse(text) as Partial<Har>;
    if (!Array.isArray(har.log?.entries))
      throw new RecordingError(`${file}: not a HAR file (no log.entries)`);
    return har.log.entries;
  } catch (error) {
    if (error instanceof RecordingError) throw error;
    // A file cut short: every line but the first that parses is a whole entry.
    const lines = text.split('\n');
    if (!lines[0]?.startsWith('{"log":')) {
      throw new RecordingError(
        `${file}: not a HAR file (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    return lines.slice(1).flatMap((line) => {
      try {
        return [JSON.parse(line.replace(/,$/, '')) as Entry];
      } catch {
        return [];
      }
    });
  }
}

/** The recording's entries in order, each with its operation (found again when absent). */
export function readRecording(file: string): RecordedEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RecordingError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseEntries(text, file).map((entry, index) => {
    if (typeof entry.request?.url !== 'string' || typeof entry.response?.status !== 'number') {
      throw new RecordingError(`${file}: entry ${index} has no request URL or response status`);
    }
    const recorded = entry as Partial<RecordedEntry> & Entry;
    const url = new URL(entry.request.url);
    return {
      ...entry,
      _operationId: recorded._operationId ?? operationOf(entry.request.method, url.pathname),
    };
  });
}

/** The body of a recorded answer as bytes, or undefined when it was not recorded (too large). */
export function responseBytes(entry: Entry): Buffer | undefined {
  const { text, encoding } = entry.response.content;
  if (text === undefined) return undefined;
  return Buffer.from(text, encoding === 'base64' ? 'base64' : 'utf8');
}

/** A WebSocket's entry (its frames in `_webSocketMessages`): neither compared nor replayed. */
export const isSocketEntry = (entry: Entry): boolean =>
  (entry as { _resourceType?: unknown })._resourceType === 'websocket';
