import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { probeVideo, resolveFfmpegPath } from './ffmpeg.js';
import { readJpegInfo } from './jpeg-info.js';
import type { VideoFailure } from './video-events.js';
import {
  addPrinter,
  buildFrame,
  completeRecording,
  recordAndEnd,
  sendFrame,
  startPrint,
  videoStateOf,
  type TestPrinter,
} from '../../../test-support/videos.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let junior: BuiltUser;
let stranger: BuiltUser;
let workspaceId: number;
let fileId: number;
let printer: TestPrinter;
const failures: VideoFailure[] = [];

beforeAll(async () => {
  t = await startTestServer();
  [admin, observer, junior, stranger] = await Promise.all([
    buildUser(t),
    buildUser(t),
    buildUser(t),
    buildUser(t),
  ]);
  workspaceId = await buildWorkspace(t, admin);
  await buildWorkspace(t, stranger);
  await addMember(t, workspaceId, observer, 'observer');
  await addMember(t, workspaceId, junior, 'junior');
  const upload = await uploadFile(t, admin.access, workspaceId, {
    bytes: buildTextGcode(),
    filename: 'benchy.gcode',
  });
  fileId = upload.body.id;
  printer = await addPrinter(t, admin, workspaceId, 'MK4');
  t.server.services.videos.events.subscribe({
    async inTransaction(trx, failure) {
      // the check result is visible in the same transaction
      const row = await trx
        .selectFrom('videos')
        .select('check_flagged')
        .where('print_job_id', '=', failure.video.print_job_id)
        .executeTakeFirstOrThrow();
      expect(row.check_flagged).toBe(1);
      failures.push(failure);
    },
  });
});
afterAll(() => t.close());

const getVideo = (id: number, user = admin) =>
  t.api(`/api/groups/${workspaceId}/videos/${id}/`, { token: user.access });

async function waitForState(jobId: number, state: string) {
  await eventually(async () => {
    expect(await videoStateOf(t, admin, workspaceId, jobId)).toBe(state);
  }, 30_000);
}

async function recordedVideo(frames: Buffer[], outcome = 'job_finished'): Promise<number> {
  const jobId = await startPrint(t, admin, printer, fileId);
  await recordAndEnd(t, printer, jobId, frames, outcome);
  await waitForState(jobId, 'READY');
  return jobId;
}

