/** The time formats the service uses in payloads, all in UTC. */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function parts(epochMs: number) {
  const date = new Date(epochMs);
  return {
    year: date.getUTCFullYear(),
    month: pad(date.getUTCMonth() + 1),
    day: pad(date.getUTCDate()),
    hours: pad(date.getUTCHours()),
    minutes: pad(date.getUTCMinutes()),
    seconds: pad(date.getUTCSeconds()),
  };
}

/** `yyyyMMdd-HH:mm:ss` (trades, alerts). */
export function dashedTimestamp(epochMs: number): string {
  const p = parts(epochMs);
  return `${p.year}${p.month}${p.day}-${p.hours}:${p.minutes}:${p.seconds}`;
}

/** `yyMMddHHmmss` (orders). */
export function compactTimestamp(epochMs: number): string {
  const p = parts(epochMs);
  return `${pad(p.year % 100)}${p.month}${p.day}${p.hours}${p.minutes}${p.seconds}`;
}

/** Epoch milliseconds of a `yyyyMMdd-HH:mm:ss` UTC time, or undefined when it is not one. */
export function parseDashedTimestamp(text: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})-(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const time = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const check = new Date(time);
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hours > 23 ||
    minutes > 59 ||
    seconds > 59
  ) {
    return undefined;
  }
  return time;
}

const dayMs = 24 * 60 * 60_000;

/** Start (00:00 UTC) of the day of `epochMs`. */
export function startOfUtcDay(epochMs: number): number {
  return Math.floor(epochMs / dayMs) * dayMs;
}

export { dayMs };
