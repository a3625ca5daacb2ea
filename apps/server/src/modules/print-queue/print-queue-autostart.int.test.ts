import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyState } from '../../../test-support/fake-agent.js';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { createPrintQueueRepository } from './print-queue.repository.js';
import { eventually } from '../../../test-support/fake-agent.js';
import type { TestServer } from '../../../test-support/test-server.js';
import {
  addQueueItem,
  addQueuePrinter,
  clearPlate,
  enableQueue,
  queuePath,
  readBoxes,
  startQueueServer,
  uploadGcode,
  type QueuePrinter,
} from '../../../test-support/print-queue.js';

let t: TestServer;
let admin: BuiltUser;

beforeAll(async () => {
  ({ t, admin } = await startQueueServer({ startTimeoutMs: 400 }));
});
afterAll(() => t.close());

async function waitForState(workspaceId: number, printerId: number, state: string) {
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: admin.access,
    });
    const mine = states.body.find((s: { printer_id: number }) => s.printer_id === printerId);
    expect(mine.printer_state).toBe(state);
  });
}

/** Polls the queue until the item matches: a start is recorded just after the device took it. */
async function waitForItem(workspaceId: number, itemId: number, match: Record<string, unknown>) {
  return eventually(async () => {
    const item = (await readBoxes(t, admin.access, workspaceId)).item(itemId);
    expect(item).toMatchObject(match);
    return item;
  }, 15_000);
}

const dispatcher = () => t.server.services.printQueue.dispatcher;
const add = (workspaceId: number, body: Record<string, unknown>) =>
  addQueueItem(t, admin, workspaceId, body);
const plateCleared = (printerId: number) => clearPlate(t, admin, printerId);

/** A workspace with the queue on, one jobox printer and one file. */
async function joboxSetup() {
  const workspaceId = await buildWorkspace(t, admin);
  await enableQueue(t, admin, workspaceId);
  const file = await uploadGcode(t, admin, workspaceId, 'plate.gcode');
  const printer = await addQueuePrinter(t, admin, workspaceId, { name: 'Jobox MK4', jobox: true });
  const autostart = async () =>
    (await add(workspaceId, { file, printer: printer.id, jobox_autostart: true })).body
      .id as number;
  return { workspaceId, file, printer, autostart };
}

/** The first print on the printer, started by a person from the queue. */
async function printFirstByHand(workspaceId: number, file: number, printer: QueuePrinter) {
  const first = (await add(workspaceId, { file, printer: printer.id })).body.id;
  const started = await t.api(queuePath(workspaceId, `${first}/print/`), {
    method: 'POST',
    token: admin.access,
    body: {},
  });
  expect(started.status).toBe(200);
  return { first, jobId: printer.printed().at(-1)! };
}

