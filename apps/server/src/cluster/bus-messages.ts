import { DEVICE_DRIVERS, type DeviceState } from '@printdeck/shared';
import { z } from 'zod';
import type { DeviceChange } from './cluster.js';

/**
 * What instances send each other through Redis. The device state inside was validated by the
 * gateway of the instance that received it from the device, so only its envelope is checked.
 */
const StateObject = z.custom<DeviceState>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'must be a device state object',
);
const Base = {
  deviceKeyId: z.number().int().positive(),
  instanceId: z.string().min(1).max(100),
};

const DeviceChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('attached'), ...Base, driver: z.enum(DEVICE_DRIVERS) }),
  z.object({ kind: z.literal('detached'), ...Base }),
  z.object({
    kind: z.literal('state'),
    ...Base,
    driver: z.enum(DEVICE_DRIVERS).nullable(),
    state: StateObject,
    updatedAt: z.number(),
  }),
  z.object({
    kind: z.literal('patch'),
    ...Base,
    driver: z.enum(DEVICE_DRIVERS).nullable(),
    patch: StateObject,
    updatedAt: z.number(),
  }),
]);
const DeviceChangesSchema = z.array(DeviceChangeSchema);

const RpcMessageSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('req'),
    id: z.string().min(1).max(100),
    from: z.string().min(1).max(100),
    d: z.number().int().positive(),
    c: z.object({ name: z.string() }).passthrough(),
    ms: z.number().int().positive(),
  }),
  z.object({
    t: z.literal('res'),
    id: z.string().min(1).max(100),
    ok: z.boolean(),
    r: z.unknown().optional(),
    code: z.string().optional(),
    m: z.string().optional(),
  }),
  z.object({ t: z.literal('notify'), d: z.number().int().positive(), m: z.unknown() }),
  z.object({
    t: z.literal('disconnect'),
    d: z.number().int().positive(),
    code: z.number().int(),
    reason: z.string().max(200),
  }),
]);

export type RpcMessage =
  | { t: 'req'; id: string; from: string; d: number; c: { name: string }; ms: number }
  | { t: 'res'; id: string; ok: true; r: unknown }
  | { t: 'res'; id: string; ok: false; code: string; m: string }
  | { t: 'notify'; d: number; m: unknown }
  | { t: 'disconnect'; d: number; code: number; reason: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function parseBusMessage(text: string): DeviceChange[] | null {
  const result = DeviceChangesSchema.safeParse(parseJson(text));
  return result.success ? (result.data as DeviceChange[]) : null;
}

export function parseRpcMessage(text: string): RpcMessage | null {
  const result = RpcMessageSchema.safeParse(parseJson(text));
  if (!result.success) return null;
  const message = result.data;
  if (message.t !== 'res') return message as RpcMessage;
  return message.ok
    ? { t: 'res', id: message.id, ok: true, r: message.r }
    : { t: 'res', id: message.id, ok: false, code: message.code ?? 'internal', m: message.m ?? '' };
}