describe('recording and making the video', () => {
  it('frames make the job RECORDING; its end makes an H.264 MP4 of fixed length, a photo and a strip of 20', async () => {
    const jobId = await startPrint(t, admin, printer, fileId);
    expect(await videoStateOf(t, admin, workspaceId, jobId)).toBeNull();
    const first = await sendFrame(t, printer.deviceKey, { jobId, seq: 0 });
    expect(first).toEqual({ status: 200, body: { stored: true } });
    expect(await videoStateOf(t, admin, workspaceId, jobId)).toBe('RECORDING');
    // the agent did not hear the answer and sends the same frame again: stored once
    expect((await sendFrame(t, printer.deviceKey, { jobId, seq: 0 })).body).toEqual({
      stored: false,
    });
    const frames = Array.from({ length: 12 }, (_, i) => buildFrame(i + 1));
    await recordAndEnd(t, printer, jobId, [buildFrame(0), ...frames].slice(0, 13));
    await waitForState(jobId, 'READY');

    const video = (await getVideo(jobId)).body;
    expect(video).toMatchObject({
      id: jobId,
      name: 'benchy',
      state: 'READY',
      is_public: false,
      duration_sec: 24,
      frames: { received: 13, corrupt: 0, dropped: 0 },
      check: { flagged: false, reasons: [] },
      print_job: { printer_name: 'MK4', file_name: 'benchy.gcode', file_id: fileId },
      can_change: true,
    });

    const mp4 = await fetch(`${t.baseUrl}${video.links.video}`);
    expect(mp4.status).toBe(200);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect(mp4.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await mp4.arrayBuffer());
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'video-')), 'video.mp4');
    writeFileSync(file, bytes);
    const probe = await probeVideo(resolveFfmpegPath(undefined), file);
    expect(probe).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 64, height: 48 });
    expect(probe.durationSec).toBeGreaterThanOrEqual(20);
    expect(probe.durationSec).toBeLessThanOrEqual(30);
    // fast start: the index (moov) comes before the media (mdat)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const strip = Buffer.from(
      await (await fetch(`${t.baseUrl}${video.links.photo_stripe}`)).arrayBuffer(),
    );
    expect(readJpegInfo(strip)).toEqual({ width: 20 * 160, height: 120 });
    const photo = Buffer.from(
      await (await fetch(`${t.baseUrl}${video.links.photo}`)).arrayBuffer(),
    );
    expect(readJpegInfo(photo)).toEqual({ width: 64, height: 48 });

    // the frames are gone once the video exists
    const frameRows = await t.server.database.db
      .selectFrom('video_frames')
      .select('storage_key')
      .where('video_id', '=', jobId)
      .execute();
    expect(frameRows).toEqual([]);
  });

  it('the MP4 answers HTTP Range requests so a browser can seek', async () => {
    const jobId = await recordedVideo([buildFrame(1), buildFrame(2), buildFrame(3)]);
    const { links, size } = (await getVideo(jobId)).body;
    const part = await fetch(`${t.baseUrl}${links.video}`, { headers: { range: 'bytes=10-109' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).length).toBe(100);
    const past = await fetch(`${t.baseUrl}${links.video}`, {
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('without a frame the job ends NOT_RECORDED; without make_video frames are refused', async () => {
    const jobId = await startPrint(t, admin, printer, fileId);
    printer.agent.send({ type: 'event', name: 'job_finished', job_id: jobId, data: {} });
    await waitForState(jobId, 'NOT_RECORDED');
    expect((await getVideo(jobId)).status).toBe(404);

    const plain = await startPrint(t, admin, printer, fileId, false);
    expect((await sendFrame(t, printer.deviceKey, { jobId: plain, seq: 0 })).status).toBe(409);
  });
});

describe('the failure check', () => {
  it('passes a normal print and flags a black camera, raising a video failure event once', async () => {
    const normal = await recordedVideo(Array.from({ length: 8 }, (_, i) => buildFrame(i)));
    expect((await getVideo(normal)).body.check).toEqual({ flagged: false, reasons: [] });
    expect(failures.some((f) => f.video.print_job_id === normal)).toBe(false);

    const black = await recordedVideo(
      Array.from({ length: 8 }, (_, i) => buildFrame(i, { black: i > 1 })),
    );
    expect((await getVideo(black)).body.check).toEqual({
      flagged: true,
      reasons: ['camera_black'],
    });
    const raised = failures.filter((f) => f.video.print_job_id === black);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ reasons: ['camera_black'], job: { id: black } });
  });

  it('flags a failed print and a camera that did not answer most snapshots', async () => {
    const jobId = await startPrint(t, admin, printer, fileId);
    for (let seq = 0; seq < 3; seq++) {
      await sendFrame(t, printer.deviceKey, {
        jobId,
        seq,
        headers: { 'x-frames-failed': String(seq * 4) },
      });
    }
    await recordAndEnd(t, printer, jobId, [], 'job_failed');
    await waitForState(jobId, 'READY');
    expect((await getVideo(jobId)).body).toMatchObject({
      frames: { received: 3, camera_failures: 8 },
      check: { flagged: true, reasons: ['print_failed', 'camera_unreachable'] },
    });
  });
});

describe('bad frames', () => {
  let jobId: number;
  beforeAll(async () => {
    jobId = await startPrint(t, admin, printer, fileId);
  });

  it('a frame without a valid device key is 401; another device cannot send to this job', async () => {
    expect((await sendFrame(t, null, { jobId, seq: 1 })).status).toBe(401);
    expect((await sendFrame(t, 'abcdefghijkl.' + 'x'.repeat(43), { jobId, seq: 1 })).status).toBe(
      401,
    );
    const other = await addPrinter(t, admin, workspaceId, 'Other');
    const refused = await sendFrame(t, other.deviceKey, { jobId, seq: 1 });
    expect(refused.status).toBe(404);
    other.agent.close();
  });

  it('the device key alone is not enough: a frame must come from the agent the key is paired with', async () => {
    const stranger = 'S'.repeat(43);
    const copied = await sendFrame(t, printer.deviceKey, {
      jobId,
      seq: 1,
      headers: { 'x-device-identity': stranger },
    });
    expect(copied.status).toBe(401);
    const missing = await sendFrame(t, printer.deviceKey, {
      jobId,
      seq: 1,
      headers: { 'x-device-identity': '' },
    });
    expect(missing.status).toBe(401);
    const done = await fetch(`${t.baseUrl}/api/device/timelapse/${jobId}/done/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${printer.deviceKey}`, 'x-device-identity': stranger },
    });
    expect(done.status).toBe(401);
  });

  it('a recording is complete only once the job has ended here: 409 before; never for another device', async () => {
    expect((await completeRecording(t, printer.deviceKey, jobId)).status).toBe(409);
    const other = await addPrinter(t, admin, workspaceId, 'Third');
    expect((await completeRecording(t, other.deviceKey, jobId)).status).toBe(404);
    other.agent.close();
  });

  it('an oversized frame is 413, a corrupt JPEG is 400 and counted, bad headers are 400', async () => {
    const huge = Buffer.alloc(3 * 1024 * 1024, 1);
    expect((await sendFrame(t, printer.deviceKey, { jobId, seq: 1, body: huge })).status).toBe(413);
    const corrupt = buildFrame(1).subarray(0, 300);
    const bad = await sendFrame(t, printer.deviceKey, { jobId, seq: 2, body: corrupt });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'validation_error',
      details: { body: expect.any(Array) },
    });
    const noSeq = await sendFrame(t, printer.deviceKey, {
      jobId,
      seq: 3,
      headers: { 'x-frame-seq': 'one' },
    });
    expect(noSeq.status).toBe(400);
    await sendFrame(t, printer.deviceKey, { jobId, seq: 4 });
    const row = await t.server.database.db
      .selectFrom('videos')
      .select(['frames_received', 'frames_corrupt'])
      .where('print_job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ frames_received: 1, frames_corrupt: 1 });
  });
  it('a frame whose header claims more pixels than the budget is 400 and not kept (issue 23)', async () => {
    const frame = Buffer.from(buildFrame(5));
    const sof = frame.indexOf(Buffer.from([0xff, 0xc0]));
    frame.writeUInt16BE(20_000, sof + 5);
    frame.writeUInt16BE(20_000, sof + 7);
    const before = await framesOf(jobId);
    const answer = await sendFrame(t, printer.deviceKey, { jobId, seq: 5, body: frame });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'validation_error',
      details: { body: [expect.stringContaining('4096')] },
    });
    expect(await framesOf(jobId)).toBe(before);
  });
});

