import { randomUUID } from 'node:crypto';
import type { DeviceCommand, DeviceDriver, DeviceState } from '@printdeck/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { DeviceCommandFailed } from '../gateway/device-command.js';
import type { DeviceBus, DeviceChange, LocalDevices, SharedDevice } from './cluster.js';
import { parseBusMessage, parseRpcMessage, type RpcMessage } from './bus-messages.js';

/** Changes of one short moment leave together: one HSET and one PUBLISH per batch. */
const FLUSH_MS = 20;
/** The holder answers at the command's own timeout; this covers the hop back. */
const RPC_MARGIN_MS = 2000;

/** A compare-and-delete: only the instance that holds the device removes its registration. */
const RELEASE_OWNER = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1`;

export const REDIS_LOST =
  'The printer is connected to another server instance and the link to it (Redis) is down; try again shortly.';
const HOLDER_GONE = 'The server instance holding this printer is not reachable; try again shortly.';

export interface RedisKeys {
  owners: string;
  states: string;
  changes: string;
  rpc(instanceId: string): string;
}

export function redisKeys(prefix: string): RedisKeys {
  return {
    owners: `${prefix}device-owner`,
    states: `${prefix}device-state`,
    changes: `${prefix}device-changes`,
    rpc: (instanceId) => `${prefix}rpc:${instanceId}`,
  };
}

type StateChange = Extract<DeviceChange, { kind: 'state' }>;

/** Two changes of one device in one batch: the newer state, and the fields both changed. */
function coalesce(queued: DeviceChange, next: StateChange): StateChange {
  if (queued.kind !== 'state' || !queued.patch || !next.patch) return { ...next, patch: undefined };
  return { ...next, patch: { ...queued.patch, ...next.patch } };
}

/** What the other instances are sent: a change of a few fields travels without the full state. */
function toWire(change: DeviceChange): DeviceChange {
  if (change.kind !== 'state' || !change.patch) return change;
  const { deviceKeyId, instanceId, driver, patch, updatedAt } = change;
  return { kind: 'patch', deviceKeyId, instanceId, driver, patch, updatedAt };
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: DeviceCommandFailed): void;
  timer: NodeJS.Timeout;
}

/**
 * Live device state in Redis (a hash of owners, a hash of states, and a channel of changes)
 * and commands carried to the holding instance over pub/sub with a correlation id.
 */
export function createRedisDeviceBus(deps: {
  commands: Redis;
  subscriber: Redis;
  keys: RedisKeys;
  instanceId: string;
}) {
  const { commands, subscriber, keys, instanceId } = deps;
  let local: LocalDevices | null = null;
  let logger: FastifyBaseLogger | null = null;
  let queue: DeviceChange[] = [];
  const stateSlots = new Map<number, number>();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  const pending = new Map<string, Pending>();

  const isUp = () => commands.status === 'ready';

  async function flushNow(): Promise<void> {
    flushTimer = null;
    const batch = queue;
    queue = [];
    stateSlots.clear();
    if (batch.length === 0) return;
    if (!isUp()) return; // published again in full when the link is back (resync)
    const pipeline = commands.pipeline();
    const states: string[] = [];
    for (const change of batch) {
      const id = String(change.deviceKeyId);
      if (change.kind === 'attached') pipeline.hset(keys.owners, id, instanceId);
      else if (change.kind === 'detached')
        pipeline.eval(RELEASE_OWNER, 1, keys.owners, id, change.instanceId);
      else if (change.kind === 'state') {
        const record = { d: change.driver, s: change.state, u: change.updatedAt };
        states.push(id, JSON.stringify(record));
      }
    }
    if (states.length) pipeline.hset(keys.states, ...states);
    pipeline.publish(keys.changes, JSON.stringify(batch.map(toWire)));
    await pipeline.exec().catch((error: unknown) => {
      logger?.warn({ reason: (error as Error).message }, 'device changes not shared (Redis)');
    });
  }

  function flush(): Promise<void> {
    flushing = flushing.then(flushNow);
    return flushing;
  }

  function fail(id: string, error: DeviceCommandFailed): void {
    const waiting = pending.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.delete(id);
    waiting.reject(error);
  }

  function send(target: string, message: RpcMessage): Promise<number> {
    return commands.publish(keys.rpc(target), JSON.stringify(message));
  }

  async function serveRequest(message: Extract<RpcMessage, { t: 'req' }>): Promise<void> {
    let reply: RpcMessage;
    try {
      const result = await local!.request(message.d, message.c as DeviceCommand, message.ms);
      reply = { t: 'res', id: message.id, ok: true, r: result };
    } catch (error) {
      const code = error instanceof DeviceCommandFailed ? error.code : 'internal';
      reply = { t: 'res', id: message.id, ok: false, code, m: (error as Error).message };
    }
    await send(message.from, reply).catch(() => undefined); // the caller times out
  }

  function onRpc(message: RpcMessage): void {
    if (!local) return;
    if (message.t === 'req') void serveRequest(message);
    else if (message.t === 'notify') local.notify(message.d, message.m);
    else if (message.t === 'disconnect') local.disconnect(message.d, message.code, message.reason);
    else {
      const waiting = pending.get(message.id);
      if (!waiting) return; // late: the caller has given up
      clearTimeout(waiting.timer);
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.r);
      else {
        const code = message.code as DeviceCommandFailed['code'];
        waiting.reject(new DeviceCommandFailed(code, message.m));
      }
    }
  }

  subscriber.on('message', (channel: string, text: string) => {
    if (channel === keys.changes) {
      const changes = parseBusMessage(text);
      if (!changes) return void logger?.warn('dropped an unreadable device change (Redis)');
      for (const change of changes)
        if (change.instanceId !== instanceId) local?.applyRemote(change);
    } else if (channel === keys.rpc(instanceId)) {
      const message = parseRpcMessage(text);
      if (!message) return void logger?.warn('dropped an unreadable cluster command (Redis)');
      onRpc(message);
    }
  });

  /** Reads every device from the shared hashes. */
  async function readShared(): Promise<SharedDevice[]> {
    const [owners, states] = await Promise.all([
      commands.hgetall(keys.owners),
      commands.hgetall(keys.states),
    ]);
    const devices: SharedDevice[] = [];
    for (const [id, text] of Object.entries(states)) {
      try {
        const record = JSON.parse(text) as { d: DeviceDriver | null; s: DeviceState; u: number };
        devices.push({
          deviceKeyId: Number(id),
          instanceId: owners[id] ?? null,
          driver: record.d,
          state: record.s,
          updatedAt: record.u,
        });
      } catch {
        // a record this version cannot read is skipped; its holder writes it again
      }
    }
    for (const [id, owner] of Object.entries(owners)) {
      if (!(id in states))
        devices.push({
          deviceKeyId: Number(id),
          instanceId: owner,
          driver: null,
          state: null,
          updatedAt: null,
        });
    }
    return devices;
  }

  const bus: DeviceBus = {
    instanceId,
    bind(devices) {
      local = devices;
    },

    publish(change) {
      if (change.kind === 'patch') return; // only received, never published as such
      if (change.kind === 'state') {
        const slot = stateSlots.get(change.deviceKeyId);
        if (slot !== undefined) queue[slot] = coalesce(queue[slot]!, change);
        else stateSlots.set(change.deviceKeyId, queue.push(change) - 1);
      } else {
        stateSlots.delete(change.deviceKeyId);
        queue.push(change);
      }
      flushTimer ??= setTimeout(() => void flush(), FLUSH_MS);
    },

    request(target, deviceKeyId, command, timeoutMs) {
      if (!isUp()) return Promise.reject(new DeviceCommandFailed('unavailable', REDIS_LOST));
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => fail(id, new DeviceCommandFailed('timeout', 'The device did not answer in time.')),
          timeoutMs + RPC_MARGIN_MS,
        );
        pending.set(id, { resolve, reject, timer });
        const message: RpcMessage = {
          t: 'req',
          id,
          from: instanceId,
          d: deviceKeyId,
          c: command,
          ms: timeoutMs,
        };
        // A command on its way when the link breaks is not failed early: it may have reached
        // the device (a print start), so it ends as a timeout, whose outcome the device settles.
        send(target, message).then(
          (receivers) => {
            if (receivers === 0) fail(id, new DeviceCommandFailed('unavailable', HOLDER_GONE));
          },
          () => fail(id, new DeviceCommandFailed('unavailable', REDIS_LOST)),
        );
      });
    },

    notify(target, deviceKeyId, message) {
      if (!isUp()) return false;
      void send(target, { t: 'notify', d: deviceKeyId, m: message }).catch(() => undefined);
      return true;
    },

    disconnect(target, deviceKeyId, code, reason) {
      void send(target, { t: 'disconnect', d: deviceKeyId, code, reason }).catch(() => undefined);
    },
  };

  return {
    bus,
    flush,
    isUp,

    /** Listens for changes and commands; then shares this instance's devices and reads all. */
    async start(log: FastifyBaseLogger): Promise<void> {
      logger = log;
      await subscriber.subscribe(keys.changes, keys.rpc(instanceId));
      await this.resync();
    },

    /** After start or a lost link: announce what is held here again, then mirror the rest. */
    async resync(): Promise<void> {
      for (const change of local?.describeLocal() ?? []) bus.publish(change);
      await flush();
      local?.replaceRemote(await readShared());
    },

    /** The devices of a dead instance, as the changes that tell everyone they are offline. */
    announceOrphaned(deadInstanceId: string, deviceKeyIds: number[]): void {
      for (const deviceKeyId of deviceKeyIds)
        bus.publish({ kind: 'detached', deviceKeyId, instanceId: deadInstanceId });
      local?.applyOrphaned(deviceKeyIds);
    },

    /** Fails every command still waiting for another instance (shutdown). */
    stop(): void {
      if (flushTimer) clearTimeout(flushTimer);
      for (const id of [...pending.keys()])
        fail(id, new DeviceCommandFailed('offline', 'The server is shutting down.'));
    },
  };
}
