import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiClient,
  readJson as body,
  slicedGcode,
  uploadForm,
  type ApiInit,
} from '../../test-support/clients.js';
import { startVirtualOctoPrint, type VirtualOctoPrint } from './server.js';

const KEY = 'JOBKEY';
let sim: VirtualOctoPrint;
const api = (path: string, init?: ApiInit) => apiClient(sim, { 'X-Api-Key': KEY })(path, init);

function upload(name: string, content: string, fields: Record<string, string> = {}) {
  return api('/api/files/local', { method: 'POST', body: uploadForm(name, content, fields) });
}

async function state(): Promise<string> {
  return (await body(await api('/api/job'))).state as string;
}

/** Ends whatever job runs, so each test starts from an idle, connected printer. */
async function idle(): Promise<void> {
  sim.faults.clear();
  sim.printer.setPower(true);
  if (sim.printer.job.isActive) await api('/api/job', { json: { command: 'cancel' } });
  sim.printer.advance(2000);
  if ((await state()) !== 'Operational') {
    await api('/api/connection', { json: { command: 'connect' } });
    sim.printer.advance(2000);
  }
}

beforeAll(async () => {
  sim = await startVirtualOctoPrint({
    speed: 0,
    apiKey: KEY,
    tickMs: 10,
    maxUploadBytes: 64 * 1024,
  });
});
afterAll(() => sim.close());
beforeEach(idle);

describe('virtual OctoPrint: upload', () => {
  it('answers 201 with Location; select alone selects without printing', async () => {
    const response = await upload('cube.gcode', slicedGcode(600), { select: 'true' });
    expect(response.status).toBe(201);
    const result = await body(response);
    expect(response.headers.get('location')).toBe(`${sim.url}/api/files/local/cube.gcode`);
    expect(result).toMatchObject({ done: true, effectiveSelect: true, effectivePrint: false });
    expect(result.files.local).toMatchObject({
      name: 'cube.gcode',
      path: 'cube.gcode',
      origin: 'local',
    });
    const job = await body(await api('/api/job'));
    expect(job.state).toBe('Operational');
    expect(job.job.file.name).toBe('cube.gcode');
  });

  it('print alone: effectiveSelect false, effectivePrint true, and it prints', async () => {
    const result = await body(await upload('print.gcode', slicedGcode(600), { print: 'true' }));
    expect(result).toMatchObject({ effectiveSelect: false, effectivePrint: true });
    expect(['Starting', 'Printing']).toContain(await state());
  });

  it('never fails the upload when it cannot print: both flags false', async () => {
    await upload('first.gcode', slicedGcode(600), { print: 'true' });
    const busy = await upload('second.gcode', slicedGcode(60), { select: 'true', print: 'true' });
    expect(busy.status).toBe(201);
    expect(await body(busy)).toMatchObject({ effectiveSelect: false, effectivePrint: false });
    await api('/api/job', { json: { command: 'cancel' } });
    sim.printer.advance(2000);
    await api('/api/connection', { json: { command: 'disconnect' } });
    const offline = await upload('third.gcode', slicedGcode(60), { select: 'true', print: 'true' });
    expect([offline.status, (await body(offline)).effectivePrint]).toEqual([201, false]);
  });

  it('keeps the name as given, refuses models and unknown types, overwriting a running file and noOverwrite (issue 30)', async () => {
    const kept = await body(await upload('Calibration Cube (v2) äö.gcode', 'G28\n'));
    expect(kept.files.local).toMatchObject({
      name: 'Calibration Cube (v2) äö.gcode',
      path: 'Calibration Cube (v2) äö.gcode',
    });
    const model = await upload('part.stl', 'solid x\nendsolid x\n');
    expect([model.status, (await body(model)).error]).toEqual([
      415,
      'Could not upload file, invalid type',
    ]);
    expect((await upload('photo.jpg', 'x')).status).toBe(415);
    const again = await upload('Calibration Cube (v2) äö.gcode', 'G28\n', { noOverwrite: 'true' });
    expect(again.status).toBe(409);
    await upload('running.gcode', slicedGcode(600), { print: 'true' });
    const overwrite = await upload('running.gcode', 'G28\n');
    expect([overwrite.status, (await body(overwrite)).error]).toEqual([
      409,
      'Trying to overwrite file that is currently being printed',
    ]);
    const empty = await api('/api/files/local', { method: 'POST', body: new FormData() });
    expect(empty.status).toBe(400);
  });

  it('refuses an upload over the size cap with 413 and stores nothing', async () => {
    const response = await upload('huge.gcode', 'G1 X1\n'.repeat(20_000));
    expect(response.status).toBe(413);
    expect((await api('/api/files/local/huge.gcode')).status).toBe(404);
  });
});

