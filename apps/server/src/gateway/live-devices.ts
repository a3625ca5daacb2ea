import { randomUUID } from 'node:crypto';
import type {
  DeviceCommand,
  DeviceCommandError,
  DeviceDriver,
  DeviceState,
  DeviceStatePatch,
} from '@printdeck/shared';
import type { Clock } from '../clock.js';
import type { DeviceBus, DeviceChange, LocalDevices, SharedDevice } from '../cluster/cluster.js';
import { DeviceCommandFailed, type PendingCommand } from './device-command.js';
import { copyIntoHeld } from './copy-in-place.js';
import { isSameJson } from './same-json.js';

/** What the gateway needs from one open device socket. */
export interface DeviceLink {
  send(message: unknown): boolean;
  close(code: number, reason: string): void;
}

export interface DeviceEvent {
  name: string;
  jobId: number | null;
  data: Record<string, unknown>;
}

export interface LiveDevice {
  isConnected: boolean;
  driver: DeviceDriver | null;
  state: DeviceState | null;
  /**
   * when a value a person sees last changed, or the device went away (ms since epoch); a sign
   * of life that changes nothing leaves it, so an idle fleet's answers stay the same (304)
   */
  updatedAt: number | null;
}

/** A device went away, or (re)reported its whole state. */
export type PresenceChange = { kind: 'detached' } | { kind: 'snapshot'; state: DeviceState };

interface Entry {
  link: DeviceLink | null;
  /** the other instance holding the device's socket (with REDIS_URL), when not this one */
  owner: string | null;
  driver: DeviceDriver | null;
  state: DeviceState | null;
  updatedAt: number | null;
  /** made at the first request: most devices of a big fleet are never asked anything */
  pending: Map<string, PendingCommand> | null;
}

const MAX_PENDING_PER_DEVICE = 32;

type LocalPresence =
  | { kind: 'attached'; deviceKeyId: number; driver: DeviceDriver }
  | { kind: 'detached'; deviceKeyId: number };

/**
 * The live state store and command router: the newest state of every device, the socket of
 * each device connected to this instance, and the requests waiting for their answers. With
 * REDIS_URL the device bus shares this instance's devices with the others and mirrors theirs,
 * so every instance reads every device and reaches it (ARCHITECTURE §7). Listeners hear only
 * the devices held here: each device's events are handled once, by its own instance.
 */
export class LiveDevices implements LocalDevices {
  private readonly devices = new Map<number, Entry>();
  private readonly eventListeners: Array<(deviceKeyId: number, event: DeviceEvent) => void> = [];
  private readonly stateListeners: Array<(deviceKeyId: number, state: DeviceState) => void> = [];
  private readonly presenceListeners: Array<(deviceKeyId: number, change: PresenceChange) => void> =
    [];
  private readonly changeListeners: Array<(deviceKeyId: number) => void> = [];

  constructor(
    private readonly clock: Clock,
    private readonly bus: DeviceBus | null = null,
  ) {
    bus?.bind(this);
  }

  /** A new socket for a key; an older one with the same key is replaced (policy, C16). */
  attach(deviceKeyId: number, link: DeviceLink, driver: DeviceDriver): void {
    const entry = this.entry(deviceKeyId);
    if (entry.link && entry.link !== link) {
      this.failPending(entry, 'offline', 'The device reconnected before answering.');
      entry.link.close(4409, 'replaced by a newer connection with the same key');
    }
    entry.link = link;
    entry.owner = null;
    entry.driver = driver;
    this.publish({ kind: 'attached', deviceKeyId, driver });
  }

  /** The socket closed: the device is offline; its last state is kept but reads as offline. */
  detach(deviceKeyId: number, link: DeviceLink): void {
    const entry = this.devices.get(deviceKeyId);
    if (!entry || entry.link !== link) return;
    entry.link = null;
    entry.updatedAt = this.clock.now().getTime(); // last seen
    this.failPending(entry, 'offline', 'The device disconnected before answering.');
    this.publish({ kind: 'detached', deviceKeyId });
    this.emitPresence(deviceKeyId, { kind: 'detached' });
  }

