import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import {
  addPrinter,
  buildFrame,
  sendFrame,
  startPrint,
  type TestPrinter,
} from '../../../test-support/videos.js';

/**
 * Issue 23: timelapse frames could fill the server's disk. Each print and each workspace has a
 * quota; past it the recording stops with a clear answer and nothing more is written.
 */

const FRAME_BYTES = 300_000;
const JOB_QUOTA = 921_600; // three frames fit, a fourth does not
const WORKSPACE_QUOTA_GB = '0.001'; // 1,073,742 bytes: three frames and a bit

/** A camera frame padded with JPEG comment segments to `size` bytes (still a whole JPEG). */
function frameOfSize(seq: number, size: number): Buffer {
  const frame = buildFrame(seq);
  const comments: Buffer[] = [];
  let missing = size - frame.length;
  while (missing > 0) {
    const length = Math.min(65_535, missing - 2);
    const segment = Buffer.alloc(2 + length, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(length, 2);
    comments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([frame.subarray(0, 2), ...comments, frame.subarray(2)]);
}

let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let fileId: number;
let printerA: TestPrinter;
let printerB: TestPrinter;

beforeAll(async () => {
  ({
    t,
    user: admin,
    workspaceId,
  } = await startServerWithWorkspace({
    env: { TIMELAPSE_WORKSPACE_QUOTA_GB: WORKSPACE_QUOTA_GB },
    videoSettings: { jobQuotaBytes: JOB_QUOTA },
  }));
  fileId = (
    await uploadFile(t, admin.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'quota.gcode',
    })
  ).body.id;
  printerA = await addPrinter(t, admin, workspaceId, 'A');
  printerB = await addPrinter(t, admin, workspaceId, 'B');
});
afterAll(() => t.close());

const videoRow = (jobId: number) =>
  t.server.database.db
    .selectFrom('videos')
    .select(['frames_received', 'frame_bytes', 'recording_stopped'])
    .where('print_job_id', '=', jobId)
    .executeTakeFirstOrThrow();

const storedFrames = async () =>
  (await t.server.database.db.selectFrom('video_frames').select('storage_key').execute()).length;

describe('timelapse quotas (issue 23)', () => {
  let jobA: number;

  it("a print's frames stop at the job quota: a clear 409, the recording stopped, nothing more written", async () => {
    jobA = await startPrint(t, admin, printerA, fileId);
    for (const seq of [1, 2, 3]) {
      const sent = await sendFrame(t, printerA.deviceKey, {
        jobId: jobA,
        seq,
        body: frameOfSize(seq, FRAME_BYTES),
      });
      expect(sent.status).toBe(200);
    }
    const over = await sendFrame(t, printerA.deviceKey, {
      jobId: jobA,
      seq: 4,
      body: frameOfSize(4, FRAME_BYTES),
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('the recording stopped'),
      details: { quota: 'job_quota', limit_bytes: JOB_QUOTA },
    });
    expect(await videoRow(jobA)).toEqual({
      frames_received: 3,
      frame_bytes: 3 * FRAME_BYTES,
      recording_stopped: 'job_quota',
    });
    // a stopped recording refuses the next frame before reading it (even a broken one)
    const next = await sendFrame(t, printerA.deviceKey, {
      jobId: jobA,
      seq: 5,
      body: Buffer.from('not a jpeg'),
    });
    expect(next.status).toBe(409);
    expect(await storedFrames()).toBe(3);
    const stops = t.logs.filter(
      (line) => line.msg === 'a timelapse recording stopped at its quota',
    );
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ print_job_id: jobA, quota: 'job_quota' });
  });

  it("the workspace's quota counts every print's frames: another printer's recording stops at it", async () => {
    const jobB = await startPrint(t, admin, printerB, fileId);
    const over = await sendFrame(t, printerB.deviceKey, {
      jobId: jobB,
      seq: 1,
      body: frameOfSize(1, FRAME_BYTES),
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      message: expect.stringContaining("This workspace's timelapse storage is full"),
      details: { quota: 'workspace_quota' },
    });
    expect(await videoRow(jobB)).toMatchObject({
      frames_received: 0,
      recording_stopped: 'workspace_quota',
    });
    const video = await t.api(`/api/groups/${workspaceId}/videos/${jobB}/`, {
      token: admin.access,
    });
    expect(video.body.recording_stopped).toBe('workspace_quota');
    expect(await storedFrames()).toBe(3);
  });
});
