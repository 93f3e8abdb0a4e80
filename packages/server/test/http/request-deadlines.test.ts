// Every request's abort on one timer of the clock: each open request expires when its own
// deadline passes, in order, and an answered one never does.
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { requestDeadlines, settle } from '../../src/http/request-deadlines.js';

/** A manual clock that counts the timers asked of it. */
function countingClock() {
  const clock = new ManualClock();
  let timers = 0;
  const schedule = clock.schedule.bind(clock);
  clock.schedule = (ms, callback) => {
    timers++;
    return schedule(ms, callback);
  };
  return { clock, timers: () => timers };
}

describe('request deadlines', () => {
  it('expire each open request when its own deadline passes, oldest first', () => {
    const { clock } = countingClock();
    const deadlines = requestDeadlines(clock, 10_000);
    const expired: string[] = [];
    deadlines.start(() => expired.push('first'));
    clock.advance(1_000);
    const second = deadlines.start(() => expired.push('second'));
    clock.advance(1_000);
    deadlines.start(() => expired.push('third'));
    deadlines.start(() => expired.push('fourth'));
    settle(second);

    clock.advance(7_999);
    expect(expired).toEqual([]);
    clock.advance(1);
    expect(expired).toEqual(['first']);
    clock.advance(1_000); // the second's deadline: answered in time
    expect(expired).toEqual(['first']);
    clock.advance(5_000); // one jump past two deadlines runs both, in order
    expect(expired).toEqual(['first', 'third', 'fourth']);
  });

  it('keep one timer of the clock for every request open at once', () => {
    const { clock, timers } = countingClock();
    const deadlines = requestDeadlines(clock, 10_000);
    let expired = 0;
    for (let request = 0; request < 5_000; request++) {
      settle(deadlines.start(() => expired++));
      clock.advance(1);
    }
    expect(timers()).toBe(1);
    clock.advance(10_000); // the one timer fires, finds every request answered, and stops
    expect(expired).toBe(0);
    deadlines.start(() => expired++);
    expect(timers()).toBe(2);
    clock.advance(10_000);
    expect(expired).toBe(1);
  });
});