describe('jobox auto-start', () => {
  it('starts the oldest auto-start item when the previous job finished and the printer is ready, and records it', async () => {
    const { workspaceId, file, printer, autostart } = await joboxSetup();
    const { jobId } = await printFirstByHand(workspaceId, file, printer);
    const second = await autostart();
    const third = await autostart();
    await dispatcher().whenIdle();
    expect(printer.printed()).toEqual([jobId]); // still printing the first
    printer.finish(jobId);
    const started = await waitForItem(workspaceId, second, {
      state: 'PRINTED',
      started_by: 'jobox',
    });
    expect(started.print_job.id).toBe(printer.printed()[1]);
    expect(started.printed_on).not.toBeNull();
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.item(third)).toMatchObject({ state: 'TO_BE_PRINTED', started_by: null });
    printer.finish(printer.printed()[1]!);
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).item(third).state).toBe('PRINTED'),
    );
    printer.agent.close();
  });

  it('starts an item at most once whatever arrives twice: repeated ready states, ticks and kicks at once', async () => {
    const { workspaceId, file, printer, autostart } = await joboxSetup();
    const { jobId } = await printFirstByHand(workspaceId, file, printer);
    const items = [await autostart(), await autostart()];
    await t.server.services.printJobs.endJob(jobId, 'done');
    // the printer reports ready many times while every trigger fires concurrently
    const live = t.server.services.devices.live;
    await Promise.all([
      ...Array.from({ length: 10 }, async () =>
        live.applySnapshot(printer.deviceKeyId, readyState()),
      ),
      ...Array.from({ length: 10 }, () => dispatcher().kickPrinter(printer.id)),
      ...Array.from({ length: 5 }, () => dispatcher().tick()),
      dispatcher().kickWorkspace(workspaceId),
    ]);
    await dispatcher().whenIdle();
    await eventually(async () => expect(printer.printed()).toHaveLength(2), 15_000);
    await dispatcher().tick();
    await dispatcher().whenIdle();
    expect(printer.printed()).toHaveLength(2);
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.item(items[0]!).state).toBe('PRINTED');
    expect(boxes.item(items[1]!).state).toBe('TO_BE_PRINTED');
    printer.agent.close();
  });

  it('claims in the database: of many concurrent claims of one item and plate exactly one wins', async () => {
    const { printer, autostart } = await joboxSetup();
    const item = await autostart();
    const other = await autostart();
    await t.server.database.db
      .insertInto('printer_plates')
      .values({ printer_id: printer.id, state: 'clear', changed_on: new Date().toISOString() })
      .execute();
    const repository = createPrintQueueRepository(t.server.database.db);
    const claim = (itemId: number) =>
      repository.claimItem({
        itemId,
        printerId: printer.id,
        startingOn: new Date().toISOString(),
        consumePlate: true,
        requireNotHeld: true,
      });
    // as two instances would: both items at once, each several times, on one clear plate
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claim(i % 2 === 0 ? item : other)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const claimed = await t.server.database.db
      .selectFrom('print_queue_items')
      .select('id')
      .where('id', 'in', [item, other])
      .where('starting_on', 'is not', null)
      .execute();
    expect(claimed).toHaveLength(1);
    printer.agent.close();
  });

  it('does not auto-start after a failed or cancelled job, nor while the printer is in error; Plate cleared lets it go', async () => {
    const { workspaceId, file, printer, autostart } = await joboxSetup();
    const { jobId } = await printFirstByHand(workspaceId, file, printer);
    const next = await autostart();
    printer.finish(jobId, 'job_failed');
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).item(next)).toBeDefined(),
    );
    await dispatcher().tick();
    await dispatcher().whenIdle();
    expect(printer.printed()).toEqual([jobId]);

    printer.setState('error');
    await waitForState(workspaceId, printer.id, 'ERROR');
    expect((await plateCleared(printer.id)).status).toBe(204);
    await dispatcher().tick();
    await dispatcher().whenIdle();
    expect(printer.printed()).toEqual([jobId]);
    // a person cleared the plate after the error: once ready, it goes
    printer.setState('ready');
    await waitForItem(workspaceId, next, { state: 'PRINTED', started_by: 'jobox' });
    expect(printer.printed()).toHaveLength(2);

    printer.finish(printer.printed()[1]!, 'job_cancelled');
    const after = await autostart();
    await dispatcher().tick();
    await dispatcher().whenIdle();
    expect((await readBoxes(t, admin.access, workspaceId)).item(after).state).toBe('TO_BE_PRINTED');
    printer.agent.close();
  });

  it('never auto-starts a file of another filament than the printer has loaded; the print start refuses it as the dialog does', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    await enableQueue(t, admin, workspaceId);
    const abs = await uploadGcode(t, admin, workspaceId, 'abs-part.gcode', 'ABS');
    const petg = await uploadGcode(t, admin, workspaceId, 'petg-part.gcode', 'PETG');
    const printer = await addQueuePrinter(t, admin, workspaceId, {
      name: 'PETG jobox',
      jobox: true,
      filament: 'PETG',
    });
    const autostart = async (file: number) =>
      (await add(workspaceId, { file, printer: printer.id, jobox_autostart: true })).body
        .id as number;
    const absItem = await autostart(abs);
    const petgItem = await autostart(petg);
    await plateCleared(printer.id);
    // the ABS item comes first in the queue, yet the PETG one is what starts
    await waitForItem(workspaceId, petgItem, { state: 'PRINTED', started_by: 'jobox' });
    expect(printer.printed()).toHaveLength(1);
    printer.finish(printer.printed()[0]!);
    await waitForState(workspaceId, printer.id, 'READY_TO_PRINT');
    await plateCleared(printer.id);
    await dispatcher().tick();
    await dispatcher().whenIdle();
    expect(printer.printed()).toHaveLength(1);
    expect((await readBoxes(t, admin.access, workspaceId)).item(absItem).state).toBe(
      'TO_BE_PRINTED',
    );

    const direct = await t.api(`/api/printers/${printer.id}/files/`, {
      method: 'POST',
      token: admin.access,
      body: { file_id: abs, print: true },
    });
    expect(direct.status).toBe(409);
    expect(direct.body.message).toBe(
      'Not all selected printers have loaded the correct filament type.',
    );
    const printNow = await t.api(queuePath(workspaceId, `${absItem}/print/`), {
      method: 'POST',
      token: admin.access,
      body: {},
    });
    expect(printNow.status).toBe(409);
    expect(printer.printed()).toHaveLength(1);
    printer.agent.close();
  });

  it('an error after the plate was cleared makes the plate unknown again', async () => {
    const { workspaceId, printer, autostart } = await joboxSetup();
    await plateCleared(printer.id);
    printer.setState('error');
    await waitForState(workspaceId, printer.id, 'ERROR');
    printer.setState('ready');
    await waitForState(workspaceId, printer.id, 'READY_TO_PRINT');
    const item = await autostart();
    await dispatcher().tick();
    await dispatcher().whenIdle();
    expect(printer.printed()).toEqual([]);
    expect((await readBoxes(t, admin.access, workspaceId)).item(item).state).toBe('TO_BE_PRINTED');
    printer.agent.close();
  });

  it('an automatic start the device refuses keeps the item queued and held, and the printer waits for a person', async () => {
    const { workspaceId, printer, autostart } = await joboxSetup();
    const held = await autostart();
    const following = await autostart();
    printer.answerWith('refuse');
    await plateCleared(printer.id);
    await waitForItem(workspaceId, held, {
      state: 'TO_BE_PRINTED',
      is_starting: false,
      start_problem: { message: 'The printer refused the command: SHA-256 differs', is_held: true },
    });
    await dispatcher().tick();
    await dispatcher().whenIdle();
    // one refusal, not one per item: the printer is not offered the next item on its own
    expect(printer.agent.requests.filter((r) => r.command.name === 'print_file')).toHaveLength(1);
    expect((await readBoxes(t, admin.access, workspaceId)).item(following).state).toBe(
      'TO_BE_PRINTED',
    );
    printer.answerWith('start');
    await plateCleared(printer.id);
    await waitForItem(workspaceId, following, { state: 'PRINTED', started_by: 'jobox' });
    expect((await readBoxes(t, admin.access, workspaceId)).item(held).state).toBe('TO_BE_PRINTED');
    printer.agent.close();
  });
});