  applySnapshot(deviceKeyId: number, state: DeviceState): void {
    const entry = this.entry(deviceKeyId);
    if (!isSameJson(entry.state, state)) entry.updatedAt = this.clock.now().getTime();
    entry.state = state;
    this.publishState(deviceKeyId, entry);
    this.emitPresence(deviceKeyId, { kind: 'snapshot', state });
  }

  applyPatch(deviceKeyId: number, patch: DeviceStatePatch): void {
    const entry = this.entry(deviceKeyId);
    const current = entry.state;
    if (!current) return; // a patch before any snapshot has nothing to apply to
    const state = current as Record<string, unknown>;
    // In place, and only the values that changed (issue 31): a new state object per push lived
    // until the next push (~2 s), long enough to be promoted, and died in the old generation;
    // an equal value keeps the one already held, so the patch's copy dies young. Nothing keeps
    // the object to compare it later: listeners read it when called, and the polls and the
    // stream copy its values into rows of their own. The temperatures, which change on every
    // push, go into the objects already held (copy-in-place.ts): the polls' rows copy them.
    let isChange = false;
    for (const key in patch) {
      const value = patch[key as keyof DeviceStatePatch];
      if (isSameJson(state[key], value)) continue;
      if (key !== 'temperature' || !copyIntoHeld(state[key], value)) state[key] = value;
      isChange = true;
    }
    if (isChange) entry.updatedAt = this.clock.now().getTime();
    this.publishState(deviceKeyId, entry, patch);
    for (const listener of this.stateListeners) listener(deviceKeyId, current);
  }

  /**
   * A sign of life without a state change (pong). Liveness is the socket's (its heartbeat
   * closes a silent one); `updatedAt` stays, so nothing a person sees changes (issue 31).
   */
  markAlive(deviceKeyId: number): void {
    const entry = this.devices.get(deviceKeyId);
    if (entry?.link && entry.state && entry.updatedAt === null) {
      entry.updatedAt = this.clock.now().getTime();
      this.emitChange(deviceKeyId);
    }
  }

  get(deviceKeyId: number): LiveDevice {
    const entry = this.devices.get(deviceKeyId);
    return {
      isConnected: Boolean(entry?.link ?? entry?.owner),
      driver: entry?.driver ?? null,
      state: entry?.state ?? null,
      updatedAt: entry?.updatedAt ?? null,
    };
  }

  /** True when the device's socket is on this instance. */
  isLocal(deviceKeyId: number): boolean {
    return Boolean(this.devices.get(deviceKeyId)?.link);
  }

  /** A one-way message to a connected device (settings); false when it is not connected. */
  notify(deviceKeyId: number, message: unknown): boolean {
    const entry = this.devices.get(deviceKeyId);
    if (entry?.owner && this.bus) return this.bus.notify(entry.owner, deviceKeyId, message);
    return entry?.link?.send(message) ?? false;
  }

