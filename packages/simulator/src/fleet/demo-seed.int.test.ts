import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoWorkspace } from '@printdeck/server/src/demo/demo-seed.js';
import type { BuiltUser } from '@printdeck/server/test-support/factories.js';
import {
  startServerWithWorkspace,
  type TestServer,
} from '@printdeck/server/test-support/test-server.js';
import { waitFor } from '../../test-support/clients.js';
import { startFleet, type Fleet } from './fleet.js';

/** `npm run demo`'s seed on a real server with the demo's kinds of simulated printers. */

let t: TestServer;
let user: BuiltUser;
let workspace: number;
let fleet: Fleet;
const FAST = {
  serverBackoff: { initialMs: 20, maxMs: 200 },
  stateIntervalMs: 100,
  timelapseIntervalMs: 300,
};

beforeAll(async () => {
  ({ t, user, workspaceId: workspace } = await startServerWithWorkspace());
  fleet = await startFleet({
    server: t.baseUrl,
    counts: { octoprint: 1, moonraker: 1, pill: 1 },
    account: { email: user.email, password: user.password, workspace },
    // 40 simulated seconds a second: the 14-minute sample ends in about 20 s, the longest
    // (3 h 25 min) prints for about 5 minutes
    speed: 40,
    agentTuning: FAST,
  });
});
afterAll(async () => {
  await fleet?.close();
  await t?.close();
});

const get = async (path: string) => {
  const response = await t.api(path, { token: user.access });
  expect(response.status).toBe(200);
  return response.body;
};

describe('the demo seed', () => {
  it('brings sample files with previews, weeks of history in the statistics, a queue, a printer printing and a timelapse video', async () => {
    const now = new Date();
    const seed = () =>
      seedDemoWorkspace({
        baseUrl: t.baseUrl,
        access: user.access,
        workspaceId: workspace,
        db: t.server.database.db,
        now,
      });
    const result = await seed();
    expect(result).toMatchObject({ isSeeded: true, files: 4, queueItems: 3 });
    expect(result.printingPrinterId).not.toBeNull();

    // sample files of three slicers, each with its preview and estimates
    const files = (await get(`/api/groups/${workspace}/files/`)).results;
    expect(files).toHaveLength(4);
    expect(new Set(files.map((f: { slicer: string }) => f.slicer))).toEqual(
      new Set(['PrusaSlicer', 'OrcaSlicer', 'Cura']),
    );
    for (const file of files) {
      expect(file.previewImages.length).toBeGreaterThan(0);
      expect(file.printing_time_sec).toBeGreaterThan(0);
    }
    const image = await fetch(
      `${t.baseUrl}/api/files/${files[0].id}/preview-images/${files[0].previewImages[0].id}/`,
      { headers: { authorization: `Bearer ${user.access}` } },
    );
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');

    // the history: finished, cancelled and failed jobs over the last weeks
    const jobs = (await get(`/api/groups/${workspace}/print-jobs/?limit=100`)).results;
    const ended = jobs.filter((job: { ended_on: string | null }) => job.ended_on !== null);
    expect(ended.length).toBe(result.endedJobs);
    expect(new Set(ended.map((job: { outcome: string }) => job.outcome))).toEqual(
      new Set(['done', 'cancelled', 'failed']),
    );
    const oldest = Math.min(
      ...ended.map((job: { started_on: string }) => Date.parse(job.started_on)),
    );
    expect(now.getTime() - oldest).toBeGreaterThan(21 * 24 * 3600_000);

    // the statistics count them (through the roll-ups the server keeps when a job ends)
    const from = new Date(now.getTime() - 35 * 24 * 3600_000).toISOString().slice(0, 10);
    const stats = await get(`/api/groups/${workspace}/stats/?date_from=${from}`);
    expect(stats.printjobs_count).toBeGreaterThanOrEqual(ended.length);
    expect(stats.total_filament_used_g).toBeGreaterThan(100);

    // the queue and the printing printer
    const queue = await get(`/api/groups/${workspace}/print-queue/`);
    expect(JSON.stringify(queue).match(/"TO_BE_PRINTED"/g)?.length).toBe(3);
    await waitFor(
      async () =>
        (await get(`/api/groups/${workspace}/devices-states/`)).some(
          (row: { printer_id: number; printer_state: string }) =>
            row.printer_id === result.printingPrinterId && row.printer_state === 'PRINTING',
        ),
      'the demo printer printing',
    );

    // the camera printer's short print with a timelapse: a video once it ends
    expect(result.videoPrinterId).not.toBeNull();
    expect(result.videoPrinterId).not.toBe(result.printingPrinterId);
    await waitFor(
      async () => JSON.stringify(await get(`/api/groups/${workspace}/videos/`)).includes('"READY"'),
      'the timelapse video ready',
      60_000,
    );

    // a second start adds nothing, and finds the printer printing
    const again = await seed();
    expect(again).toMatchObject({
      isSeeded: false,
      endedJobs: 0,
      queueItems: 0,
      printingPrinterId: result.printingPrinterId,
      videoPrinterId: null,
    });
    expect((await get(`/api/groups/${workspace}/files/`)).count).toBe(4);
    // it waits for a print at 40× and a video's encoding: 26 s on a calm machine, more than the
    // suite's 30 s on a loaded one (CI, 2026-11-28); the waits above bound each step
  }, 120_000);
});
