import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  readJson,
  type RpcClient,
  rpcFailure,
  slicedGcode,
  startMoonrakerClient,
  uploadForm,
  type LooseJson,
} from '../../test-support/clients.js';
import type { VirtualMoonraker } from './server.js';

let sim: VirtualMoonraker;
let rpc: RpcClient;
let stop: () => Promise<void>;

function upload(name: string, content: string, fields: Record<string, string> = {}) {
  return fetch(`${sim.url}/server/files/upload`, {
    method: 'POST',
    body: uploadForm(name, content, fields),
  });
}

async function status(objects: Record<string, string[] | null>): Promise<LooseJson> {
  return ((await rpc.call('printer.objects.query', { objects })) as LooseJson).status as LooseJson;
}

beforeAll(async () => {
  ({ sim, rpc, stop } = await startMoonrakerClient({
    speed: 0,
    statusIntervalMs: 20,
    tickMs: 10,
    maxUploadBytes: 64 * 1024,
  }));
});
afterAll(() => stop());
beforeEach(async () => {
  await rpc.call('printer.print.cancel');
});

describe('virtual Moonraker: files', () => {
  it('uploads with 201, Location and an unwrapped body, and says so on the websocket', async () => {
    const response = await upload('cube.gcode', slicedGcode(600), { path: 'parts' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(
      `${sim.url}/server/files/gcodes/parts/cube.gcode`,
    );
    const body = await readJson(response);
    expect(body).toMatchObject({
      item: { path: 'parts/cube.gcode', root: 'gcodes', permissions: 'rw' },
      print_started: false,
      print_queued: false,
      action: 'create_file',
    });
    expect(body.result).toBeUndefined();
    await rpc.next(
      'notify_filelist_changed',
      ([change]) => (change as LooseJson).item.path === 'parts/cube.gcode',
    );
    const files = (await rpc.call('server.files.list', { root: 'gcodes' })) as LooseJson[];
    expect(files.find((f) => f.path === 'parts/cube.gcode')).toMatchObject({
      size: body.item.size,
    });
    const meta = (await rpc.call('server.files.metadata', {
      filename: 'parts/cube.gcode',
    })) as LooseJson;
    expect(meta).toMatchObject({
      estimated_time: 600,
      filament_total: 1200,
      first_layer_bed_temp: 60,
    });
  });

  it('checks the SHA-256 checksum and the extension', async () => {
    const content = 'G28\n';
    const good = createHash('sha256').update(content).digest('hex');
    expect((await upload('sum.gcode', content, { checksum: good })).status).toBe(201);
    expect((await upload('sum.gcode', content, { checksum: 'a'.repeat(64) })).status).toBe(422);
    expect((await upload('notes.txt', 'hello')).status).toBe(400);
    expect((await fetch(`${sim.url}/server/files/metadata?filename=none.gcode`)).status).toBe(404);
  });

  it('refuses an upload over the size cap with 413', async () => {
    const response = await upload('huge.gcode', 'G1 X1\n'.repeat(20_000));
    expect(response.status).toBe(413);
    expect((await readJson(response)).error.code).toBe(413);
  });

  it('starts a print on upload, refuses to overwrite the loaded file, and never fails for print', async () => {
    const started = await readJson(await upload('go.gcode', slicedGcode(600), { print: 'true' }));
    expect(started.print_started).toBe(true);
    const overwrite = await upload('go.gcode', 'G28\n');
    expect(overwrite.status).toBe(403);
    expect((await readJson(overwrite)).error.message).toBe('File is loaded, upload not permitted');
    const second = await upload('other.gcode', 'G28\n', { print: 'true' });
    expect([second.status, (await readJson(second)).print_started]).toEqual([201, false]);
  });

  it('deletes a file unless it is printing; downloads its content', async () => {
    const content = slicedGcode(600);
    await upload('del.gcode', content, { print: 'true' });
    expect(await (await fetch(`${sim.url}/server/files/gcodes/del.gcode`)).text()).toBe(content);
    const busy = await rpcFailure(
      rpc.call('server.files.delete_file', { path: 'gcodes/del.gcode' }),
    );
    expect([busy.code, busy.message]).toEqual([403, 'File currently in use']);
    await rpc.call('printer.print.cancel');
    const deleted = await fetch(`${sim.url}/server/files/gcodes/del.gcode`, { method: 'DELETE' });
    expect((await readJson(deleted)).result).toMatchObject({
      action: 'delete_file',
      item: { path: 'del.gcode' },
    });
    expect(
      (await fetch(`${sim.url}/server/files/gcodes/del.gcode`, { method: 'DELETE' })).status,
    ).toBe(404);
  });
});

describe('virtual Moonraker: jobs', () => {
  it('prints to completion on sped-up time; complete keeps progress 1 without file_path', async () => {
    await upload('run.gcode', slicedGcode(600));
    expect(await rpc.call('printer.print.start', { filename: '/run.gcode' })).toBe('ok');
    sim.printer.advance(400_000);
    const running = await status({
      print_stats: null,
      virtual_sdcard: null,
      display_status: ['progress'],
    });
    expect(running.print_stats).toMatchObject({ state: 'printing', filename: 'run.gcode' });
    expect(running.virtual_sdcard.progress).toBeGreaterThan(0.2);
    expect(running.virtual_sdcard.progress).toBeLessThan(0.8);
    expect(running.virtual_sdcard.file_path).toBe('/home/pi/printer_data/gcodes/run.gcode');
    expect(running.display_status.progress).toBe(running.virtual_sdcard.progress);
    // heat-up is left out of print_duration
    expect(running.print_stats.print_duration).toBeLessThan(
      running.print_stats.total_duration - 30,
    );
    // the bed's slow lag (τ ≈ 75 s) makes the heat-up take minutes before the 600 s of printing
    sim.printer.advance(600_000);
    const done = await status({ print_stats: ['state', 'filename'], virtual_sdcard: null });
    expect(done.print_stats).toEqual({ state: 'complete', filename: 'run.gcode' });
    expect(done.virtual_sdcard).toMatchObject({ progress: 1, file_path: null, is_active: false });
  });

  it('refuses a second start with SD busy and a missing file with Unable to open file', async () => {
    await upload('busy.gcode', slicedGcode(600));
    await rpc.call('printer.print.start', { filename: 'busy.gcode' });
    expect(
      (await rpcFailure(rpc.call('printer.print.start', { filename: 'busy.gcode' }))).message,
    ).toBe('SD busy');
    await rpc.call('printer.print.cancel');
    const missing = await fetch(`${sim.url}/printer/print/start?filename=ghost.gcode`, {
      method: 'POST',
    });
    expect([missing.status, (await readJson(missing)).error.message]).toEqual([
      400,
      'Unable to open file',
    ]);
  });

  it('pauses and resumes leniently: ok with a console note when nothing applies', async () => {
    await upload('pause.gcode', slicedGcode(600));
    await rpc.call('printer.print.start', { filename: 'pause.gcode' });
    sim.printer.advance(400_000);
    expect(await rpc.call('printer.print.resume')).toBe('ok');
    await rpc.next(
      'notify_gcode_response',
      ([line]) => line === '// Print is not paused, resume aborted',
    );
    expect(await rpc.call('printer.print.pause')).toBe('ok');
    expect((await status({ print_stats: ['state'], pause_resume: null })).pause_resume).toEqual({
      is_paused: true,
    });
    expect(await rpc.call('printer.print.pause')).toBe('ok');
    await rpc.next('notify_gcode_response', ([line]) => line === '// Print already paused');
    const position = (await status({ virtual_sdcard: ['file_position'] })).virtual_sdcard
      .file_position as number;
    expect(position).toBeGreaterThan(0);
    sim.printer.advance(60_000);
    expect((await status({ virtual_sdcard: ['file_position'] })).virtual_sdcard.file_position).toBe(
      position,
    );
    await rpc.call('printer.print.resume');
    sim.printer.advance(10_000);
    const resumed = await status({ print_stats: ['state'], virtual_sdcard: ['file_position'] });
    expect(resumed.print_stats.state).toBe('printing');
    expect(resumed.virtual_sdcard.file_position).toBeGreaterThan(position);
  });

  it('cancels: print_stats keeps the file name, virtual_sdcard is reset to 0', async () => {
    await upload('stop.gcode', slicedGcode(600));
    await rpc.call('printer.print.start', { filename: 'stop.gcode' });
    sim.printer.advance(200_000);
    expect(await rpc.call('printer.print.cancel')).toBe('ok');
    const after = await status({
      print_stats: ['state', 'filename', 'print_duration'],
      virtual_sdcard: null,
    });
    expect(after.print_stats).toMatchObject({ state: 'cancelled', filename: 'stop.gcode' });
    expect(after.print_stats.print_duration).toBeGreaterThan(0);
    expect(after.virtual_sdcard).toMatchObject({ progress: 0, file_path: null, file_position: 0 });
  });
});