async function framesOf(jobId: number): Promise<number> {
  const row = await t.server.database.db
    .selectFrom('videos')
    .select('frames_received')
    .where('print_job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  return row.frames_received;
}

describe('permissions', () => {
  let videoId: number;
  let otherVideoId: number;
  beforeAll(async () => {
    videoId = await recordedVideo([buildFrame(1), buildFrame(2)]);
    otherVideoId = await recordedVideo([buildFrame(3), buildFrame(4)]);
  });

  it('members watch (VIEW_GROUP); another workspace sees 404', async () => {
    const list = await t.api(`/api/groups/${workspaceId}/videos/?limit=2`, {
      token: observer.access,
    });
    expect(list.status).toBe(200);
    expect(list.body.results.map((v: { id: number }) => v.id)).toEqual([otherVideoId, videoId]);
    expect(list.body.next).toMatch(/^\/api\/groups\/\d+\/videos\/\?limit=2&cursor=\d+$/);
    expect((await getVideo(videoId, observer)).body.can_change).toBe(false);
    expect((await getVideo(videoId, stranger)).status).toBe(404);
    const strangerSpace = (await t.api('/api/users/me/groups/', { token: stranger.access })).body[0]
      .id;
    expect(
      (await t.api(`/api/groups/${strangerSpace}/videos/${videoId}/`, { token: stranger.access }))
        .status,
    ).toBe(404);
    expect((await t.api(`/api/files/${fileId}/videos/`, { token: stranger.access })).status).toBe(
      404,
    );
    const fileVideos = await t.api(`/api/files/${fileId}/videos/?limit=100`, {
      token: observer.access,
    });
    expect(fileVideos.body.results.map((v: { id: number }) => v.id)).toContain(videoId);
  });

  it('observers and juniors (not their own print) may not change or delete', async () => {
    for (const user of [observer, junior]) {
      const patch = await t.api(`/api/groups/${workspaceId}/videos/${videoId}/`, {
        method: 'PATCH',
        token: user.access,
        body: { is_public: true },
      });
      expect(patch.status).toBe(403);
      const del = await t.api(`/api/groups/${workspaceId}/videos/${videoId}/`, {
        method: 'DELETE',
        token: user.access,
      });
      expect(del.status).toBe(403);
    }
    expect((await getVideo(videoId)).status).toBe(200);
  });

  it('a signed link opens its own video only, and only while its member is one', async () => {
    const own = (await getVideo(videoId)).body.links.video as string;
    const token = new URL(own, t.baseUrl).searchParams.get('token')!;
    const other = await fetch(
      `${t.baseUrl}/api/print-job-videos/download/${otherVideoId}/video/?token=${encodeURIComponent(token)}`,
    );
    expect(other.status).toBe(401);
    const noToken = await fetch(`${t.baseUrl}/api/print-job-videos/download/${videoId}/video/`);
    expect(noToken.status).toBe(404);
    // a file download link is no video link
    const fileLink = (
      await t.api(`/api/groups/${workspaceId}/files/${fileId}/download-link/`, {
        token: admin.access,
      })
    ).body.url as string;
    const fileToken = new URL(fileLink, t.baseUrl).searchParams.get('token')!;
    const wrongKind = await fetch(
      `${t.baseUrl}/api/print-job-videos/download/${videoId}/video/?token=${encodeURIComponent(fileToken)}`,
    );
    expect(wrongKind.status).toBe(401);
  });

  it('a public video opens without signing in and shows on the public profile; private again, it does not', async () => {
    const made = await t.api(`/api/groups/${workspaceId}/videos/${videoId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { is_public: true },
    });
    expect(made.body.is_public).toBe(true);
    const open = await fetch(
      `${t.baseUrl}/api/print-job-videos/download/${videoId}/photo/?download=1`,
    );
    expect(open.status).toBe(200);
    expect(open.headers.get('content-disposition')).toContain('attachment; filename="benchy.jpg"');
    const space = await t.api(`/api/users/me/groups/${workspaceId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { is_public: true },
    });
    expect(space.status).toBe(200);
    const profile = await t.api(`/api/public/${space.body.uniqueId}/`);
    expect(profile.body.videos).toEqual([
      expect.objectContaining({
        id: videoId,
        video_url: `/api/print-job-videos/download/${videoId}/video/`,
      }),
    ]);
    await t.api(`/api/groups/${workspaceId}/videos/${videoId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { is_public: false },
    });
    expect(
      (await fetch(`${t.baseUrl}/api/print-job-videos/download/${videoId}/photo/`)).status,
    ).toBe(404);
  });

  it('deleting removes the bytes and the video', async () => {
    const keys = await t.server.database.db
      .selectFrom('videos')
      .select(['video_key', 'photo_key', 'strip_key'])
      .where('print_job_id', '=', otherVideoId)
      .executeTakeFirstOrThrow();
    const files = Object.values(keys).map((key) => path.join(t.config.dataDir, key!));
    expect(files.every((file) => existsSync(file))).toBe(true);
    const del = await t.api(`/api/groups/${workspaceId}/videos/${otherVideoId}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(del.status).toBe(204);
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect((await getVideo(otherVideoId)).status).toBe(404);
  });
});
