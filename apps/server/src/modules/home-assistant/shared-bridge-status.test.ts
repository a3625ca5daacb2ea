import type { HomeAssistantStatus } from '@printdeck/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test-support/test-clock.js';
import { createLocalCluster } from '../../cluster/local-cluster.js';
import { shareBridgeStatus } from './shared-bridge-status.js';

const figures = (state: HomeAssistantStatus['state'], published: number): HomeAssistantStatus => ({
  state,
  broker: 'mqtt://broker:1883',
  last_error: null,
  messages_published: published,
  discovery_topics: 4,
  printers: 1,
});

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** Two instances over one set of bulletins: the leader's own bridge and a standby one. */
function twoInstances() {
  const clock = new TestClock();
  const { bulletins } = createLocalCluster(clock);
  const common = { bulletins, workspaceIds: [7], stateIntervalMs: 60_000 };
  const leader = shareBridgeStatus({
    ...common,
    isLeader: () => true,
    status: () => figures('connected', 12),
  });
  const other = shareBridgeStatus({
    ...common,
    isLeader: () => false,
    status: () => figures('standby', 0),
  });
  stops.push(
    () => leader.stop(),
    () => other.stop(),
  );
  return { clock, bulletins, leader, other };
}

describe('shareBridgeStatus', () => {
  it('says standby while no leader has posted', async () => {
    const { other } = twoInstances();
    expect((await other.read(7)).state).toBe('standby');
  });

  it('answers the leader’s status on every instance once it posted', async () => {
    const { leader, other } = twoInstances();
    leader.start();
    await expect.poll(() => other.read(7)).toEqual(figures('connected', 12));
  });

  it('says standby again when the leader’s post lapsed (a dead leader)', async () => {
    const { clock, leader, other } = twoInstances();
    leader.start();
    await expect.poll(async () => (await other.read(7)).state).toBe('connected');
    clock.advance(11);
    expect((await other.read(7)).state).toBe('standby');
  });

  it('says standby when what was posted is not a status (nothing half-read)', async () => {
    const { bulletins, other } = twoInstances();
    await bulletins.post('home-assistant', JSON.stringify({ 7: { state: 'connected' } }), 10_000);
    expect((await other.read(7)).state).toBe('standby');
    await bulletins.post('home-assistant', '{not json', 10_000);
    expect((await other.read(7)).state).toBe('standby');
  });
});
