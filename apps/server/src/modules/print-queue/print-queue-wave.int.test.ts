import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/fake-agent.js';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import {
  addQueueItem,
  addQueuePrinter,
  clearPlate,
  enableQueue,
  readBoxes,
  startQueueServer,
  uploadGcode,
  type QueuePrinter,
} from '../../../test-support/print-queue.js';
import type { TestServer } from '../../../test-support/test-server.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import { createPrinterPlatesRepository } from './printer-plates.repository.js';

/**
 * Issue 26, a wave of freed printers: many printers freed at the same moment are looked at
 * together (one read of the queue, items matched to printers in memory); every item is still
 * started exactly once, no printer gets two, and each gets only what its spool allows.
 */
let t: TestServer;
let admin: BuiltUser;

beforeAll(async () => {
  ({ t, admin } = await startQueueServer({ startTimeoutMs: 5000 }));
});
afterAll(() => t.close());

const dispatcher = () => t.server.services.printQueue.dispatcher;

/** A workspace with one printer per material (a spool of it loaded) and a file per material. */
async function buildWaveFarm(materials: string[]) {
  const workspaceId = await buildWorkspace(t, admin);
  await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
  const printers: { printer: QueuePrinter; material: string }[] = [];
  for (const [index, material] of materials.entries()) {
    const printer = await addQueuePrinter(t, admin, workspaceId, { name: `${material} ${index}` });
    const spoolId = await buildSpool(t, admin, workspaceId, { material });
    expect((await loadSpool(t, admin, { printerId: printer.id, tool: 0, spoolId })).status).toBe(
      200,
    );
    printers.push({ printer, material });
  }
  const files = {
    PETG: await uploadGcode(t, admin, workspaceId, 'petg.gcode', 'PETG'),
    PLA: await uploadGcode(t, admin, workspaceId, 'pla.gcode', 'PLA'),
  };
  return { workspaceId, printers, files };
}

async function addItems(workspaceId: number, fileId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await addQueueItem(t, admin, workspaceId, { file: fileId });
    expect(created.status).toBe(201);
    ids.push(created.body.id as number);
  }
  return ids;
}

/** Each item's jobs and each printer's jobs, from the database. */
async function readJobs(workspaceId: number) {
  const db = t.server.database.db;
  const items = await db
    .selectFrom('print_queue_items')
    .select(['id', 'state', 'printer_id', 'print_job_id', 'file_id'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const jobs = await db
    .selectFrom('print_jobs')
    .select(['id', 'printer_id', 'file_id'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  return { items, jobs };
}

function expectOncePerItemAndPrinter(
  printers: { printer: QueuePrinter; material: string }[],
  read: Awaited<ReturnType<typeof readJobs>>,
  files: { PETG: number; PLA: number },
) {
  // no printer was handed two prints, and each printed only its spool's material
  for (const { printer, material } of printers) {
    expect(printer.printed().length).toBeLessThanOrEqual(1);
    for (const job of read.jobs.filter((row) => row.printer_id === printer.id))
      expect(job.file_id).toBe(files[material as 'PETG' | 'PLA']);
  }
  // every started item has one job, its own, on a printer no other item has
  const started = read.items.filter((item) => item.state === 'PRINTED');
  expect(new Set(started.map((item) => item.print_job_id)).size).toBe(started.length);
  expect(new Set(started.map((item) => item.printer_id)).size).toBe(started.length);
  expect(read.jobs).toHaveLength(started.length);
}

describe('a wave of printers freed at once', () => {
  it(
    'plates cleared together: every item starts once, each printer takes one, by its spool',
    { timeout: 90_000 },
    async () => {
      const materials = ['PETG', 'PETG', 'PETG', 'PETG', 'PETG', 'PETG', 'PLA', 'PLA', 'PLA'];
      const { workspaceId, printers, files } = await buildWaveFarm(materials);
      await addItems(workspaceId, files.PETG, 4);
      await addItems(workspaceId, files.PLA, 2);

      const cleared = await Promise.all(
        printers.map(({ printer }) => clearPlate(t, admin, printer.id)),
      );
      expect(cleared.map((response) => response.status)).toEqual(printers.map(() => 204));
      await eventually(async () =>
        expect((await readBoxes(t, admin.access, workspaceId)).printing).toHaveLength(6),
      );
      // looks asked for again change nothing: the six started items stay started once
      await dispatcher().tick();
      await dispatcher().whenIdle();
      const read = await readJobs(workspaceId);
      expect(read.items.filter((item) => item.state === 'PRINTED')).toHaveLength(6);
      expectOncePerItemAndPrinter(printers, read, files);
    },
  );

  it(
    'waves racing (two kicks of the workspace and a tick at once) start each item once',
    { timeout: 90_000 },
    async () => {
      const materials = ['PETG', 'PETG', 'PETG', 'PETG', 'PLA', 'PLA', 'PLA', 'PLA'];
      const { workspaceId, printers, files } = await buildWaveFarm(materials);
      await addItems(workspaceId, files.PETG, 6);
      await addItems(workspaceId, files.PLA, 3);
      // the plates cleared without a kick, then three looks at once
      const on = new Date().toISOString();
      const plates = createPrinterPlatesRepository(t.server.database.db);
      for (const { printer } of printers) await plates.setPlate(printer.id, 'clear', on);
      await Promise.all([
        dispatcher().kickWorkspace(workspaceId),
        dispatcher().kickWorkspace(workspaceId),
        dispatcher().tick(),
      ]);
      await dispatcher().whenIdle();
      await eventually(async () => {
        const read = await readJobs(workspaceId);
        expect(read.items.filter((item) => item.state === 'PRINTED')).toHaveLength(7);
      });
      const read = await readJobs(workspaceId);
      expectOncePerItemAndPrinter(printers, read, files);
      // the items left over wait: 2 PETG items, no PETG printer free
      expect(read.items.filter((item) => item.state === 'TO_BE_PRINTED')).toHaveLength(2);
    },
  );
});
