import { asRecord } from '../host-http.js';
import type { RpcAnswer } from './jsonrpc-client.js';
import { resolveSnapshotUrl } from './moonraker-commands.js';
import type { MoonrakerModel, ObjectStatus } from './moonraker-state.js';

/** One JSON-RPC read on the current socket. */
export type MoonrakerRead = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** The objects the state is built from (reference B.3.3), only the fields it needs. */
const SUBSCRIPTION: Record<string, string[] | null> = {
  webhooks: ['state', 'state_message'],
  print_stats: ['state', 'filename', 'print_duration', 'total_duration', 'message'],
  virtual_sdcard: ['progress', 'is_active'],
  display_status: ['progress'],
  extruder: ['temperature', 'target'],
  heater_bed: ['temperature', 'target'],
  fan: ['speed'],
  toolhead: ['homed_axes'],
};
const LED_OBJECT = /^(led|neopixel|dotstar|pca9533|pca9632) /;

/** What the host says of itself: Klippy's state, the printer's relay and the camera. */
export async function readMoonrakerHost(
  read: MoonrakerRead,
  host: { url: string; powerDevice?: string | null | undefined },
): Promise<{
  klippyState: string;
  power: MoonrakerModel['power'] | null;
  snapshotUrl: string | null;
}> {
  const info = asRecord(await read('server.info'));
  const klippyState = typeof info.klippy_state === 'string' ? info.klippy_state : 'disconnected';
  const components = Array.isArray(info.components) ? info.components : [];
  const power = components.includes('power') ? await readPower(read, host.powerDevice) : null;
  const webcams = asRecord(await read('server.webcams.list')).webcams;
  const camera = (Array.isArray(webcams) ? webcams : [])
    .map(asRecord)
    .find(
      (cam) => cam.enabled !== false && typeof cam.snapshot_url === 'string' && cam.snapshot_url,
    );
  const snapshotUrl = camera ? resolveSnapshotUrl(String(camera.snapshot_url), host.url) : null;
  return { klippyState, power, snapshotUrl };
}

/**
 * The relay that feeds the printer: the configured device (default `printer`), never just
 * the first one listed, which may be a light.
 */
async function readPower(
  read: MoonrakerRead,
  powerDevice: string | null | undefined,
): Promise<MoonrakerModel['power'] | null> {
  const wanted = powerDevice === undefined ? 'printer' : powerDevice;
  if (wanted === null) return null;
  const devices = asRecord(await read('machine.device_power.devices')).devices;
  const list = (Array.isArray(devices) ? devices : []).map(asRecord);
  const device = list.find((d) => d.device === wanted);
  if (!device) return null;
  return { device: wanted, status: typeof device.status === 'string' ? device.status : null };
}

/** Subscribes to the printer objects (and the LED, if there is one): their status as it is now. */
export async function subscribeMoonrakerObjects(
  read: MoonrakerRead,
  subscribe: (params: Record<string, unknown>) => Promise<RpcAnswer>,
): Promise<{
  ledObject: string | null;
  status: Record<string, ObjectStatus>;
  /** Klipper's monotonic clock when it answered */
  eventtime: number | null;
  /** the answer's place among the socket's messages */
  arrival: number;
}> {
  const objects = asRecord(await read('printer.objects.list')).objects;
  const led = (Array.isArray(objects) ? objects : []).find(
    (name): name is string => typeof name === 'string' && LED_OBJECT.test(name),
  );
  const subscription = led ? { ...SUBSCRIPTION, [led]: ['color_data'] } : SUBSCRIPTION;
  const { result, arrival } = await subscribe({ objects: subscription });
  const answer = asRecord(result);
  return {
    ledObject: led ?? null,
    status: asRecord(answer.status) as Record<string, ObjectStatus>,
    eventtime: typeof answer.eventtime === 'number' ? answer.eventtime : null,
    arrival,
  };
}

/** A `notify_status_update` that came while a subscription was being answered. */
export interface StatusDiffSeen {
  diff: Record<string, ObjectStatus>;
  eventtime: number | null;
  /** its place among the socket's messages */
  arrival: number;
}

/**
 * The diffs handled while a subscription is on its way. Klipper sends about four a second, so a
 * read within its timeout keeps a few dozen; a host sending far more is not held in memory: past
 * the cap the rest are not kept and the driver subscribes once more after the answer.
 */
export interface DiffsWhileSubscribing {
  seen: StatusDiffSeen[];
  overflowed: boolean;
}

export const MAX_DIFFS_WHILE_SUBSCRIBING = 256;

export function keepDiff(kept: DiffsWhileSubscribing, diff: StatusDiffSeen): void {
  if (kept.seen.length < MAX_DIFFS_WHILE_SUBSCRIBING) kept.seen.push(diff);
  else kept.overflowed = true;
}

/**
 * The subscription's answer is the status when Klipper answered; a diff handled while it was on
 * its way is newer when it came after the answer (handled before the awaiting read resumed) or
 * carries a later eventtime: those are merged on top, or a cancel seen meanwhile would be undone
 * by the older answer and, diffs carrying only changes, never shown.
 */
export function withNewerDiffs(
  answer: { status: Record<string, ObjectStatus>; eventtime: number | null; arrival: number },
  seen: readonly StatusDiffSeen[],
): Record<string, ObjectStatus> {
  let status = answer.status;
  for (const { diff, eventtime, arrival } of seen) {
    const isNewer =
      arrival > answer.arrival ||
      (eventtime !== null && answer.eventtime !== null && eventtime > answer.eventtime);
    if (isNewer) status = mergeStatus(status, diff);
  }
  return status;
}

/** The latest of Klipper's clocks among a subscription's answer and the diffs kept beside it. */
export function latestEventtime(
  answer: { eventtime: number | null },
  seen: readonly StatusDiffSeen[],
): number | null {
  let latest = answer.eventtime;
  for (const { eventtime } of seen)
    if (eventtime !== null && (latest === null || eventtime > latest)) latest = eventtime;
  return latest;
}

/** Klippy's state as a whole status tells it (`webhooks`), or `fallback` where it is silent. */
export function klippyOfStatus(
  status: Record<string, ObjectStatus>,
  fallback: string,
): MoonrakerModel['klippy'] {
  const webhooks = asRecord(status.webhooks);
  return {
    state: typeof webhooks.state === 'string' ? webhooks.state : fallback,
    message: typeof webhooks.state_message === 'string' ? webhooks.state_message : '',
  };
}

/** Diffs carry only changed fields: merged into the local copy (B.3.2). */
export function mergeStatusDiff(
  model: Pick<MoonrakerModel, 'status' | 'klippy'>,
  diff: Record<string, ObjectStatus>,
): Pick<MoonrakerModel, 'status' | 'klippy'> {
  const status = mergeStatus(model.status, diff);
  const webhooks = asRecord(diff.webhooks);
  const klippy =
    typeof webhooks.state === 'string'
      ? {
          state: webhooks.state,
          message:
            typeof webhooks.state_message === 'string'
              ? webhooks.state_message
              : model.klippy.message,
        }
      : model.klippy;
  return { status, klippy };
}

function mergeStatus(
  status: Record<string, ObjectStatus>,
  diff: Record<string, ObjectStatus>,
): Record<string, ObjectStatus> {
  const merged = { ...status };
  for (const [name, fields] of Object.entries(diff)) {
    merged[name] = { ...merged[name], ...asRecord(fields) };
  }
  return merged;
}
