import type { DeviceCommand, DeviceDriver, DeviceState, DeviceStatePatch } from '@printdeck/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TelegramLimiter } from '../modules/telegram/telegram-rate-limit.js';
import type { TemperatureHistoryStore } from '../modules/temperature-history/temperature-history-store.js';
import type { CounterStore } from '../rate-limit/rate-limiter.js';

/** What the instance holding a device's socket tells the other instances about it. */
export type DeviceChange =
  | { kind: 'attached'; deviceKeyId: number; instanceId: string; driver: DeviceDriver }
  | { kind: 'detached'; deviceKeyId: number; instanceId: string }
  | {
      kind: 'state';
      deviceKeyId: number;
      instanceId: string;
      driver: DeviceDriver | null;
      state: DeviceState;
      /** set when only these fields changed: the other instances are sent just them */
      patch?: DeviceStatePatch;
      updatedAt: number;
    }
  /** as the other instances receive a state change made of a few fields */
  | {
      kind: 'patch';
      deviceKeyId: number;
      instanceId: string;
      driver: DeviceDriver | null;
      patch: DeviceStatePatch;
      updatedAt: number;
    };

/** A device as every instance reads it from the shared store. */
export interface SharedDevice {
  deviceKeyId: number;
  /** the instance holding its socket, or null when no instance does */
  instanceId: string | null;
  driver: DeviceDriver | null;
  state: DeviceState | null;
  updatedAt: number | null;
}

/** What the device bus needs from this instance's live devices. */
export interface LocalDevices {
  /** a change made on another instance */
  applyRemote(change: DeviceChange): void;
  /** the shared store as it is now (after start or after the link to it came back) */
  replaceRemote(devices: SharedDevice[]): void;
  /** devices whose instance died: told once, on the one instance that cleaned them up */
  applyOrphaned(deviceKeyIds: number[]): void;
  /** every device this instance holds, to publish again (after the link came back) */
  describeLocal(): DeviceChange[];
  /** commands from other instances for a device held here */
  request(deviceKeyId: number, command: DeviceCommand, timeoutMs: number): Promise<unknown>;
  notify(deviceKeyId: number, message: unknown): boolean;
  disconnect(deviceKeyId: number, code: number, reason: string): void;
}

/**
 * The device part of the cluster: publishes what this instance's devices do, mirrors what the
 * other instances' devices do, and carries commands to the instance that holds a device.
 */
export interface DeviceBus {
  readonly instanceId: string;
  bind(local: LocalDevices): void;
  publish(change: DeviceChange): void;
  request(
    instanceId: string,
    deviceKeyId: number,
    command: DeviceCommand,
    timeoutMs: number,
  ): Promise<unknown>;
  notify(instanceId: string, deviceKeyId: number, message: unknown): boolean;
  disconnect(instanceId: string, deviceKeyId: number, code: number, reason: string): void;
}

/** Named work that one instance of the cluster does at a time (a LAN printer's built-in agent). */
export interface Leases {
  /** Takes the lease when free or renews it when held here; false while another instance holds it. */
  claim(name: string, ttlMs: number): Promise<boolean>;
  release(name: string): Promise<void>;
}

/**
 * Short-lived values one instance posts for every instance to read (the leader's Home Assistant
 * bridge status): each lapses after its TTL, so a dead poster's value goes away.
 */
export interface Bulletins {
  post(name: string, value: string, ttlMs: number): Promise<void>;
  /** null when nothing was posted or it lapsed */
  read(name: string): Promise<string | null>;
  remove(name: string): Promise<void>;
}

/**
 * The pieces several instances share (ARCHITECTURE §7). Without REDIS_URL the in-process
 * implementation keeps everything in this process; with it Redis does.
 */
export interface Cluster {
  /** true when other instances may exist (Redis) */
  readonly isShared: boolean;
  readonly devices: DeviceBus;
  /** rate-limit counters */
  readonly counters: CounterStore;
  /** the printers' temperature graphs */
  readonly temperatures: TemperatureHistoryStore;
  /** Telegram's per-chat and overall limits */
  readonly telegramLimiter: TelegramLimiter;
  readonly leases: Leases;
  readonly bulletins: Bulletins;
  /** periodic work (sweeps, queue ticks, the bot poller) runs on the leader only */
  isLeader(): boolean;
  /** Joins: listens, announces this instance, reads every device (before serving). */
  start(logger: FastifyBaseLogger): Promise<void>;
  /** Leaves the cluster cleanly: publishes what is pending, gives up leadership. */
  stop(): Promise<void>;
}
