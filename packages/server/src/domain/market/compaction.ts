import { minuteMs, type DayState, type Tick } from './seeded-history.js';

/** Older trades are kept as at most four per quarter hour: the first, the highest, the lowest and
 * the last, the last carrying the quarter's remaining volume. Every bar of 15 minutes or more
 * keeps its open, high, low, close and volume exactly, since bars and sessions start on quarter
 * hours. */
const compactedSlotMs = 15 * minuteMs;
/** Keeps the first, highest, lowest and last trade of each quarter hour of `ticks` (oldest first,
 * with their day states), the last with the quarter's remaining volume. */
export function compact(ticks: readonly Tick[], states: readonly DayState[]): [Tick[], DayState[]] {
  const keptTicks: Tick[] = [];
  const keptStates: DayState[] = [];
  let start = 0;
  while (start < ticks.length) {
    const slot = Math.floor((ticks[start] as Tick).t / compactedSlotMs);
    let end = start;
    let high = start;
    let low = start;
    let volume = 0;
    while (end < ticks.length && Math.floor((ticks[end] as Tick).t / compactedSlotMs) === slot) {
      const tick = ticks[end] as Tick;
      if (tick.price > (ticks[high] as Tick).price) high = end;
      if (tick.price < (ticks[low] as Tick).price) low = end;
      volume += tick.size;
      end++;
    }
    const picked = [...new Set([start, high, low, end - 1])].sort((a, b) => a - b);
    let carried = 0;
    for (const [position, index] of picked.entries()) {
      const tick = ticks[index] as Tick;
      const last = position === picked.length - 1;
      keptTicks.push(last ? { ...tick, size: volume - carried } : tick);
      keptStates.push(states[index] as DayState);
      carried += tick.size;
    }
    start = end;
  }
  return [keptTicks, keptStates];
}
