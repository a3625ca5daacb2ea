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
import { systemClock } from '../../clock.js';
import { createPrintersRepository } from '../printers/printers.repository.js';
import { createPrinterSpoolsRepository } from '../spools/printer-spools.repository.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import { createWorkspacesRepository } from '../workspaces/workspaces.repository.js';
import { createPrintQueueRepository } from './print-queue.repository.js';
import { createPrinterPlatesRepository } from './printer-plates.repository.js';
import { createQueueDispatcher } from './queue-dispatcher.js';
import { createQueueStagger } from './queue-stagger.js';
import { createQueueStarter } from './queue-starter.js';

/**
 * Issue 26, the queue knows filament: a printer with spools loaded takes only files of a loaded
 * material with enough left, whichever way the print starts (dispatch, the print dialog), and
 * an item no printer can take says why.
 */
let t: TestServer;
let admin: BuiltUser;

beforeAll(async () => {
  ({ t, admin } = await startQueueServer({ startTimeoutMs: 2000 }));
});
afterAll(() => t.close());

const add = async (workspaceId: number, file: number) => {
  const response = await addQueueItem(t, admin, workspaceId, { file });
  expect(response.status).toBe(201);
  return response.body.id as number;
};
const plateCleared = (printerId: number) => clearPlate(t, admin, printerId);
const printNow = (printerId: number, fileId: number) =>
  t.api(`/api/printers/${printerId}/files/`, {
    method: 'POST',
    token: admin.access,
    body: { file_id: fileId, print: true, make_video: false },
  });

async function printerWithSpool(
  workspaceId: number,
  name: string,
  spool: Record<string, unknown>,
): Promise<QueuePrinter> {
  const printer = await addQueuePrinter(t, admin, workspaceId, { name });
  const spoolId = await buildSpool(t, admin, workspaceId, spool);
  expect((await loadSpool(t, admin, { printerId: printer.id, tool: 0, spoolId })).status).toBe(200);
  return printer;
}

describe('filament-aware dispatch', () => {
  let workspaceId: number;
  let pla: QueuePrinter;
  let petg: QueuePrinter;
  let petgEmpty: QueuePrinter;
  let petgFile: number;

  beforeAll(async () => {
    workspaceId = await buildWorkspace(t, admin);
    await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
    pla = await printerWithSpool(workspaceId, 'PLA loaded', { material: 'PLA' });
    petg = await printerWithSpool(workspaceId, 'PETG loaded', { material: 'PETG' });
    // 0.5 g left: less than the file's 0.75 g estimate
    petgEmpty = await printerWithSpool(workspaceId, 'PETG nearly empty', {
      material: 'PETG',
      remaining_weight_g: 0.5,
    });
    petgFile = await uploadGcode(t, admin, workspaceId, 'part.gcode', 'PETG');
  });

  it('starts a PETG item only on the printer with PETG loaded and enough of it left', async () => {
    const item = await add(workspaceId, petgFile);
    await plateCleared(pla.id);
    await plateCleared(petgEmpty.id);
    await t.server.services.printQueue.dispatcher.whenIdle();
    await t.server.services.printQueue.dispatcher.tick();
    await t.server.services.printQueue.dispatcher.whenIdle();
    expect([...pla.printed(), ...petgEmpty.printed()]).toEqual([]);
    expect((await readBoxes(t, admin.access, workspaceId)).item(item).waiting).toEqual({
      code: 'no_free_printer',
      filament_type: 'PETG',
    });

    await plateCleared(petg.id);
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).item(item)).toMatchObject({
        state: 'PRINTED',
        started_by: 'dispatch',
        printer: { id: petg.id },
      }),
    );
    expect([pla.printed().length, petg.printed().length, petgEmpty.printed().length]).toEqual([
      0, 1, 0,
    ]);
  });

  it('says "no printer has it loaded" for a material no loaded spool holds', async () => {
    const absFile = await uploadGcode(t, admin, workspaceId, 'abs-part.gcode', 'ABS');
    const item = await add(workspaceId, absFile);
    expect((await readBoxes(t, admin.access, workspaceId)).item(item).waiting).toEqual({
      code: 'no_loaded_spool',
      filament_type: 'ABS',
    });
  });

  it('the print dialog refuses the wrong material and a spool with too little left (409)', async () => {
    const wrong = await printNow(pla.id, petgFile);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toMatch(/another material/);
    const short = await printNow(petgEmpty.id, petgFile);
    expect(short.status).toBe(409);
    expect(short.body.message).toMatch(/less filament left/);
    expect([...pla.printed(), ...petgEmpty.printed()]).toEqual([]);
  });
});

describe('two dispatchers (two server instances) racing for one printer', () => {
  it('start one job only', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
    const printer = await printerWithSpool(workspaceId, 'Only PETG', { material: 'PETG' });
    const file = await uploadGcode(t, admin, workspaceId, 'race.gcode', 'PETG');
    const items = [await add(workspaceId, file), await add(workspaceId, file)];
    const db = t.server.database.db;
    const { live } = t.server.services.devices;
    const itemsRepository = createPrintQueueRepository(db);
    const plates = createPrinterPlatesRepository(db);
    // a second instance's dispatcher: its own memory, the same database and devices
    const other = createQueueDispatcher({
      items: itemsRepository,
      plates,
      printers: createPrintersRepository(db),
      starter: createQueueStarter({
        items: itemsRepository,
        plates,
        printJobs: t.server.services.printJobs,
        live,
        workspaces: createWorkspacesRepository(db),
        clock: systemClock,
      }),
      loadedSpools: createPrinterSpoolsRepository(db),
      stagger: createQueueStagger({ db, live, clock: systemClock }),
      live,
      clock: systemClock,
      staleClaimMs: 60_000,
    });
    const mine = t.server.services.printQueue.dispatcher;
    await plates.setPlate(printer.id, 'clear', new Date().toISOString());
    await Promise.all([
      mine.kickPrinter(printer.id),
      other.kickPrinter(printer.id),
      mine.tick(),
      other.tick(),
      other.kickWorkspace(workspaceId),
      mine.kickWorkspace(workspaceId),
    ]);
    await Promise.all([mine.whenIdle(), other.whenIdle()]);
    await eventually(async () => expect(printer.printed()).toHaveLength(1));
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(items.map((id) => boxes.item(id).state).sort()).toEqual(['PRINTED', 'TO_BE_PRINTED']);
  });
});