  /** Sends a command and waits for exactly one answer, or fails after the timeout. */
  request(deviceKeyId: number, command: DeviceCommand, timeoutMs: number): Promise<unknown> {
    const entry = this.devices.get(deviceKeyId);
    if (entry?.owner && this.bus)
      return this.bus.request(entry.owner, deviceKeyId, command, timeoutMs);
    if (!entry?.link)
      return Promise.reject(new DeviceCommandFailed('offline', 'The device is not connected.'));
    const pendings = (entry.pending ??= new Map());
    if (pendings.size >= MAX_PENDING_PER_DEVICE) {
      return Promise.reject(
        new DeviceCommandFailed('busy', 'The device has too many commands waiting.'),
      );
    }
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pendings.delete(id);
        reject(new DeviceCommandFailed('timeout', 'The device did not answer in time.'));
      }, timeoutMs);
      pendings.set(id, { resolve, reject, timer });
      const sent = entry.link!.send({ type: 'request', id, timeout_ms: timeoutMs, command });
      if (!sent) {
        clearTimeout(timer);
        pendings.delete(id);
        reject(new DeviceCommandFailed('busy', 'The device connection is congested.'));
      }
    });
  }

  resolveResponse(
    deviceKeyId: number,
    id: string,
    outcome:
      { ok: true; result: unknown } | { ok: false; code: DeviceCommandError; message: string },
  ): void {
    const pendings = this.devices.get(deviceKeyId)?.pending;
    const pending = pendings?.get(id);
    if (!pending) return; // late or unknown answer: the caller has already given up
    clearTimeout(pending.timer);
    pendings!.delete(id);
    if (outcome.ok) pending.resolve(outcome.result);
    else pending.reject(new DeviceCommandFailed(outcome.code, outcome.message));
  }

  onEvent(listener: (deviceKeyId: number, event: DeviceEvent) => void): void {
    this.eventListeners.push(listener);
  }

  emitEvent(deviceKeyId: number, event: DeviceEvent): void {
    for (const listener of this.eventListeners) listener(deviceKeyId, event);
  }

  /** Every change of a device's state (after a patch; snapshots are told through presence). */
  onStateChange(listener: (deviceKeyId: number, state: DeviceState) => void): void {
    this.stateListeners.push(listener);
  }

  onPresence(listener: (deviceKeyId: number, change: PresenceChange) => void): void {
    this.presenceListeners.push(listener);
  }

  /** A device may have changed (here or mirrored): a mark, read by the listener on its next turn. */
  onAnyChange(listener: (deviceKeyId: number) => void): void {
    this.changeListeners.push(listener);
  }

  private emitChange(deviceKeyId: number): void {
    for (const listener of this.changeListeners) listener(deviceKeyId);
  }

  private emitPresence(deviceKeyId: number, change: PresenceChange): void {
    for (const listener of this.presenceListeners) listener(deviceKeyId, change);
  }

  /** Closes one device's socket now (its key was revoked, rotated or paired again). */
  disconnect(deviceKeyId: number, code: number, reason: string): void {
    const entry = this.devices.get(deviceKeyId);
    if (entry?.owner && this.bus)
      return this.bus.disconnect(entry.owner, deviceKeyId, code, reason);
    const link = entry?.link;
    if (!entry || !link) return;
    link.close(code, reason);
    this.detach(deviceKeyId, link);
  }

  /** Closes every socket (shutdown). */
  closeAll(code: number, reason: string): void {
    for (const [deviceKeyId, entry] of this.devices) {
      if (!entry.link) continue;
      entry.link.close(code, reason);
      entry.link = null;
      this.failPending(entry, 'offline', 'The server is shutting down.');
      this.publish({ kind: 'detached', deviceKeyId });
    }
  }

  connectedCount(): number {
    let count = 0;
    for (const entry of this.devices.values()) if (entry.link) count += 1;
    return count;
  }

  /** Another instance's device changed: mirrored here, without waking this instance's listeners. */
  applyRemote(change: DeviceChange): void {
    this.emitChange(change.deviceKeyId); // a mark: listeners read the device later
    const entry = this.entry(change.deviceKeyId);
    if (change.kind === 'attached') {
      // the agent reconnected to another instance: a socket still open here is stale (C16)
      if (entry.link) this.replaceLocal(change.deviceKeyId, entry);
      entry.owner = change.instanceId;
      entry.driver = change.driver;
    } else if (change.kind === 'detached') {
      if (entry.owner === change.instanceId) entry.owner = null;
    } else if (change.kind === 'patch') {
      if (entry.link || !entry.state) return; // without a state yet the next resync brings it
      entry.owner = change.instanceId;
      entry.state = { ...entry.state, ...change.patch };
      entry.updatedAt = change.updatedAt;
    } else if (!entry.link) {
      entry.owner = change.instanceId;
      entry.driver = change.driver ?? entry.driver;
      entry.state = change.state;
      entry.updatedAt = change.updatedAt;
    }
  }

  /** The shared store as a whole: every device not held here takes its shared record. */
  replaceRemote(devices: SharedDevice[]): void {
    const seen = new Set<number>();
    for (const device of devices) {
      seen.add(device.deviceKeyId);
      const entry = this.entry(device.deviceKeyId);
      if (entry.link) continue;
      entry.owner = device.instanceId;
      entry.driver = device.driver ?? entry.driver;
      if (device.state) entry.state = device.state;
      if (device.updatedAt !== null) entry.updatedAt = device.updatedAt;
      this.emitChange(device.deviceKeyId);
    }
    for (const [deviceKeyId, entry] of this.devices)
      if (!seen.has(deviceKeyId) && !entry.link) entry.owner = null;
  }

  /** Devices of an instance that died: offline (unknown) until their agents come back. */
  applyOrphaned(deviceKeyIds: number[]): void {
    for (const deviceKeyId of deviceKeyIds) {
      const entry = this.devices.get(deviceKeyId);
      if (!entry || entry.link) continue;
      entry.owner = null;
      this.emitChange(deviceKeyId);
      // this instance cleaned them up, so it is the one that tells its listeners (jobs, queue)
      this.emitPresence(deviceKeyId, { kind: 'detached' });
    }
  }

  /** Every device held here, as the changes that would announce it again. */
  describeLocal(): DeviceChange[] {
    const changes: DeviceChange[] = [];
    if (!this.bus) return changes;
    const instanceId = this.bus.instanceId;
    for (const [deviceKeyId, entry] of this.devices) {
      if (!entry.link || !entry.driver) continue;
      changes.push({ kind: 'attached', deviceKeyId, instanceId, driver: entry.driver });
      if (entry.state && entry.updatedAt !== null) {
        changes.push({
          kind: 'state',
          deviceKeyId,
          instanceId,
          driver: entry.driver,
          state: entry.state,
          updatedAt: entry.updatedAt,
        });
      }
    }
    return changes;
  }

  private replaceLocal(deviceKeyId: number, entry: Entry): void {
    const link = entry.link!;
    link.close(4409, 'replaced by a newer connection with the same key');
    entry.link = null;
    this.failPending(entry, 'offline', 'The device reconnected before answering.');
    this.emitPresence(deviceKeyId, { kind: 'detached' });
  }

  private publish(change: LocalPresence): void {
    this.emitChange(change.deviceKeyId);
    this.bus?.publish({ ...change, instanceId: this.bus.instanceId });
  }

  private publishState(deviceKeyId: number, entry: Entry, patch?: DeviceStatePatch): void {
    this.emitChange(deviceKeyId);
    if (!this.bus || !entry.link || !entry.state) return;
    this.bus.publish({
      kind: 'state',
      deviceKeyId,
      instanceId: this.bus.instanceId,
      driver: entry.driver,
      state: entry.state,
      ...(patch ? { patch } : {}),
      updatedAt: entry.updatedAt ?? this.clock.now().getTime(),
    });
  }

  private entry(deviceKeyId: number): Entry {
    let entry = this.devices.get(deviceKeyId);
    if (!entry) {
      entry = {
        link: null,
        owner: null,
        driver: null,
        state: null,
        updatedAt: null,
        pending: null,
      };
      this.devices.set(deviceKeyId, entry);
    }
    return entry;
  }

  private failPending(entry: Entry, code: 'offline', message: string): void {
    if (!entry.pending) return;
    for (const pending of entry.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new DeviceCommandFailed(code, message));
    }
    entry.pending.clear();
  }
}
