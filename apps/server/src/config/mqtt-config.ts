import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const TOPIC_PART = /^[A-Za-z0-9_-]{1,64}$/;

/** One workspace the bridge publishes, and the API key its commands run with. */
export interface MqttWorkspace {
  workspaceId: number;
  apiKey: string;
}

export interface MqttSettings {
  url: string;
  workspaces: MqttWorkspace[];
  /** Home Assistant's discovery prefix (its MQTT integration's setting; "homeassistant") */
  discoveryPrefix: string;
  /** where state, camera frames and commands live: <prefix>/printer/<id>/… */
  topicPrefix: string;
  /** how often the printers' state is read and changes published */
  stateIntervalMs: number;
  /** how often a camera frame is published per printer; 0: no camera entity */
  cameraIntervalMs: number;
}

/** `12:pdk_…,15:pdk_…` → one entry per workspace; or why not. */
export function parseWorkspaceKeys(value: string): MqttWorkspace[] | string {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'must list at least one <workspace id>:<API key>';
  const workspaces: MqttWorkspace[] = [];
  for (const entry of entries) {
    const match = /^(\d{1,12}):(pdk_[A-Za-z0-9_-]{10,200})$/.exec(entry);
    if (!match) {
      return 'must be <workspace id>:<API key> pairs separated by commas (an API key starts with pdk_)';
    }
    const workspaceId = Number(match[1]);
    if (workspaces.some((w) => w.workspaceId === workspaceId)) {
      return `names workspace ${workspaceId} twice`;
    }
    workspaces.push({ workspaceId, apiKey: match[2]! });
  }
  return workspaces;
}

/** The Home Assistant (MQTT) variables (issue 28), read with the others in config.schema.ts. */
export const MQTT_ENV = {
  /** mqtt(s)://[user:password@]host[:port] or ws(s)://…: publish to Home Assistant; unset: off */
  MQTT_URL: optionalString.pipe(
    z
      .string()
      .refine((value) => {
        try {
          return ['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'must be a URL starting with mqtt://, mqtts://, ws:// or wss://')
      .optional(),
  ),
  /** which workspaces are published, each with the dedicated API key its buttons act with */
  MQTT_WORKSPACE_KEYS: optionalString,
  MQTT_DISCOVERY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_/-]{1,64}$/, 'must be 1–64 letters, digits or _ - /')
    .default('homeassistant'),
  MQTT_TOPIC_PREFIX: z
    .string()
    .trim()
    .regex(TOPIC_PART, 'must be 1–64 letters, digits, _ or -')
    .default('printdeck'),
  MQTT_STATE_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  MQTT_CAMERA_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
};

interface MqttEnv {
  MQTT_URL?: string | undefined;
  MQTT_WORKSPACE_KEYS?: string | undefined;
  MQTT_DISCOVERY_PREFIX: string;
  MQTT_TOPIC_PREFIX: string;
  MQTT_STATE_SECONDS: number;
  MQTT_CAMERA_SECONDS: number;
}

/** The settings, undefined when MQTT_URL is unset, or the one problem to report. */
export function readMqttSettings(env: MqttEnv): MqttSettings | { problem: string } | undefined {
  if (!env.MQTT_URL) {
    if (env.MQTT_WORKSPACE_KEYS) {
      return { problem: 'MQTT_URL is missing: it must be set when MQTT_WORKSPACE_KEYS is set' };
    }
    return undefined;
  }
  if (!env.MQTT_WORKSPACE_KEYS) {
    return {
      problem:
        'MQTT_WORKSPACE_KEYS is missing: it must be set when MQTT_URL is set (<workspace id>:<API key>, …)',
    };
  }
  const workspaces = parseWorkspaceKeys(env.MQTT_WORKSPACE_KEYS);
  if (typeof workspaces === 'string') return { problem: `MQTT_WORKSPACE_KEYS ${workspaces}` };
  return {
    url: env.MQTT_URL,
    workspaces,
    discoveryPrefix: trimSlashes(env.MQTT_DISCOVERY_PREFIX),
    topicPrefix: env.MQTT_TOPIC_PREFIX,
    stateIntervalMs: Math.round(env.MQTT_STATE_SECONDS * 1000),
    cameraIntervalMs: Math.round(env.MQTT_CAMERA_SECONDS * 1000),
  };
}

/** The broker's address as logs and errors may show it: no user name, no password. */
export function describeBrokerUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return '(unreadable URL)';
  }
}

function trimSlashes(value: string): string {
  let end = value.length;
  while (end > 1 && value[end - 1] === '/') end -= 1;
  return value.slice(0, end);
}
