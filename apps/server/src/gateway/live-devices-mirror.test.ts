import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@printdeck/shared';
import type { DeviceBus, DeviceChange } from '../cluster/cluster.js';
import { readyState } from '../../test-support/fake-agent.js';
import { TestClock } from '../../test-support/test-clock.js';
import { DeviceCommandFailed } from './device-command.js';
import { LiveDevices, type DeviceLink } from './live-devices.js';

/** A device bus that records what this instance publishes and what it asks of others. */
function recordingBus() {
  const published: DeviceChange[] = [];
  const asked: Array<{ instanceId: string; deviceKeyId: number; command: DeviceCommand }> = [];
  const bus: DeviceBus = {
    instanceId: 'me',
    bind: () => undefined,
    publish: (change) => published.push(change),
    request(instanceId, deviceKeyId, command) {
      asked.push({ instanceId, deviceKeyId, command });
      return Promise.resolve({ answeredBy: instanceId });
    },
    notify: () => true,
    disconnect: () => undefined,
  };
  return { bus, published, asked };
}

function recordingLink() {
  const closed: Array<{ code: number; reason: string }> = [];
  const link: DeviceLink = {
    send: () => true,
    close: (code, reason) => closed.push({ code, reason }),
  };
  return { link, closed };
}

describe('live devices shared between instances', () => {
  it('publishes what its own devices do: attach, every state, detach', () => {
    const { bus, published } = recordingBus();
    const live = new LiveDevices(new TestClock(), bus);
    const { link } = recordingLink();
    live.attach(7, link, 'octoprint');
    live.applySnapshot(7, readyState());
    live.applyPatch(7, { local_ip_address: '10.0.0.7' });
    live.detach(7, link);
    expect(published.map((change) => change.kind)).toEqual([
      'attached',
      'state',
      'state',
      'detached',
    ]);
    expect(published.every((change) => change.instanceId === 'me')).toBe(true);
    const last = published[2] as Extract<DeviceChange, { kind: 'state' }>;
    expect(last.state.local_ip_address).toBe('10.0.0.7');
    expect(last.driver).toBe('octoprint');
    expect(last.patch).toEqual({ local_ip_address: '10.0.0.7' }); // the others get only this
    expect((published[1] as Extract<DeviceChange, { kind: 'state' }>).patch).toBeUndefined();
  });

  it("mirrors another instance's device without waking its own listeners, and routes commands to it", async () => {
    const { bus, asked } = recordingBus();
    const live = new LiveDevices(new TestClock(), bus);
    const heard: string[] = [];
    live.onPresence((id, change) => heard.push(`${id}:${change.kind}`));
    live.onStateChange((id) => heard.push(`${id}:patch`));
    live.applyRemote({
      kind: 'attached',
      deviceKeyId: 9,
      instanceId: 'other',
      driver: 'moonraker',
    });
    live.applyRemote({
      kind: 'state',
      deviceKeyId: 9,
      instanceId: 'other',
      driver: 'moonraker',
      state: readyState(),
      updatedAt: 1234,
    });
    expect(live.get(9)).toMatchObject({ isConnected: true, driver: 'moonraker', updatedAt: 1234 });
    live.applyRemote({
      kind: 'patch',
      deviceKeyId: 9,
      instanceId: 'other',
      driver: 'moonraker',
      patch: { local_ip_address: '10.0.0.9' },
      updatedAt: 1240,
    });
    expect(live.get(9).state?.local_ip_address).toBe('10.0.0.9');
    expect(live.get(9).state?.state.text).toBe('Operational');
    expect(live.isLocal(9)).toBe(false);
    expect(heard).toEqual([]);
    await expect(live.request(9, { name: 'pause' }, 500)).resolves.toEqual({ answeredBy: 'other' });
    expect(asked).toEqual([{ instanceId: 'other', deviceKeyId: 9, command: { name: 'pause' } }]);

    live.applyRemote({ kind: 'detached', deviceKeyId: 9, instanceId: 'other' });
    expect(live.get(9).isConnected).toBe(false);
    await expect(live.request(9, { name: 'pause' }, 500)).rejects.toBeInstanceOf(
      DeviceCommandFailed,
    );
  });

  it('a detach from an instance that no longer holds the device changes nothing', () => {
    const live = new LiveDevices(new TestClock(), recordingBus().bus);
    live.applyRemote({ kind: 'attached', deviceKeyId: 3, instanceId: 'old', driver: 'pill' });
    live.applyRemote({ kind: 'attached', deviceKeyId: 3, instanceId: 'new', driver: 'pill' });
    live.applyRemote({ kind: 'detached', deviceKeyId: 3, instanceId: 'old' });
    expect(live.get(3).isConnected).toBe(true);
  });

  it('closes its own socket when the same device connected to another instance since', () => {
    const live = new LiveDevices(new TestClock(), recordingBus().bus);
    const heard: string[] = [];
    live.onPresence((id, change) => heard.push(`${id}:${change.kind}`));
    const { link, closed } = recordingLink();
    live.attach(5, link, 'octoprint');
    live.applyRemote({
      kind: 'attached',
      deviceKeyId: 5,
      instanceId: 'other',
      driver: 'octoprint',
    });
    expect(closed).toEqual([
      { code: 4409, reason: 'replaced by a newer connection with the same key' },
    ]);
    expect(live.isLocal(5)).toBe(false);
    expect(live.get(5).isConnected).toBe(true);
    expect(heard).toEqual(['5:detached']);
  });

  it("tells its listeners once about a dead instance's devices, which then read offline", () => {
    const live = new LiveDevices(new TestClock(), recordingBus().bus);
    const heard: string[] = [];
    live.onPresence((id, change) => heard.push(`${id}:${change.kind}`));
    live.applyRemote({
      kind: 'attached',
      deviceKeyId: 11,
      instanceId: 'dead',
      driver: 'octoprint',
    });
    live.applyOrphaned([11]);
    expect(live.get(11).isConnected).toBe(false);
    expect(heard).toEqual(['11:detached']);
  });

  it('replaces its mirror from the shared store but keeps its own devices, and describes them', () => {
    const live = new LiveDevices(new TestClock(), recordingBus().bus);
    const { link } = recordingLink();
    live.attach(1, link, 'octoprint');
    live.applySnapshot(1, readyState());
    live.applyRemote({ kind: 'attached', deviceKeyId: 2, instanceId: 'gone', driver: 'pill' });
    live.replaceRemote([
      { deviceKeyId: 1, instanceId: 'stale', driver: 'pill', state: null, updatedAt: null },
      {
        deviceKeyId: 4,
        instanceId: 'other',
        driver: 'moonraker',
        state: readyState(),
        updatedAt: 9,
      },
    ]);
    expect(live.isLocal(1)).toBe(true);
    expect(live.get(1).driver).toBe('octoprint');
    expect(live.get(2).isConnected).toBe(false);
    expect(live.get(4)).toMatchObject({ isConnected: true, driver: 'moonraker', updatedAt: 9 });
    expect(live.describeLocal().map((change) => `${change.kind}:${change.deviceKeyId}`)).toEqual([
      'attached:1',
      'state:1',
    ]);
  });
});
