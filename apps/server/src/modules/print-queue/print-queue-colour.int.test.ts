import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/fake-agent.js';
import type { BuiltUser } from '../../../test-support/factories.js';
import {
  addQueuePrinter,
  enableQueue,
  queuePath,
  readBoxes,
  uploadGcode,
  type QueuePrinter,
} from '../../../test-support/print-queue.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';

/**
 * Issue 26, colour in the queue: an item may require a spool material and a colour; dispatch
 * and every start take only a printer whose loaded spool is of that material and a matching
 * colour (same hex or CIE76 ΔE ≤ 10), and an item no printer can take says what it needs.
 */
let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let black: QueuePrinter;
let white: QueuePrinter;
let bare: QueuePrinter;
let petgFile: number;

beforeAll(async () => {
  ({
    t,
    user: admin,
    workspaceId,
  } = await startServerWithWorkspace({
    gatewayLimits: { printStartTimeoutMs: 2000, commandTimeoutMs: 2000 },
  }));
  await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
  black = await printerWithSpool('Black PETG', { material: 'PETG', color_hex: '#111111' });
  white = await printerWithSpool('White PETG', { material: 'PETG', color_hex: '#fafafa' });
  bare = await addQueuePrinter(t, admin, workspaceId, { name: 'Nothing loaded' });
  petgFile = await uploadGcode(t, admin, workspaceId, 'part.gcode', 'PETG');
});
afterAll(() => t.close());

async function printerWithSpool(name: string, spool: Record<string, unknown>) {
  const printer = await addQueuePrinter(t, admin, workspaceId, { name });
  const spoolId = await buildSpool(t, admin, workspaceId, spool);
  expect((await loadSpool(t, admin, { printerId: printer.id, tool: 0, spoolId })).status).toBe(200);
  return printer;
}

const add = (body: Record<string, unknown>) =>
  t.api(queuePath(workspaceId), { method: 'POST', token: admin.access, body });

const plateCleared = (printerId: number) =>
  t.api(`/api/printers/${printerId}/plate-cleared/`, {
    method: 'POST',
    token: admin.access,
    body: {},
  });

async function settle() {
  const { dispatcher } = t.server.services.printQueue;
  await dispatcher.whenIdle();
  await dispatcher.tick();
  await dispatcher.whenIdle();
}

describe('colour on queue items', () => {
  it('refuses a material the file is not sliced for, and a colour that is not #RRGGBB', async () => {
    const wrong = await add({ file: petgFile, required_material: 'PLA' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.required_material[0]).toMatch(/sliced for PETG/);
    const bad = await add({ file: petgFile, required_color_hex: 'black' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.required_color_hex).toBeDefined();
  });

  it('dispatch starts a "PETG black" item only on the printer with a black PETG spool', async () => {
    const created = await add({
      file: petgFile,
      required_material: 'PETG',
      required_color_hex: '#1A1A1A', // another brand's black: ΔE ≈ 4 from #111111
    });
    expect(created.status).toBe(201);
    expect(created.body.required_filament).toEqual({ material: 'PETG', color_hex: '#1a1a1a' });
    const item = created.body.id as number;
    await plateCleared(white.id);
    await plateCleared(bare.id);
    await settle();
    expect([...white.printed(), ...bare.printed()]).toEqual([]);
    expect((await readBoxes(t, admin.access, workspaceId)).item(item).waiting).toEqual({
      code: 'no_free_printer',
      filament_type: 'PETG',
      required: { material: 'PETG', color_hex: '#1a1a1a' },
    });

    await plateCleared(black.id);
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).item(item)).toMatchObject({
        state: 'PRINTED',
        started_by: 'dispatch',
        printer: { id: black.id },
      }),
    );
    expect([black.printed().length, white.printed().length, bare.printed().length]).toEqual([
      1, 0, 0,
    ]);
  });

  it('an item of a colour no printer has loaded says what it needs, and Print now refuses', async () => {
    const created = await add({ file: petgFile, required_color_hex: '#ff0000' });
    expect(created.status).toBe(201);
    const item = created.body.id as number;
    await settle();
    expect((await readBoxes(t, admin.access, workspaceId)).item(item).waiting).toEqual({
      code: 'no_required_spool',
      filament_type: 'PETG',
      required: { material: null, color_hex: '#ff0000' },
    });
    for (const printer of [white, bare]) {
      const now = await t.api(queuePath(workspaceId, `${item}/print/`), {
        method: 'POST',
        token: admin.access,
        body: { printer: printer.id },
      });
      expect(now.status).toBe(409);
      expect(now.body.message).toMatch(/material and colour this queue item needs/);
    }
    expect([...white.printed(), ...bare.printed()]).toEqual([]);
  });

  it('"any" (no requirement) still goes to any printer the file fits, the bare one too', async () => {
    const created = await add({ file: petgFile });
    expect(created.body.required_filament).toBeNull();
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).item(created.body.id)).toMatchObject({
        state: 'PRINTED',
      }),
    );
    expect(white.printed().length + bare.printed().length).toBe(1);
  });
});
