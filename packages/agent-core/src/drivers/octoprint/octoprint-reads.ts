import { asRecord, HostHttpError } from '../host-http.js';
import type { OctoPrintApi } from './octoprint-api.js';
import { printerErrorText, toReading, type OctoPrintModel } from './octoprint-state.js';

/**
 * The state over REST, once per connection. `/api/job` always answers; `/api/printer` only
 * while operational (409 otherwise, C.3.1). `hasCamera`: as configured, else probed.
 */
export async function readOctoPrintState(
  api: OctoPrintApi,
  hasCamera: boolean | undefined,
): Promise<Partial<OctoPrintModel>> {
  const job = asRecord(await api.get('api/job'));
  const printer = await readOptional(api, 'api/printer?exclude=sd', [409]);
  const psu = await readOptional(api, 'api/plugin/psucontrol', [404]);
  const settings = await readOptional(api, 'api/settings', []);
  const printerState = asRecord(printer?.state);
  const temperature = asRecord(printer?.temperature);
  return {
    isReachable: true,
    isPermissionDenied: false,
    stateText: typeof printerState.text === 'string' ? printerState.text : String(job.state),
    flags: printer ? asRecord(printerState.flags) : null,
    job: job.job,
    progress: job.progress,
    error: typeof job.error === 'string' ? job.error : printerErrorText(printerState.error),
    temperature: { tool0: toReading(temperature.tool0), bed: toReading(temperature.bed) },
    psu: { isInstalled: psu !== null, isOn: psu ? psu.isPSUOn === true : null },
    hasCamera: hasCamera ?? (await probeCamera(api, settings)),
  };
}

/** The webcam as OctoPrint's settings now have it (after `SettingsUpdated`). */
export async function readOctoPrintCamera(api: OctoPrintApi): Promise<boolean> {
  return probeCamera(api, await readOptional(api, 'api/settings', []));
}

/**
 * A camera only when OctoPrint has a webcam that can take snapshots and one snapshot works: a
 * stock OctoPrint lists the classic webcam with a snapshot URL nothing answers, and its
 * `/downloads/camera/current` is then an HTML 500 (reference A.3.10).
 */
async function probeCamera(
  api: OctoPrintApi,
  settings: Record<string, unknown> | null,
): Promise<boolean> {
  const webcam = asRecord(settings?.webcam);
  const webcams = Array.isArray(webcam.webcams) ? webcam.webcams.map(asRecord) : [];
  const canSnapshot =
    webcam.webcamEnabled !== false &&
    (webcams.some((cam) => cam.canSnapshot === true) ||
      (webcams.length === 0 && Boolean(webcam.snapshotUrl)));
  if (!canSnapshot) return false;
  try {
    const response = await api.fetch({ path: 'downloads/camera/current' });
    const type = response.headers.get('content-type') ?? '';
    await response.body?.cancel();
    return type.startsWith('image/');
  } catch {
    return false;
  }
}

/** A read that may answer with one of `absent` statuses: then null. */
async function readOptional(
  api: OctoPrintApi,
  path: string,
  absent: number[],
): Promise<Record<string, unknown> | null> {
  try {
    return asRecord(await api.get(path));
  } catch (error) {
    if (error instanceof HostHttpError && absent.includes(error.status)) return null;
    throw error;
  }
}

/**
 * A push socket's `current`/`history`: state, job and progress as REST has them; temperatures
 * as timed points, the last one taken.
 */
export function changeFromPush(data: Record<string, unknown>): Partial<OctoPrintModel> {
  const state = asRecord(data.state);
  const temps = Array.isArray(data.temps) ? data.temps : [];
  const last = asRecord(temps[temps.length - 1]);
  return {
    isReachable: true,
    ...(typeof state.text === 'string'
      ? {
          stateText: state.text,
          flags: asRecord(state.flags),
          error: printerErrorText(state.error),
        }
      : {}),
    ...('job' in data ? { job: data.job } : {}),
    ...('progress' in data ? { progress: data.progress } : {}),
    ...(temps.length > 0
      ? { temperature: { tool0: toReading(last.tool0), bed: toReading(last.bed) } }
      : {}),
  };
}
