import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentMessage, DeviceState } from '@printdeck/shared';
import { NO_FLAGS, NO_PLUGINS } from '../drivers/device-state.js';
import { diffState, StateSync } from './state-sync.js';

const STATE: DeviceState = {
  is_paired: true,
  state: { text: 'Operational', flags: { ...NO_FLAGS, operational: true, ready: true } },
  error: null,
  temperature: { tool0: { actual: 20, target: 0 }, bed: { actual: 20, target: 0 } },
  job: null,
  local_ip_address: '10.0.0.2',
  plugins: NO_PLUGINS,
  lights: { led_on: null },
  klipper: null,
};

const withTool = (actual: number): DeviceState => ({
  ...STATE,
  temperature: { ...STATE.temperature, tool0: { actual, target: 200 } },
});

describe('diffState', () => {
  it('is null when nothing changed', () => {
    expect(diffState(STATE, structuredClone(STATE))).toBeNull();
  });

  it('carries each changed top-level part whole', () => {
    const next = { ...withTool(50), error: { code: 'download-in-progress', detail: '10' } };
    expect(diffState(STATE, next)).toEqual({
      temperature: next.temperature,
      error: next.error,
    });
  });

  it('notices a part that appears or goes away', () => {
    expect(diffState(STATE, { ...STATE, fan: { speed: 1 } })).toEqual({ fan: { speed: 1 } });
    expect(diffState({ ...STATE, homed_axes: 'xy' }, STATE)).toEqual({ homed_axes: undefined });
  });
});

describe('StateSync', () => {
  afterEach(() => vi.useRealTimers());

  function setUp(isOnline = { value: true }) {
    const sent: AgentMessage[] = [];
    const sync = new StateSync({
      send: (message) => isOnline.value && sent.push(message) > 0,
      minIntervalMs: 200,
    });
    return { sent, sync, isOnline };
  }

  it('sends a snapshot when online, then only patches of what changed', () => {
    vi.useFakeTimers();
    const { sent, sync } = setUp();
    sync.online(STATE);
    expect(sent).toEqual([{ type: 'state', kind: 'snapshot', state: STATE }]);
    vi.advanceTimersByTime(500);
    sync.update(withTool(30));
    expect(sent[1]).toEqual({
      type: 'state',
      kind: 'patch',
      state: { temperature: withTool(30).temperature },
    });
    sync.update(withTool(30));
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it('coalesces a burst into one patch with the newest values', () => {
    vi.useFakeTimers();
    const { sent, sync } = setUp();
    sync.online(STATE);
    for (let t = 21; t <= 60; t += 1) sync.update(withTool(t));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      kind: 'patch',
      state: { temperature: { tool0: { actual: 60 } } },
    });
  });

  it('keeps quiet while offline and starts again with a snapshot', () => {
    vi.useFakeTimers();
    const { sent, sync, isOnline } = setUp();
    sync.online(STATE);
    sync.offline();
    isOnline.value = false;
    sync.update(withTool(80));
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    isOnline.value = true;
    sync.online(withTool(80));
    expect(sent[1]).toEqual({ type: 'state', kind: 'snapshot', state: withTool(80) });
  });

  it('a patch that could not go out is retried with what changed since the last one sent', () => {
    vi.useFakeTimers();
    const { sent, sync, isOnline } = setUp();
    sync.online(STATE);
    vi.advanceTimersByTime(300);
    isOnline.value = false;
    sync.update(withTool(40));
    isOnline.value = true;
    vi.advanceTimersByTime(200);
    expect(sent[1]).toMatchObject({
      kind: 'patch',
      state: { temperature: { tool0: { actual: 40 } } },
    });
  });
});
