import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { createPrintQueueRepository } from './print-queue.repository.js';
import { createPrinterPlatesRepository } from './printer-plates.repository.js';
import { enableQueue, queuePath, uploadGcode } from '../../../test-support/print-queue.js';

/**
 * Two printers racing for one queue item, straight at the claim both take (the dispatcher's
 * automatic start and Print now): whatever the order the database runs them in, one printer
 * gets the item and the other gets nothing — on SQLite and on PostgreSQL, where the two
 * transactions really overlap. The printers have no agent, so nothing else claims the item.
 */
let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let fileId: number;
let printerIds: number[];

beforeAll(async () => {
  ({ t, user: admin, workspaceId } = await startServerWithWorkspace());
  await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
  fileId = await uploadGcode(t, admin, workspaceId, 'race.gcode');
  printerIds = [];
  for (const name of ['Left', 'Right']) {
    const key = (await t.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
      .token as string;
    const created = await t.api('/api/printers/', {
      method: 'POST',
      token: admin.access,
      body: { group: workspaceId, name, token: key },
    });
    expect(created.status).toBe(201);
    printerIds.push(created.body.id as number);
  }
});
afterAll(() => t.close());

async function addItem(): Promise<number> {
  const created = await t.api(queuePath(workspaceId), {
    method: 'POST',
    token: admin.access,
    body: { file: fileId, state: 'TO_BE_PRINTED' },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

async function readItem(id: number) {
  return t.server.database.db
    .selectFrom('print_queue_items')
    .select(['printer_id', 'starting_on'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('two printers racing for one queue item', () => {
  it.each([
    { start: 'automatic starts, each taking its clear plate', consumePlate: true },
    { start: 'Print now on both', consumePlate: false },
  ])('$start: one printer gets the item, the other nothing', async ({ consumePlate }) => {
    const items = createPrintQueueRepository(t.server.database.db);
    const plates = createPrinterPlatesRepository(t.server.database.db);
    const on = new Date().toISOString();
    for (const printerId of printerIds) await plates.setPlate(printerId, 'clear', on);
    const itemId = await addItem();

    const outcomes = await Promise.all(
      printerIds.map((printerId) =>
        items.claimItem({ itemId, printerId, startingOn: on, consumePlate, requireNotHeld: true }),
      ),
    );

    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const winner = printerIds[outcomes.indexOf(true)]!;
    const loser = printerIds[outcomes.indexOf(false)]!;
    expect(await readItem(itemId)).toEqual({ printer_id: winner, starting_on: on });
    if (consumePlate) {
      // the loser's plate stays clear for the next item: its claim rolled back whole
      const found = await plates.findPlates([winner, loser]);
      expect(Object.fromEntries(found.map((plate) => [plate.printer_id, plate.state]))).toEqual({
        [winner]: 'in_use',
        [loser]: 'clear',
      });
    }
  });
});

/**
 * At ×60 a print can end before its start's answer is back: the job's end (the jobox cleared
 * the plate) is recorded first, and the start's "plate in use" comes after it. The plate must
 * stay clear, or the printer never takes the next copy (issue 26, farm-copies).
 */
describe('a short print whose end is recorded before its start', () => {
  const plateOf = async (printerId: number) =>
    (await createPrinterPlatesRepository(t.server.database.db).findPlates([printerId]))[0]?.state;

  it('keeps the plate its end cleared when the start writes late', async () => {
    const plates = createPrinterPlatesRepository(t.server.database.db);
    const printerId = printerIds[0]!;
    const startedOn = '2026-11-27T10:00:00.000Z';
    await plates.setPlate(printerId, 'in_use', '2026-11-27T09:59:59.000Z'); // the claim
    await plates.setPlate(printerId, 'clear', '2026-11-27T10:00:01.000Z'); // the end, jobox
    const dispatcher = t.server.services.printQueue.dispatcher;
    await dispatcher.onJobStarted({ printer_id: printerId, started_on: startedOn, ended_on: null });
    expect(await plateOf(printerId)).toBe('clear');
  });

  it('takes the plate for a start after its last change (a manual start, a printer-started job)', async () => {
    const plates = createPrinterPlatesRepository(t.server.database.db);
    const printerId = printerIds[1]!;
    await plates.setPlate(printerId, 'clear', '2026-11-27T10:00:00.000Z');
    const dispatcher = t.server.services.printQueue.dispatcher;
    await dispatcher.onJobStarted({
      printer_id: printerId,
      started_on: '2026-11-27T10:00:05.000Z',
      ended_on: null,
    });
    expect(await plateOf(printerId)).toBe('in_use');
  });

  it('takes a plate nobody knew of (no row yet)', async () => {
    const plates = createPrinterPlatesRepository(t.server.database.db);
    const printerId = printerIds[0]!;
    await t.server.database.db
      .deleteFrom('printer_plates')
      .where('printer_id', '=', printerId)
      .execute();
    await plates.takePlateSince(printerId, '2026-11-27T10:00:00.000Z', '2026-11-27T10:00:00.000Z');
    expect(await plateOf(printerId)).toBe('in_use');
  });
});
