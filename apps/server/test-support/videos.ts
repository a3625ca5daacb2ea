import jpeg from 'jpeg-js';
import { expect } from 'vitest';
import type { BuiltUser } from './factories.js';
import { waitForJobEnded } from './farm-world.js';
import {
  connectFakeAgent,
  eventually,
  identityFor,
  readyState,
  type FakeAgent,
} from './fake-agent.js';
import type { TestServer } from './test-server.js';
import { FRAMES_PATH } from '../src/modules/videos/device-frames.routes.js';

/** A 64×48 camera frame: a bright part that grows with `i`, or black when the lens is covered. */
export function buildFrame(i: number, options: { black?: boolean } = {}): Buffer {
  const width = 64;
  const height = 48;
  const data = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const isPart = !options.black && x > 20 && x < 44 && y > height - 4 - ((i * 3) % 40);
      const isHead = !options.black && Math.abs(x - ((i * 9) % width)) < 3 && y < 8;
      const value = options.black ? 2 : isPart || isHead ? 230 : 60;
      data[at] = value;
      data[at + 1] = value;
      data[at + 2] = options.black ? 2 : 80;
    }
  }
  return Buffer.from(jpeg.encode({ width, height, data }, 80).data);
}

export interface FrameSend {
  jobId: number;
  seq: number;
  body?: Buffer;
  headers?: Record<string, string>;
}

/** POSTs a frame the way the agent does. */
export async function sendFrame(t: TestServer, deviceKey: string | null, frame: FrameSend) {
  const response = await fetch(`${t.baseUrl}${FRAMES_PATH}`, {
    method: 'POST',
    headers: {
      ...(deviceKey
        ? { authorization: `Bearer ${deviceKey}`, 'x-device-identity': identityFor(deviceKey) }
        : {}),
      'content-type': 'image/jpeg',
      'x-printjob-id': String(frame.jobId),
      'x-frame-seq': String(frame.seq),
      'x-frame-taken-at': new Date().toISOString(),
      ...frame.headers,
    },
    body: frame.body ?? buildFrame(frame.seq),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

export const completeRecording = (t: TestServer, deviceKey: string, jobId: number) =>
  fetch(`${t.baseUrl}/api/device/timelapse/${jobId}/done/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${deviceKey}`,
      'x-device-identity': identityFor(deviceKey),
    },
  });

export interface TestPrinter {
  printerId: number;
  deviceKey: string;
  agent: FakeAgent;
}

/** A printer in the workspace whose fake agent starts every print it is sent. */
export async function addPrinter(
  t: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  name: string,
): Promise<TestPrinter> {
  const deviceKey = (await t.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
    .token as string;
  const printerId = (
    await t.api('/api/printers/', {
      method: 'POST',
      token: admin.access,
      body: { group: workspaceId, name, token: deviceKey },
    })
  ).body.id as number;
  const agent = await connectFakeAgent(t.baseUrl, deviceKey);
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  agent.answer((request) =>
    request.command.name === 'print_file' ? { ok: true, result: { started: true } } : undefined,
  );
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: admin.access,
    });
    const state = states.body.find((s: { printer_id: number }) => s.printer_id === printerId);
    expect(state.printer_state).toBe('READY_TO_PRINT');
  });
  return { printerId, deviceKey, agent };
}

/** Starts a print and answers its job id; the printer is ready again right after. */
export async function startPrint(
  t: TestServer,
  user: BuiltUser,
  printer: TestPrinter,
  fileId: number,
  makeVideo = true,
): Promise<number> {
  const started = await t.api(`/api/printers/${printer.printerId}/files/`, {
    method: 'POST',
    token: user.access,
    body: { file_id: fileId, print: true, make_video: makeVideo },
  });
  expect(started.status, started.text).toBe(201);
  return started.body.printjob_id as number;
}

export function endJob(printer: TestPrinter, jobId: number, name = 'job_finished'): void {
  printer.agent.send({ type: 'event', name, job_id: jobId, data: {} });
}

/** The job's video state as the print-jobs list shows it. */
export async function videoStateOf(
  t: TestServer,
  user: BuiltUser,
  workspaceId: number,
  jobId: number,
): Promise<string | null> {
  const jobs = await t.api(`/api/groups/${workspaceId}/print-jobs/?limit=100`, {
    token: user.access,
  });
  return jobs.body.results.find((job: { id: number }) => job.id === jobId)?.video_state ?? null;
}

/** Records `count` frames, ends the job and tells the server the recording is complete. */
export async function recordAndEnd(
  t: TestServer,
  printer: TestPrinter,
  jobId: number,
  frames: Buffer[],
  outcome = 'job_finished',
): Promise<void> {
  for (const [seq, body] of frames.entries()) {
    const sent = await sendFrame(t, printer.deviceKey, { jobId, seq, body });
    expect(sent.status).toBe(200);
  }
  endJob(printer, jobId, outcome);
  await waitForJobEnded(t, jobId);
  expect((await completeRecording(t, printer.deviceKey, jobId)).status).toBe(204);
}
