import { z } from 'zod';
import { DeviceCommandSchema, DEVICE_COMMAND_ERRORS } from './device-commands.schema.js';
import {
  DEVICE_DRIVERS,
  DeviceStatePatchSchema,
  DeviceStateSchema,
} from './device-state.schema.js';

export const DEVICE_PROTOCOL_VERSION = 1;
/** Largest message either side accepts; snapshots (base64 JPEG) are the big ones. */
export const DEVICE_MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

const requestId = z.string().min(1).max(64);

// ---- agent → server -------------------------------------------------------------------

export const HelloMessageSchema = z.object({
  type: z.literal('hello'),
  protocol: z.number().int().min(1),
  agent_version: z.string().max(40),
  driver: z.enum(DEVICE_DRIVERS),
  capabilities: z.array(z.string().max(40)).max(50),
});

export const StateMessageSchema = z.discriminatedUnion('kind', [
  z.object({ type: z.literal('state'), kind: z.literal('snapshot'), state: DeviceStateSchema }),
  z.object({ type: z.literal('state'), kind: z.literal('patch'), state: DeviceStatePatchSchema }),
]);

export const ResponseMessageSchema = z.discriminatedUnion('ok', [
  z.object({
    type: z.literal('response'),
    id: requestId,
    ok: z.literal(true),
    result: z.unknown(),
  }),
  z.object({
    type: z.literal('response'),
    id: requestId,
    ok: z.literal(false),
    error: z.object({ code: z.enum(DEVICE_COMMAND_ERRORS), message: z.string().max(2000) }),
  }),
]);

export const DEVICE_EVENTS = [
  'job_started',
  'job_finished',
  'job_failed',
  'job_cancelled',
  'download_progress',
] as const;

export const EventMessageSchema = z.object({
  type: z.literal('event'),
  name: z.enum(DEVICE_EVENTS),
  job_id: z.number().int().nullable(),
  data: z
    .record(z.string(), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .default({}),
});

export const PingMessageSchema = z.object({ type: z.literal('ping'), at: z.number() });
export const PongMessageSchema = z.object({ type: z.literal('pong'), at: z.number() });

/**
 * Chosen by `type` first (state and response by `kind` and `ok` within): a push is checked
 * against its own shape only. A plain union tried the hello first and built its failure for
 * every state push, twice the time and garbage of the whole check at 2,300 pushes a second, and
 * said only "Invalid input" of a bad message (issue 31).
 */
export const AgentMessageSchema = z.discriminatedUnion('type', [
  HelloMessageSchema,
  StateMessageSchema,
  ResponseMessageSchema,
  EventMessageSchema,
  PingMessageSchema,
  PongMessageSchema,
]);
export type AgentMessage = z.infer<typeof AgentMessageSchema>;

/** Why a device message was refused, for the log: where in the message and what is wrong. */
export function describeBadMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

// ---- server → agent -------------------------------------------------------------------

export const WelcomeMessageSchema = z.object({
  type: z.literal('welcome'),
  protocol: z.number().int(),
  server_version: z.string(),
  heartbeat_ms: z.number().int(),
});

export const RequestMessageSchema = z.object({
  type: z.literal('request'),
  id: requestId,
  timeout_ms: z.number().int().min(100).max(600_000),
  command: DeviceCommandSchema,
});
export type RequestMessage = z.infer<typeof RequestMessageSchema>;

/**
 * Settings the workspace keeps for the device: the OctoPrint API key typed in when the printer
 * was added. An agent started with its own key keeps that one.
 */
export const ConfigureMessageSchema = z.object({
  type: z.literal('configure'),
  octoprint_api_key: z.string().min(1).max(200).nullable(),
});
export type ConfigureMessage = z.infer<typeof ConfigureMessageSchema>;

export const ServerMessageSchema = z.union([
  WelcomeMessageSchema,
  ConfigureMessageSchema,
  RequestMessageSchema,
  PingMessageSchema,
  PongMessageSchema,
]);

/** WebSocket close codes with a meaning for the agent. */
/**
 * The agent's own identity, sent at every WebSocket upgrade beside the device key: a secret it
 * made on its first start and keeps in its state directory. The key pairs with the first
 * identity it sees; another one is refused with 409 until an admin pairs the key again.
 */
export const DEVICE_IDENTITY_HEADER = 'x-device-identity';

export const DEVICE_CLOSE_CODES = {
  /** the key is unknown or revoked: stop, do not reconnect */
  keyRefused: 4401,
  /** another connection with the same key took over */
  replaced: 4409,
  /** the agent speaks a protocol the server does not */
  protocolMismatch: 4400,
  /** silent too long: no hello in time, or the heartbeat (the agent tries again) */
  heartbeatTimeout: 4408,
  /** too many or too large messages */
  policyViolation: 1008,
  serverRestart: 1012,
} as const;
