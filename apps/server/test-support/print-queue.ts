import { expect } from 'vitest';
import type { Clock } from '../src/clock.js';
import { buildUser, type BuiltUser } from './factories.js';
import { connectFakeAgent, eventually, readyState, type FakeAgent } from './fake-agent.js';
import { startTestServer, type TestServer } from './test-server.js';
import { buildTextGcode, uploadFile } from './files.js';

const flags = readyState().state.flags;
const PRINTING = { text: 'Printing', flags: { ...flags, printing: true, ready: false } };
const ERROR = {
  text: 'Error',
  flags: { ...flags, operational: false, ready: false, error: true, closedOrError: true },
};

/** Turns the print queue (and optionally dispatch) on for a workspace, through the API. */
export async function enableQueue(
  t: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  settings: { print_queue_enabled?: boolean; queue_dispatch_enabled?: boolean } = {},
): Promise<void> {
  const response = await t.api(`/api/users/me/groups/${workspaceId}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { settings: { print_queue_enabled: true, ...settings } },
  });
  expect(response.status).toBe(200);
}

/** Uploads a G-code whose slicer wrote this filament type (or none). */
export async function uploadGcode(
  t: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  name: string,
  filamentType: string | null = 'PETG',
): Promise<number> {
  const upload = await uploadFile(t, admin.access, workspaceId, {
    bytes: buildTextGcode({ extraLines: name.length, ...(filamentType ? { filamentType } : {}) }),
    filename: name,
  });
  expect(upload.status).toBe(201);
  if (filamentType === null) {
    await t.api(`/api/groups/${workspaceId}/files/${upload.body.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { filament_type: null },
    });
  }
  return upload.body.id;
}

/**
 * A printer with a fake agent that behaves like a printer taking print starts: it answers a
 * print_file by starting (state PRINTING), and `finish` ends the job and makes it ready again.
 */
export interface QueuePrinter {
  id: number;
  deviceKeyId: number;
  agent: FakeAgent;
  /** job ids this printer was asked to print, in order */
  printed(): number[];
  /** how the next print_file is answered */
  answerWith(mode: 'start' | 'refuse' | 'silent'): void;
  finish(jobId: number, event?: 'job_finished' | 'job_failed' | 'job_cancelled'): void;
  setState(state: 'ready' | 'printing' | 'error'): void;
}

export async function addQueuePrinter(
  t: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  options: { name: string; jobox?: boolean; filament?: string | null },
): Promise<QueuePrinter> {
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
    .token as string;
  const created = await t.api('/api/printers/', {
    method: 'POST',
    token: admin.access,
    body: { group: workspaceId, name: options.name, token: key, jobox_enabled: !!options.jobox },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  if (options.filament !== undefined) {
    await t.api(`/api/printers/${id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { filament_type: options.filament ?? '' },
    });
  }
  const { device_key_id: deviceKeyId } = await t.server.database.db
    .selectFrom('printers')
    .select('device_key_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const agent = await connectFakeAgent(t.baseUrl, key);
  await agent.hello();
  let mode: 'start' | 'refuse' | 'silent' = 'start';
  const jobs: number[] = [];
  const setState = (state: 'ready' | 'printing' | 'error') =>
    agent.send({
      type: 'state',
      kind: 'patch',
      state: {
        state: state === 'ready' ? readyState().state : state === 'error' ? ERROR : PRINTING,
      },
    });
  agent.answer((request) => {
    if (request.command.name !== 'print_file') return undefined;
    if (mode === 'silent') return undefined;
    if (mode === 'refuse')
      return { ok: false, error: { code: 'checksum-mismatch', message: 'SHA-256 differs' } };
    jobs.push(request.command.job_id);
    setState('printing');
    return { ok: true, result: { started: true } };
  });
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: admin.access,
    });
    const mine = states.body.find((s: { printer_id: number }) => s.printer_id === id);
    expect(mine.printer_state).toBe('READY_TO_PRINT');
  });
  return {
    id,
    deviceKeyId,
    agent,
    printed: () => [...jobs],
    answerWith: (next) => {
      mode = next;
    },
    finish(jobId, event = 'job_finished') {
      agent.send({ type: 'event', name: event, job_id: jobId, data: {} });
      setState('ready');
    },
    setState,
  };
}

export const queuePath = (workspaceId: number, rest = '') =>
  `/api/groups/${workspaceId}/print-queue/${rest}`;

/**
 * The queue tests' server and its admin: a print start or command a fake agent leaves
 * unanswered times out after `startTimeoutMs`; `clock` lets a test move time itself.
 */
export async function startQueueServer(options: {
  startTimeoutMs: number;
  clock?: Clock;
}): Promise<{ t: TestServer; admin: BuiltUser }> {
  const t = await startTestServer({
    ...(options.clock ? { clock: options.clock } : {}),
    gatewayLimits: {
      printStartTimeoutMs: options.startTimeoutMs,
      commandTimeoutMs: options.startTimeoutMs,
    },
  });
  return { t, admin: await buildUser(t) };
}

/** Adds an item to the workspace's queue (POST), answering the raw response. */
export function addQueueItem(
  t: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  body: Record<string, unknown>,
) {
  return t.api(queuePath(workspaceId), { method: 'POST', token: admin.access, body });
}

/** Someone took the print off the plate: the printer may take the next automatic start. */
export function clearPlate(t: TestServer, admin: BuiltUser, printerId: number) {
  return t.api(`/api/printers/${printerId}/plate-cleared/`, {
    method: 'POST',
    token: admin.access,
    body: {},
  });
}

/** The queue as the page reads it, by box. */
export async function readBoxes(t: TestServer, token: string, workspaceId: number) {
  const response = await t.api(queuePath(workspaceId), { token });
  expect(response.status).toBe(200);
  const results = response.body.results as Array<{ id: number; box: string }>;
  const ids = (box: string) => results.filter((item) => item.box === box).map((item) => item.id);
  return {
    body: response.body,
    queue: ids('queue'),
    printing: ids('printing'),
    printed: ids('printed'),
    archive: ids('archive'),
    item: (id: number) => results.find((item) => item.id === id) as any, // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any shape
  };
}
