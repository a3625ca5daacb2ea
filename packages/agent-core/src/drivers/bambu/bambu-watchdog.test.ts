import { describe, expect, it } from 'vitest';
import { PUSHALL_MIN_INTERVAL_MS, PushallWatchdog } from './bambu-watchdog.js';

const S = 1000;
const MIN = 60 * S;

/** The actions of a watchdog checked every 15 s for `ms`, with messages at the given times. */
function run(ms: number, messagesAt: number[] = []) {
  const watchdog = new PushallWatchdog(60 * S, 0);
  watchdog.onConnect(0);
  const actions: Array<[number, string]> = [];
  for (let now = 15 * S; now <= ms; now += 15 * S) {
    if (messagesAt.some((at) => at <= now && at > now - 15 * S)) watchdog.onMessage(now);
    const action = watchdog.check(now);
    if (action !== 'none') actions.push([now, action]);
    if (action === 'reconnect') break;
  }
  return actions;
}

describe('Bambu pushall watchdog (OpenBambuAPI: no pushall to a P1P more often than every 5 min)', () => {
  it('an idle P1P that answers every pushall gets one every 5 minutes, never sooner', () => {
    const watchdog = new PushallWatchdog(60 * S, 0);
    watchdog.onConnect(0);
    const pushalls: number[] = [];
    for (let now = 15 * S; now <= 60 * MIN; now += 15 * S) {
      const action = watchdog.check(now);
      expect(action).not.toBe('reconnect');
      if (action === 'pushall') {
        pushalls.push(now);
        watchdog.onMessage(now + S); // the full report answers at once
      }
    }
    // at 5, 10, … 60 min: the connect's own pushall at 0 counts toward the first gap
    expect(pushalls.length).toBe(12);
    const gaps = pushalls.map((at, i) => at - (pushalls[i - 1] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PUSHALL_MIN_INTERVAL_MS);
  });

  it('a printing printer that reports every second is never sent a pushall', () => {
    const every = Array.from({ length: 3600 }, (_, i) => i * S);
    expect(run(60 * MIN, every)).toEqual([]);
  });

  it('a stalled broker: one pushall after 5 min, a reconnect a minute later', () => {
    expect(run(7 * MIN)).toEqual([
      [5 * MIN, 'pushall'],
      [6 * MIN, 'reconnect'],
    ]);
  });
});
