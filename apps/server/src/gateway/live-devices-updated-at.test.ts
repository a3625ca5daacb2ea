import { describe, expect, it } from 'vitest';
import { readyState } from '../../test-support/fake-agent.js';
import { TestClock } from '../../test-support/test-clock.js';
import { LiveDevices } from './live-devices.js';

const link = { send: () => true, close: () => undefined };

/** devices-states' ETag follows updated_at: it moves only when something a person sees does. */
describe('a device’s updated_at', () => {
  function connected() {
    const clock = new TestClock();
    const live = new LiveDevices(clock);
    live.attach(1, link, 'octoprint');
    live.applySnapshot(1, readyState());
    const first = live.get(1).updatedAt;
    clock.advance(3600);
    return { clock, live, first };
  }

  it('stays through signs of life, the same snapshot and patches that change nothing', () => {
    const { live, first } = connected();
    live.markAlive(1);
    live.applySnapshot(1, readyState());
    live.applyPatch(1, { temperature: readyState().temperature });
    expect(live.get(1).updatedAt).toBe(first);
  });

  it('moves when a patched value changes', () => {
    const { live, first } = connected();
    live.applyPatch(1, { temperature: { tool0: { actual: 200, target: 210 }, bed: null } });
    expect(live.get(1).updatedAt).toBeGreaterThanOrEqual(first! + 3_600_000);
  });

  it('moves when the device goes away (its last-seen time)', () => {
    const { live, first } = connected();
    live.detach(1, link);
    expect(live.get(1).updatedAt).toBeGreaterThanOrEqual(first! + 3_600_000);
    expect(live.get(1).isConnected).toBe(false);
  });
});