describe('virtual OctoPrint: files', () => {
  it('lists files with SHA-1, integer date and bytes free, analysis after a moment', async () => {
    await upload('listed.gcode', slicedGcode(1234), { path: 'parts' });
    const before = await body(await api('/api/files?recursive=true'));
    const folder = before.files.find((f: { name: string }) => f.name === 'parts');
    const entry = folder.children.find((f: { name: string }) => f.name === 'listed.gcode');
    expect(entry).toMatchObject({
      path: 'parts/listed.gcode',
      type: 'machinecode',
      origin: 'local',
    });
    expect(entry.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(Number.isInteger(entry.date)).toBe(true);
    expect(entry.gcodeAnalysis).toBeUndefined();
    expect(Number.isInteger(before.free) && Number.isInteger(before.total)).toBe(true);
    sim.printer.advance(3000);
    const single = await body(await api('/api/files/local/parts/listed.gcode'));
    expect(single.gcodeAnalysis).toMatchObject({
      estimatedPrintTime: 1234,
      filament: { tool0: { length: 1200 } },
    });
    expect((await api('/api/files/local/parts/nothing.gcode')).status).toBe(404);
  });

  it('selects and prints a stored file by path; 409 while printing', async () => {
    await upload('stored.gcode', slicedGcode(600));
    const select = await api('/api/files/local/stored.gcode', {
      json: { command: 'select', print: true },
    });
    expect(select.status).toBe(204);
    expect((await body(await api('/api/job'))).job.file.path).toBe('stored.gcode');
    const again = await api('/api/files/local/stored.gcode', { json: { command: 'select' } });
    expect([again.status, (await body(again)).error]).toEqual([
      409,
      'Printer is already printing, cannot select a new file',
    ]);
    const missing = await api('/api/files/local/gone.gcode', { json: { command: 'select' } });
    expect(missing.status).toBe(404);
  });

  it('deletes a file unless it is being printed, and downloads it', async () => {
    const content = slicedGcode(600);
    await upload('busy.gcode', content, { print: 'true' });
    const download = await api('/downloads/files/local/busy.gcode');
    expect(await download.text()).toBe(content);
    expect((await api('/api/files/local/busy.gcode', { method: 'DELETE' })).status).toBe(409);
    await api('/api/job', { json: { command: 'cancel' } });
    sim.printer.advance(2000);
    expect((await api('/api/files/local/busy.gcode', { method: 'DELETE' })).status).toBe(204);
    expect((await api('/api/files/local/busy.gcode', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('virtual OctoPrint: job', () => {
  it('prints to completion on sped-up time: completion is 0–100, then 100 and Operational', async () => {
    await upload('ten-minutes.gcode', slicedGcode(600), { print: 'true' });
    sim.printer.advance(60_000);
    const early = await body(await api('/api/job'));
    expect(early.state).toBe('Printing');
    expect(early.job.estimatedPrintTime).toBe(600);
    sim.printer.advance(300_000);
    const middle = await body(await api('/api/job'));
    expect(middle.progress.completion).toBeGreaterThan(early.progress.completion);
    expect(middle.progress.completion).toBeGreaterThan(30);
    expect(middle.progress.completion).toBeLessThan(70);
    expect(middle.progress.printTimeLeftOrigin).toBe('analysis');
    expect(middle.progress.printTimeLeft).toBeGreaterThan(0);
    sim.printer.advance(400_000);
    const done = await body(await api('/api/job'));
    expect(done.state).toBe('Operational');
    expect(done.progress).toMatchObject({
      completion: 100,
      printTimeLeft: 0,
      printTimeLeftOrigin: null,
    });
    expect(done.job.file.name).toBe('ten-minutes.gcode');
    expect(done.job.lastPrintTime).toBeCloseTo(600, 0);
  });

  it('pauses through Pausing, resumes through Resuming, and progress stands still meanwhile', async () => {
    await upload('pause.gcode', slicedGcode(600), { print: 'true' });
    sim.printer.advance(120_000);
    expect((await api('/api/job', { json: { command: 'pause', action: 'pause' } })).status).toBe(
      204,
    );
    expect(await state()).toBe('Pausing');
    sim.printer.advance(1000);
    const paused = await body(await api('/api/job'));
    expect(paused.state).toBe('Paused');
    sim.printer.advance(60_000);
    expect((await body(await api('/api/job'))).progress.filepos).toBe(paused.progress.filepos);
    await api('/api/job', { json: { command: 'pause', action: 'pause' } });
    expect(await state()).toBe('Paused');
    await api('/api/job', { json: { command: 'pause', action: 'toggle' } });
    expect(await state()).toBe('Resuming');
    sim.printer.advance(10_000);
    const resumed = await body(await api('/api/job'));
    expect(resumed.state).toBe('Printing');
    expect(resumed.progress.filepos).toBeGreaterThan(paused.progress.filepos);
  });

  it('cancels through Cancelling; progress is null afterwards but the file stays selected', async () => {
    await upload('cancel.gcode', slicedGcode(600), { print: 'true' });
    sim.printer.advance(30_000);
    expect((await api('/api/job', { json: { command: 'cancel' } })).status).toBe(204);
    expect(await state()).toBe('Cancelling');
    sim.printer.advance(2000);
    const job = await body(await api('/api/job'));
    expect(job.state).toBe('Operational');
    expect(job.progress).toEqual({
      completion: null,
      filepos: null,
      printTime: null,
      printTimeLeft: null,
      printTimeLeftOrigin: null,
    });
    expect(job.job.file.name).toBe('cancel.gcode');
  });

  it('answers the job conflicts with their 409s and 400s', async () => {
    const noJob = await api('/api/job', { json: { command: 'pause' } });
    expect([noJob.status, (await body(noJob)).error]).toEqual([
      409,
      "Printer is neither printing nor paused, 'pause' command cannot be performed",
    ]);
    expect((await api('/api/job', { json: { command: 'restart' } })).status).toBe(409);
    await upload('conflict.gcode', slicedGcode(600), { print: 'true' });
    const twice = await api('/api/job', { json: { command: 'start' } });
    expect([twice.status, (await body(twice)).error]).toEqual([
      409,
      "Printer already has an active print job, did you mean 'restart'?",
    ]);
    const action = await api('/api/job', { json: { command: 'pause', action: 'sideways' } });
    expect([action.status, (await body(action)).error]).toEqual([400, 'Unknown action']);
    const printing = await api('/api/printer/printhead', { json: { command: 'jog', x: 1 } });
    expect((await body(printing)).error).toBe('Printer is not operational or currently printing');
  });
});

describe('virtual OctoPrint: floats and ints as 1.11.8 writes them (issue 30)', () => {
  it('writes completion, analysis and history figures as Python floats, print times as ints', async () => {
    await upload('floats.gcode', slicedGcode(60), { print: 'true' });
    sim.printer.advance(3000); // past the analysis (2 s) and the start
    const running = await (await api('/api/job')).text();
    // `progress * 100` while printing: a float even when whole; times and position ints
    expect(running).toMatch(/"completion":\d+\.\d+/);
    expect(running).toMatch(/"printTime":\d+,/);
    expect(running).toMatch(/"filepos":\d+,/);
    expect(running).toMatch(/"estimatedPrintTime":60\.0/);
    expect(running).toMatch(/"filament":\{"tool0":\{"length":1200\.0,"volume":\d+\.\d+\}\}/);
    for (let i = 0; i < 200 && sim.printer.job.status === 'printing'; i++)
      sim.printer.advance(1000);
    const done = await (await api('/api/job')).text();
    // once done: `int(1.0 * 100)`, and the history's averages are floats
    expect(done).toMatch(/"completion":100,/);
    expect(done).toMatch(/"printTimeLeft":0,/);
    expect(done).toMatch(/"averagePrintTime":\d+(\.\d+)?[,}]/);
    expect(done).toMatch(/"lastPrintTime":\d+\.\d+/);
    const file = await (await api('/api/files/local/floats.gcode')).text();
    expect(file).toMatch(/"statistics":\{"averagePrintTime":\{"_default":\d+\.\d+\}/);
    expect(file).toMatch(/"last":\{"date":\d+\.\d+,"success":true,"printTime":\d+\.\d+\}/);
  });
});
