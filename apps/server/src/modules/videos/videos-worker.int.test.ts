import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { createTestStorage } from '../../../test-support/test-database.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import {
  addPrinter,
  completeRecording,
  buildFrame,
  endJob,
  sendFrame,
  startPrint,
  videoStateOf,
} from '../../../test-support/videos.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
});

async function setUp(t: TestServer) {
  const admin = await buildUser(t);
  const workspaceId = await buildWorkspace(t, admin);
  const upload = await uploadFile(t, admin.access, workspaceId, {
    bytes: buildTextGcode(),
    filename: 'benchy.gcode',
  });
  const printer = await addPrinter(t, admin, workspaceId, 'MK4');
  return { admin, workspaceId, fileId: upload.body.id as number, printer };
}

describe('the encode worker', () => {
  it('a restart during ANALYZING resumes the encode, also one a dead worker had claimed', async () => {
    const storage = await createTestStorage();
    const clock = new TestClock();
    const first = await startTestServer({ storage, clock });
    servers.push(first);
    const { admin, workspaceId, fileId, printer } = await setUp(first);
    const jobs: number[] = [];
    for (let n = 0; n < 2; n++) {
      const jobId = await startPrint(first, admin, printer, fileId);
      for (let seq = 0; seq < 4; seq++) {
        expect(
          (await sendFrame(first, printer.deviceKey, { jobId, seq, body: buildFrame(seq) })).status,
        ).toBe(200);
      }
      endJob(printer, jobId);
      await eventually(async () =>
        expect(await videoStateOf(first, admin, workspaceId, jobId)).toBe('ANALYZING'),
      );
      jobs.push(jobId);
    }
    // the second one was claimed by a worker that then died mid-encode
    await first.server.database.db
      .updateTable('background_jobs')
      .set({ state: 'running', lease_until: clock.now().toISOString(), attempts: 1 })
      .where('key', '=', `video.encode:${jobs[1]!}`)
      .execute();
    printer.agent.close();
    await first.close();

    // later: the frame grace and the dead worker's lease have passed
    clock.advance(11 * 60);
    const second = await startTestServer({ storage, clock });
    servers.push(second);
    for (const jobId of jobs) {
      await eventually(
        async () => expect(await videoStateOf(second, admin, workspaceId, jobId)).toBe('READY'),
        30_000,
      );
    }
    // the runner records the job done just after the video is stored
    await eventually(async () => {
      const attempts = await second.server.database.db
        .selectFrom('background_jobs')
        .select(['key', 'attempts', 'state'])
        .where('kind', '=', 'video.encode')
        .orderBy('id')
        .execute();
      expect(attempts).toEqual([
        { key: `video.encode:${jobs[0]}`, attempts: 1, state: 'done' },
        { key: `video.encode:${jobs[1]}`, attempts: 2, state: 'done' },
      ]);
    });
    await second.close();
    await storage.cleanup();
  });

  it('ffmpeg failing makes that video FAILED with the reason, and nothing else breaks', async () => {
    const t = await startTestServer({ env: { FFMPEG_PATH: '/bin/false' } });
    servers.push(t);
    const { admin, workspaceId, fileId, printer } = await setUp(t);
    const jobId = await startPrint(t, admin, printer, fileId);
    await sendFrame(t, printer.deviceKey, { jobId, seq: 0 });
    endJob(printer, jobId);
    await eventually(async () =>
      expect(await videoStateOf(t, admin, workspaceId, jobId)).toBe('ANALYZING'),
    );
    expect((await completeRecording(t, printer.deviceKey, jobId)).status).toBe(204);
    await eventually(async () =>
      expect(await videoStateOf(t, admin, workspaceId, jobId)).toBe('FAILED'),
    );
    const video = await t.api(`/api/groups/${workspaceId}/videos/${jobId}/`, {
      token: admin.access,
    });
    expect(video.body).toMatchObject({
      state: 'FAILED',
      failure_reason: 'ffmpeg failed (exit 1)',
      links: { video: null, photo: null, photo_stripe: null },
    });
    // the next print still starts and records
    const next = await startPrint(t, admin, printer, fileId);
    expect((await sendFrame(t, printer.deviceKey, { jobId: next, seq: 0 })).status).toBe(200);
    printer.agent.close();
  });
});
