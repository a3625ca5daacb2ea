import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import type { TestServer } from '../../test-support/test-server.js';
import { uploadGcode } from '../../test-support/print-queue.js';
import {
  buildFrame,
  completeRecording,
  sendFrame,
  videoStateOf,
} from '../../test-support/videos.js';
import {
  createClusterStorage,
  startSpawnedPair,
  type ChildInstance,
  type InstancePair,
} from '../../test-support/cluster.js';
import { addClusterPrinter, type ClusterPrinter } from '../../test-support/cluster-printers.js';

/**
 * Issue 28: an encode claimed by an instance that dies mid-encode is taken over by another
 * once its lease has passed, and made once. A (its own process) gets the print's frames and
 * claims the encode; its "ffmpeg" hangs, so A is killed while encoding. B, here, has the real
 * ffmpeg.
 */
let cluster: InstancePair<ChildInstance>;
let a: ChildInstance;
let b: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let printer: ClusterPrinter;
let hungPidFile: string;

beforeAll(async () => {
  const storage = await createClusterStorage();
  // a stand-in for ffmpeg that never finishes: it says it started (its pid) and sleeps
  hungPidFile = path.join(storage.dataDir, 'hung-ffmpeg.pid');
  const hangingFfmpeg = path.join(storage.dataDir, 'hanging-ffmpeg.sh');
  await writeFile(hangingFfmpeg, `#!/bin/sh\necho $$ > "${hungPidFile}"\nexec sleep 600\n`);
  await chmod(hangingFfmpeg, 0o755);
  cluster = await startSpawnedPair({ storage, aEnv: { FFMPEG_PATH: hangingFfmpeg } });
  ({ a, b, admin, workspaceId } = cluster);
  printer = await addClusterPrinter(b, admin, workspaceId, { name: 'Cam', agentUrl: a.url });
}, 120_000);

afterAll(async () => {
  const hungPid = await readFile(hungPidFile, 'utf8').catch(() => null);
  if (hungPid) {
    try {
      process.kill(Number(hungPid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  printer?.agent.close();
  await cluster?.close();
});

const encodeJobOf = (jobId: number) =>
  b.server.database.db
    .selectFrom('background_jobs')
    .select(['state', 'attempts', 'lease_until'])
    .where('key', '=', `video.encode:${jobId}`)
    .executeTakeFirst();

describe('an encode on the jobs runner', () => {
  it('is taken over from a dead instance once its lease has passed, and made once', async () => {
    const fileId = await uploadGcode(b, admin, workspaceId, 'timelapse.gcode');
    const started = await b.api(`/api/printers/${printer.id}/files/`, {
      method: 'POST',
      token: admin.access,
      body: { file_id: fileId, print: true, make_video: true },
    });
    expect(started.status, started.text).toBe(201);
    const jobId = started.body.printjob_id as number;
    // the agent's frames and its "recording complete" reach A, as through the balancer
    const onA = { baseUrl: a.url } as TestServer;
    for (let seq = 0; seq < 4; seq += 1) {
      const sent = await sendFrame(onA, printer.key, { jobId, seq, body: buildFrame(seq) });
      expect(sent.status).toBe(200);
    }
    printer.finish(jobId);
    await eventually(async () => {
      const job = await b.server.database.db
        .selectFrom('print_jobs')
        .select('ended_on')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(job.ended_on).not.toBeNull();
    }, 15_000);
    expect((await completeRecording(onA, printer.key, jobId)).status).toBe(204);

    // A claimed the encode and its ffmpeg runs (and hangs)
    await eventually(async () => {
      expect(await readFile(hungPidFile, 'utf8').catch(() => null)).toMatch(/^\d+/);
    }, 30_000);
    const claimed = await encodeJobOf(jobId);
    expect(claimed).toMatchObject({ state: 'running', attempts: 1 });
    expect(await videoStateOf(b, admin, workspaceId, jobId)).toBe('ANALYZING');

    await a.kill();
    // The lease is the encode's longest run (10 minutes), not renewed: we let its end come
    // now instead of waiting it out; nothing else of A's claim changes.
    await b.server.database.db
      .updateTable('background_jobs')
      .set({ lease_until: new Date().toISOString() })
      .where('key', '=', `video.encode:${jobId}`)
      .execute();

    // B's runner finds the lapsed claim on its own poll (every 15 s) and encodes
    await eventually(async () => {
      expect(await videoStateOf(b, admin, workspaceId, jobId)).toBe('READY');
    }, 60_000);
    await eventually(async () => {
      expect(await encodeJobOf(jobId)).toMatchObject({ state: 'done', attempts: 2 });
    }, 10_000);
  }, 180_000);
});
