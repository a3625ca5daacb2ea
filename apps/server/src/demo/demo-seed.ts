import type { Gcode, GcodePage, PrinterDeviceState, User } from '@printdeck/shared';
import type { Db } from '../db/database.js';
import { buildDemoGcode, DEMO_GCODES } from './demo-gcode.js';
import { seedDemoHistory } from './demo-history.js';

/**
 * What `npm run demo` puts into its workspace, through the API as a person would (uploads,
 * queue, a print) and, for the weeks before the demo existed, ended jobs written as the server
 * writes them.
 */
export interface DemoSeedInput {
  /** the running server, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** an access token of the workspace's admin */
  access: string;
  workspaceId: number;
  /** the server's database, for the history only */
  db: Db;
  now: Date;
  /** how long to wait for a printer ready to print */
  readyTimeoutMs?: number;
}

export interface DemoSeedResult {
  /** false when the workspace had files already: a second start adds nothing but a print */
  isSeeded: boolean;
  files: number;
  endedJobs: number;
  queueItems: number;
  /** the printer printing when the seed returned, if one was ready */
  printingPrinterId: number | null;
  /** a printer with a camera printing the shortest sample with a timelapse (first start only) */
  videoPrinterId: number | null;
}

type Api = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

function createApi(baseUrl: string, access: string): Api {
  return async (path, init = {}) => {
    const form = init.body instanceof FormData ? init.body : undefined;
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${access}`,
        ...(init.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text);
  };
}

async function uploadSamples(api: Api, workspaceId: number): Promise<Gcode[]> {
  const uploaded: Gcode[] = [];
  for (const spec of DEMO_GCODES) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildDemoGcode(spec))]), spec.name);
    uploaded.push(
      await api<Gcode>(`/api/groups/${workspaceId}/files/`, { method: 'POST', body: form }),
    );
  }
  return uploaded;
}

async function listPrinters(db: Db, workspaceId: number) {
  return db
    .selectFrom('printers')
    .select(['id', 'name', 'device_key_id'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
}

/** Three waiting items: two for any printer, one for the first printer. */
async function queueSamples(api: Api, workspaceId: number, files: Gcode[], printerId?: number) {
  const items = [
    { file: files[0]!.id, printer: null },
    { file: files[2 % files.length]!.id, printer: printerId ?? null },
    { file: files[3 % files.length]!.id, printer: null },
  ];
  for (const item of items)
    await api(`/api/groups/${workspaceId}/print-queue/`, { method: 'POST', body: item });
  return items.length;
}

const deviceStates = (api: Api, workspaceId: number) =>
  api<PrinterDeviceState[]>(`/api/groups/${workspaceId}/devices-states/`);

/** Starts the longest sample on a ready printer, unless one prints already; its id or null. */
async function startOnePrint(
  api: Api,
  workspaceId: number,
  files: Gcode[],
  timeoutMs: number,
): Promise<number | null> {
  const longest = [...files].sort(
    (a, b) => (b.printing_time_sec ?? 0) - (a.printing_time_sec ?? 0),
  )[0];
  if (!longest) return null;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const states = await deviceStates(api, workspaceId);
    const printing = states.find((row) => row.printer_state === 'PRINTING');
    if (printing) return printing.printer_id;
    // a printer without a camera first: the camera printer is kept for the timelapse
    const ready = states
      .filter((row) => row.printer_state === 'READY_TO_PRINT')
      .sort((a, b) => Number(a.plugins?.camera === true) - Number(b.plugins?.camera === true))[0];
    if (ready) {
      await api(`/api/printers/${ready.printer_id}/files/`, {
        method: 'POST',
        body: { file_id: longest.id, print: true },
      });
      return ready.printer_id;
    }
    if (performance.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The first start's timelapse: the shortest sample with a video on a ready printer with a
 * camera, so the videos have one within minutes. Its id, or null when none was ready. The printer
 * just given the long print may still read ready (its agent has not reported yet): never that one.
 */
async function startVideoPrint(
  api: Api,
  workspaceId: number,
  files: Gcode[],
  busyPrinterId: number | null,
  timeoutMs: number,
) {
  const shortest = [...files].sort(
    (a, b) => (a.printing_time_sec ?? 0) - (b.printing_time_sec ?? 0),
  )[0];
  if (!shortest) return null;
  const deadline = performance.now() + timeoutMs;
  let camera: PrinterDeviceState | undefined;
  for (;;) {
    const states = await deviceStates(api, workspaceId);
    // every printer has reported and none other has a camera: no timelapse, without waiting
    const reported = states.every(
      (row) =>
        row.printer_state !== 'STATE_UNKNOWN' &&
        row.printer_state !== 'NOT_CONNECTED_TO_PROXY_SERVER',
    );
    const hasCamera = (row: PrinterDeviceState) =>
      row.plugins?.camera === true && row.printer_id !== busyPrinterId;
    if (reported && !states.some(hasCamera)) return null;
    camera = states.find((row) => row.printer_state === 'READY_TO_PRINT' && hasCamera(row));
    if (camera) break;
    if (performance.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await api(`/api/printers/${camera.printer_id}/files/`, {
    method: 'POST',
    body: { file_id: shortest.id, print: true, make_video: true },
  });
  return camera.printer_id;
}

export async function seedDemoWorkspace(input: DemoSeedInput): Promise<DemoSeedResult> {
  const api = createApi(input.baseUrl, input.access);
  const { workspaceId } = input;
  const existing = await api<GcodePage>(`/api/groups/${workspaceId}/files/`);
  const isSeeded = existing.count === 0;
  let files = existing.results;
  let endedJobs = 0;
  let queueItems = 0;
  if (isSeeded) {
    files = await uploadSamples(api, workspaceId);
    const me = await api<User>('/api/users/me/');
    const printers = await listPrinters(input.db, workspaceId);
    endedJobs = (
      await seedDemoHistory(input.db, {
        workspaceId,
        user: { id: me.id, username: me.username },
        printers,
        files,
        now: input.now,
      })
    ).length;
    // the queue is off in a new workspace; the demo shows it
    await api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      body: { settings: { print_queue_enabled: true } },
    });
    queueItems = await queueSamples(api, workspaceId, files, printers[0]?.id);
  }
  const printingPrinterId = await startOnePrint(
    api,
    workspaceId,
    files,
    input.readyTimeoutMs ?? 60_000,
  );
  const videoPrinterId = isSeeded
    ? await startVideoPrint(
        api,
        workspaceId,
        files,
        printingPrinterId,
        input.readyTimeoutMs ?? 60_000,
      )
    : null;
  return {
    isSeeded,
    files: files.length,
    endedJobs,
    queueItems,
    printingPrinterId,
    videoPrinterId,
  };
}
