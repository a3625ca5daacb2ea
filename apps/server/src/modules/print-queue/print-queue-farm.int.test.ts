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
import { TestClock } from '../../../test-support/test-clock.js';
import type { TestServer } from '../../../test-support/test-server.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import { isHeatingUp } from './queue-stagger.js';

/**
 * Issue 26, a production farm's queue: N copies in one request spread over the free printers
 * with the file's filament loaded, and the staggered start (seconds between starts, printers
 * heating at once) holds automatic starts back. Time moves on a test clock; every wait is for
 * a state.
 */
let t: TestServer;
let admin: BuiltUser;
const clock = new TestClock();

beforeAll(async () => {
  ({ t, admin } = await startQueueServer({ startTimeoutMs: 2000, clock }));
});
afterAll(() => t.close());

const dispatcher = () => t.server.services.printQueue.dispatcher;
const add = (workspaceId: number, body: Record<string, unknown>) =>
  addQueueItem(t, admin, workspaceId, body);
const plateCleared = (printerId: number) => clearPlate(t, admin, printerId);
const settle = async () => {
  await dispatcher().whenIdle();
  await dispatcher().tick();
  await dispatcher().whenIdle();
};

async function farm(settings: Record<string, unknown>, materials: string[]) {
  const workspaceId = await buildWorkspace(t, admin);
  await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
  const patched = await t.api(`/api/users/me/groups/${workspaceId}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { settings },
  });
  expect(patched.status).toBe(200);
  const printers: QueuePrinter[] = [];
  for (const [index, material] of materials.entries()) {
    const printer = await addQueuePrinter(t, admin, workspaceId, { name: `${material} ${index}` });
    const spoolId = await buildSpool(t, admin, workspaceId, { material });
    expect((await loadSpool(t, admin, { printerId: printer.id, tool: 0, spoolId })).status).toBe(
      200,
    );
    printers.push(printer);
  }
  const file = await uploadGcode(t, admin, workspaceId, 'bracket.gcode', 'PETG');
  return { workspaceId, printers, file };
}

describe('copies', () => {
  // four printers with agents and ten items: slow on a loaded machine, so a longer limit
  it(
    'queues ten copies in one request and spreads them over the PETG-loaded printers only',
    {
      timeout: 90_000,
    },
    async () => {
      const { workspaceId, printers, file } = await farm({}, ['PETG', 'PETG', 'PETG', 'PLA']);
      const created = await add(workspaceId, { file, copies: 10 });
      expect(created.status).toBe(201);
      expect(created.body.copies).toMatchObject({ index: 1, count: 10, done: 0 });
      const queued = (await readBoxes(t, admin.access, workspaceId)).queue;
      expect(queued).toHaveLength(10);

      for (const printer of printers) await plateCleared(printer.id);
      await eventually(async () =>
        expect((await readBoxes(t, admin.access, workspaceId)).printing).toHaveLength(3),
      );
      const [a, b, c, pla] = printers as [QueuePrinter, QueuePrinter, QueuePrinter, QueuePrinter];
      expect([a, b, c].map((printer) => printer.printed().length)).toEqual([1, 1, 1]);
      expect(pla.printed()).toEqual([]);

      a.finish(a.printed()[0]!);
      await eventually(async () => {
        const boxes = await readBoxes(t, admin.access, workspaceId);
        const any = boxes.item(boxes.queue[0]!);
        expect(any.copies).toMatchObject({ count: 10, done: 1 });
      });
    },
  );

  it('refuses a copy count that is not 1 to 200, naming the field', async () => {
    const { workspaceId, file } = await farm({}, []);
    for (const copies of [0, 201, 2.5]) {
      const response = await add(workspaceId, { file, copies });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('copies');
    }
    expect((await readBoxes(t, admin.access, workspaceId)).queue).toEqual([]);
  });
});

describe('staggered start', () => {
  it('starts no printer while as many as allowed are heating up, then the next', async () => {
    const { workspaceId, printers, file } = await farm({ stagger_max_heating: 1 }, [
      'PETG',
      'PETG',
    ]);
    const [first, second] = printers as [QueuePrinter, QueuePrinter];
    await add(workspaceId, { file });
    await add(workspaceId, { file });
    await plateCleared(first.id);
    await eventually(async () => expect(first.printed()).toHaveLength(1));
    const heat = (actual: number) =>
      first.agent.send({
        type: 'state',
        kind: 'patch',
        state: {
          temperature: { tool0: { actual, target: 215 }, bed: { actual: 60, target: 60 } },
        },
      });
    const live = t.server.services.devices.live;
    heat(25);
    await eventually(async () => expect(isHeatingUp(live.get(first.deviceKeyId))).toBe(true));

    await plateCleared(second.id);
    await settle();
    expect(second.printed()).toEqual([]);
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.item(boxes.queue[0]!).waiting).toMatchObject({ code: 'waiting_power' });

    heat(214);
    await eventually(async () => expect(isHeatingUp(live.get(first.deviceKeyId))).toBe(false));
    await settle();
    await eventually(async () => expect(second.printed()).toHaveLength(1));
  });

  it('refuses limits below 1 or above the maximum, naming the field', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    for (const settings of [{ stagger_max_heating: 0 }, { stagger_interval_s: 3601 }]) {
      const response = await t.api(`/api/users/me/groups/${workspaceId}/`, {
        method: 'PATCH',
        token: admin.access,
        body: { settings },
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(Object.keys(settings)[0]!);
    }
  });
});

describe('out of service', () => {
  it('a printer out of service takes nothing (dispatch, the dialog) until it is back', async () => {
    const { workspaceId, printers, file } = await farm({}, ['PETG']);
    const [printer] = printers as [QueuePrinter];
    const edit = (body: Record<string, unknown>) =>
      t.api(`/api/printers/${printer.id}/`, { method: 'PATCH', token: admin.access, body });
    const blank = await edit({ out_of_service_reason: '  ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('out_of_service_reason');
    const out = await edit({ out_of_service_reason: 'Nozzle swap' });
    expect(out.status).toBe(200);
    expect(out.body.out_of_service).toMatchObject({ reason: 'Nozzle swap' });

    const item = (await add(workspaceId, { file })).body.id as number;
    await plateCleared(printer.id);
    await settle();
    expect(printer.printed()).toEqual([]);
    expect((await readBoxes(t, admin.access, workspaceId)).item(item).waiting).toMatchObject({
      code: 'no_compatible_printer',
    });
    const manual = await t.api(`/api/printers/${printer.id}/files/`, {
      method: 'POST',
      token: admin.access,
      body: { file_id: file, print: true, make_video: false },
    });
    expect(manual.status).toBe(409);
    expect(manual.body.message).toContain('Nozzle swap');

    expect((await edit({ out_of_service_reason: null })).body.out_of_service).toBeNull();
    await settle();
    await eventually(async () => expect(printer.printed()).toHaveLength(1));
  });
});

// last: the test clock moves on here, and device keys made before it would look stale
describe('staggered start, seconds between starts', () => {
  it('keeps the seconds between two automatic starts; the waiting item says "power"', async () => {
    const { workspaceId, printers, file } = await farm({ stagger_interval_s: 600 }, [
      'PETG',
      'PETG',
    ]);
    const items = [
      (await add(workspaceId, { file })).body.id as number,
      (await add(workspaceId, { file })).body.id as number,
    ];
    for (const printer of printers) await plateCleared(printer.id);
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).printing).toHaveLength(1),
    );
    await settle();
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.printing).toHaveLength(1);
    expect(boxes.item(boxes.queue[0]!).waiting).toMatchObject({ code: 'waiting_power' });

    clock.advance(601);
    await settle();
    await eventually(async () => {
      const after = await readBoxes(t, admin.access, workspaceId);
      expect(items.map((id) => after.item(id).state)).toEqual(['PRINTED', 'PRINTED']);
    });
  });
});
