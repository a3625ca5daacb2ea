import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrinterWithAgent } from '../../../test-support/factories.js';
import type { BuiltUser } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import {
  bambuSliceInfo,
  buildGcode3mf,
  buildTextGcode,
  countFileRows,
  uploadFile,
} from '../../../test-support/files.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
beforeAll(
  async () =>
    ({
      t,
      user: owner,
      workspaceId,
    } = await startServerWithWorkspace({
      gatewayLimits: { printStartTimeoutMs: 2000, commandTimeoutMs: 400 },
    })),
);
afterAll(() => t.close());

async function addReadyPrinter(name: string, driver: string) {
  const { printerId, agent } = await buildPrinterWithAgent(t, {
    token: owner.access,
    workspaceId,
    name,
    driver,
  });
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: owner.access,
    });
    expect(
      states.body.find((s: { printer_id: number }) => s.printer_id === printerId).printer_state,
    ).toBe('READY_TO_PRINT');
  });
  return { printerId, agent };
}

const startPrint = (printerId: number, body: Record<string, unknown>) =>
  t.api(`/api/printers/${printerId}/files/`, { method: 'POST', token: owner.access, body });

describe('.gcode.3mf in the library (issue 25)', () => {
  it('stores a sliced 3MF with the first plate’s metadata, its preview and its plates', async () => {
    const bytes = buildGcode3mf([1, 2, 4]);
    const response = await uploadFile(t, owner.access, workspaceId, {
      bytes,
      filename: 'cube.gcode.3mf',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'cube.gcode.3mf',
      format: 'gcode.3mf',
      plates: [1, 2, 4],
      slicer: 'BambuStudio',
      filament_type: 'PLA',
      layer_height_mm: 0.2,
      printing_time_sec: 643,
    });
    expect(response.body.previewImages).toHaveLength(1);
    const content = await t.api(`/api/groups/${workspaceId}/files/${response.body.id}/`, {
      token: owner.access,
    });
    expect(content.body.plates).toEqual([1, 2, 4]);
    // no slice_info.config in this project: nothing said about the model
    expect(content.body.sliced_for).toEqual({
      printer_model_id: null,
      printer_model: null,
      filaments: [],
    });
  });

  it('keeps the model and the filaments the slicer wrote, named for the detail', async () => {
    const response = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildGcode3mf([1], bambuSliceInfo('C12')),
      filename: 'sliced-for-p1s.gcode.3mf',
    });
    expect(response.status).toBe(201);
    const detail = await t.api(`/api/groups/${workspaceId}/files/${response.body.id}/`, {
      token: owner.access,
    });
    expect(detail.body.sliced_for).toEqual({
      printer_model_id: 'C12',
      printer_model: 'Bambu Lab P1S',
      filaments: [{ id: 1, type: 'PLA', color: '#00AE42', used_g: 36.4, used_m: 12.31 }],
    });
    // a plain G-code says nothing of a slicer's printer model
    const gcode = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'plain.gcode',
    });
    expect(gcode.body.sliced_for).toBeNull();
  });

  it('refuses a zip with no sliced plate and a broken zip, storing nothing', async () => {
    const rowsBefore = await countFileRows(t);
    for (const bytes of [
      buildGcode3mf([]),
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4000, 7)]),
    ]) {
      const response = await uploadFile(t, owner.access, workspaceId, {
        bytes,
        filename: 'model.3mf',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/sliced 3MF/);
    }
    expect(await countFileRows(t)).toBe(rowsBefore);
  });

  it('starts the chosen plate on a Bambu Lab printer and refuses a plate the file lacks', async () => {
    const upload = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildGcode3mf([1, 3]),
      filename: 'plates.gcode.3mf',
    });
    const { printerId, agent } = await addReadyPrinter('P1S', 'bambu');
    agent.answer((request) =>
      request.command.name === 'print_file'
        ? { ok: true, result: { path: 'plates.gcode.3mf', started: true } }
        : undefined,
    );
    const missing = await startPrint(printerId, { file_id: upload.body.id, plate: 2 });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toHaveProperty('plate');
    const started = await startPrint(printerId, { file_id: upload.body.id, plate: 3 });
    expect(started.status).toBe(201);
    expect(agent.requests.at(-1)!.command).toMatchObject({
      name: 'print_file',
      file_name: 'plates.gcode.3mf',
      plate: 3,
    });
  });

  it('refuses a .gcode.3mf on printers that cannot take one, before anything is sent', async () => {
    const upload = await uploadFile(t, owner.access, workspaceId, {
      bytes: buildGcode3mf([1]),
      filename: 'p1s.gcode.3mf',
    });
    for (const driver of ['octoprint', 'moonraker', 'prusalink']) {
      const { printerId, agent } = await addReadyPrinter(`${driver} printer`, driver);
      const refused = await startPrint(printerId, { file_id: upload.body.id });
      expect(refused.status, driver).toBe(409);
      expect(refused.body.message, driver).toMatch(/only a Bambu Lab printer can print it/);
      expect(agent.requests.filter((r) => r.command.name === 'print_file')).toEqual([]);
    }
  });
});