describe('dispatch to the next free compatible printer', () => {
  let workspaceId: number;
  let pla: QueuePrinter;
  let petg: QueuePrinter;
  let any: QueuePrinter;

  beforeAll(async () => {
    workspaceId = await buildWorkspace(t, admin);
    await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
    pla = await addQueuePrinter(t, admin, workspaceId, { name: 'PLA printer', filament: 'PLA' });
    petg = await addQueuePrinter(t, admin, workspaceId, { name: 'PETG printer', filament: 'PETG' });
    any = await addQueuePrinter(t, admin, workspaceId, { name: 'Any printer', filament: null });
  });

  it('sends items without a printer to a ready printer with a clear plate whose filament fits, in queue order', async () => {
    const petgFile = await uploadGcode(t, admin, workspaceId, 'petg.gcode', 'PETG');
    const plaFile = await uploadGcode(t, admin, workspaceId, 'pla.gcode', 'PLA');
    const petgItem = (await add(workspaceId, { file: petgFile })).body.id;
    const plaItem = (await add(workspaceId, { file: plaFile })).body.id;
    const secondPetg = (await add(workspaceId, { file: petgFile })).body.id;
    await dispatcher().whenIdle();
    // no plate is known to be clear yet: nothing starts, and the items say why they wait
    expect([...pla.printed(), ...petg.printed(), ...any.printed()]).toEqual([]);
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.item(petgItem).waiting).toEqual({
      code: 'no_free_printer',
      filament_type: 'PETG',
    });

    const printerOf = async (id: number) =>
      (await t.api(`/api/printers/${id}/`, { token: admin.access })).body;
    expect((await printerOf(pla.id)).plate_state).toBeNull();
    await plateCleared(pla.id);
    await waitForItem(workspaceId, plaItem, {
      state: 'PRINTED',
      started_by: 'dispatch',
      printer: { id: pla.id },
    });
    expect(pla.printed()).toHaveLength(1);
    // the plate was taken by the start it allowed
    expect((await printerOf(pla.id)).plate_state).toBe('in_use');
    expect((await readBoxes(t, admin.access, workspaceId)).item(petgItem).state).toBe(
      'TO_BE_PRINTED',
    );

    await plateCleared(petg.id);
    await waitForItem(workspaceId, petgItem, { started_by: 'dispatch', printer: { id: petg.id } });
    await plateCleared(any.id);
    await waitForItem(workspaceId, secondPetg, {
      started_by: 'dispatch',
      printer: { id: any.id },
    });
    expect([pla.printed().length, petg.printed().length, any.printed().length]).toEqual([1, 1, 1]);
  });

  it('tells when no enabled printer takes the filament at all', async () => {
    const absFile = await uploadGcode(t, admin, workspaceId, 'abs.gcode', 'ABS');
    await t.api(`/api/printers/${any.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { filament_type: 'PLA' },
    });
    const item = (await add(workspaceId, { file: absFile })).body.id;
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.item(item)).toMatchObject({
      state: 'TO_BE_PRINTED',
      waiting: { code: 'no_compatible_printer', filament_type: 'ABS' },
    });
  });
});
