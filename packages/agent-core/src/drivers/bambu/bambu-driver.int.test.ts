import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualBambu, writeZip, type VirtualBambu } from '@printdeck/simulator';
import {
  eventually,
  expectJpeg,
  expectRefusal,
  slicedGcode,
  startDriverFixture,
  startTestDriver,
  type DriverFixture,
} from '../../../test-support/drivers.js';

/** The Bambu driver against the virtual P1S: MQTT over TLS, FTPS, delta reports (issue 25). */

const ACCESS_CODE = '27418093';
let sim: VirtualBambu;
let fixture: DriverFixture;
let { driver, events, run, printerState, waitForText, named, waitForEvents } = {} as DriverFixture;

const bambuHost = (s: VirtualBambu, accessCode = ACCESS_CODE) => ({
  kind: 'bambu' as const,
  url: s.host,
  serial: s.serial,
  accessCode,
  mqttPort: s.mqttPort,
  ftpsPort: s.ftpsPort,
  cameraPort: s.cameraPort,
});
const startSim = () =>
  startVirtualBambu({
    speed: 0,
    tickMs: 10,
    pushIntervalMs: 20,
    prepareSeconds: 1,
    accessCode: ACCESS_CODE,
    printer: { homingSeconds: 0 },
  });
const advance = (ms: number) => sim.printer.advance(ms);
const project = (seconds: number) =>
  writeZip({
    '3D/3dmodel.model': '<model/>',
    'Metadata/plate_1.gcode': slicedGcode(seconds),
  });
/** The last request of this command the printer received. */
const lastRequest = (command: string) =>
  sim.requests
    .map((request) => request.print as Record<string, unknown> | undefined)
    .filter((body) => body?.command === command)
    .at(-1);

/**
 * Stops the print: the printer reads Failed. With `isClearWaited`, also the one job_cancelled
 * and the printer clearing its cancel word about 2 s later.
 */
async function cancelPrint({ isClearWaited = false } = {}): Promise<void> {
  await run({ name: 'cancel' });
  advance(2000);
  await waitForText('Failed');
  if (!isClearWaited) return;
  await waitForEvents('job_cancelled', 1);
  advance(5000);
  await eventually(
    'cleared',
    () => sim.panel.printError,
    (code) => code === 0,
  );
}

beforeAll(async () => {
  sim = await startSim();
  fixture = await startDriverFixture(sim, bambuHost(sim));
  ({ driver, events, run, printerState, waitForText, named, waitForEvents } = fixture);
  await waitForText('Operational');
});

afterAll(() => fixture.close());

describe('Bambu driver: state', () => {
  it('reads an idle printer: READY_TO_PRINT, temperatures, the chamber light, a camera', () => {
    fixture.expectReady({
      lights: { led_on: true },
      plugins: { camera: true, led: true },
      job: null,
      // the virtual P1S's AMS as it reports it (issue 25): two spools, two empty slots, idle
      ams: {
        active_tray: null,
        trays: [
          { id: 0, material: 'PLA', color: '#00AE42', remaining_percent: 63 },
          { id: 1, material: 'PETG', color: '#161616', remaining_percent: 90 },
          { id: 2, material: null },
          { id: 3, material: null },
        ],
      },
    });
    expect(driver.kind).toBe('bambu');
    expect(driver.capabilities).toEqual(expect.arrayContaining(['pause', 'send_command', 'led']));
    // pushall and get_version right after subscribing (reference §1.5)
    expect(
      sim.requests.map((r) => (Object.values(r)[0] as { command?: unknown } | undefined)?.command),
    ).toEqual(expect.arrayContaining(['pushall', 'get_version']));
  });

  it('merges delta reports: a heater target set by gcode_line arrives alone and is kept', async () => {
    await run({ name: 'temperature', part: 'bed', temperature: 60 });
    expect(sim.panel.gcodeLines.at(-1)).toBe('M140 S60');
    const state = await eventually(
      'bed target 60',
      () => driver.getState(),
      (s) => s.temperature.bed?.target === 60,
    );
    expect(state.temperature.tool0).toEqual({ actual: 21.3, target: 0 });
    await run({ name: 'send_command', commands: ['M140 S0', 'M104 S0'] });
    await eventually(
      'bed off',
      () => driver.getState().temperature.bed?.target,
      (t) => t === 0,
    );
  });

  it('takes a camera frame from the port-6000 stream: a JPEG', async () => {
    expectJpeg(await run({ name: 'snapshot' }));
  });

  it('switches the chamber light with system.ledctrl', async () => {
    await run({ name: 'led', color: [0, 0, 0] });
    await eventually(
      'light off',
      () => driver.getState().lights.led_on,
      (on) => on === false,
    );
    expect(sim.panel.lights.chamber_light).toBe('off');
    await run({ name: 'led', color: [255, 255, 255] });
    await eventually(
      'light on',
      () => driver.getState().lights.led_on,
      (on) => on === true,
    );
  });

  it('shows HMS messages as the printer’s error and clears them with the list', async () => {
    sim.faults.raiseHms(0x07002300, 0x00020004);
    await eventually(
      'hms',
      () => driver.getState().error?.detail ?? '',
      (detail) => detail.includes('HMS_0700_2300_0002_0004'),
    );
    sim.faults.clearHms();
    await eventually(
      'no hms',
      () => driver.getState().error,
      (error) => error === null,
    );
  });

  it('logs and ignores a report that is not JSON, and keeps following', async () => {
    sim.faults.publishRaw(Buffer.from('{"print": {"gcode_state": '));
    sim.faults.publishRaw(Buffer.from([0xff, 0xfe, 0x00]));
    await run({ name: 'temperature', part: 'tool0', temperature: 30 });
    await eventually(
      'nozzle 30',
      () => driver.getState().temperature.tool0?.target,
      (t) => t === 30,
    );
    await run({ name: 'temperature', part: 'tool0', temperature: 0 });
  });
});

describe('Bambu driver: jobs', () => {
  it('prints a .gcode.3mf: FTPS upload, project_file, PREPARE, RUNNING, pause, resume, stop: cancelled once', async () => {
    events.length = 0;
    const content = project(600);
    const result = await fixture.printFile({ name: 'benchy.gcode.3mf', content, jobId: 11 });
    expect(result).toMatchObject({ path: 'benchy.gcode.3mf', started: true });
    expect(sim.printer.files.get('benchy.gcode.3mf')?.content.equals(content)).toBe(true);
    const request = lastRequest('project_file')!;
    expect(request).toMatchObject({
      param: 'Metadata/plate_1.gcode',
      url: 'ftp:///benchy.gcode.3mf',
      subtask_name: 'benchy',
      use_ams: false,
    });
    expect(Number(request.task_id)).toBeLessThan(2 ** 31);
    await waitForText('Preparing');
    advance(1000);
    await waitForText('Printing');
    advance(60_000);
    const printing = await eventually(
      'progress',
      () => driver.getState().job,
      (job) => (job?.completion ?? 0) >= 9,
    );
    expect(printing).toMatchObject({ path: 'benchy.gcode.3mf', file_name: 'benchy.gcode.3mf' });
    expect(printing?.print_time_left).toBeGreaterThan(0);
    expect(printing?.layer).toEqual({ current: expect.any(Number), total: 100 });
    expect(printing?.layer?.current).toBeGreaterThanOrEqual(9);

    await run({ name: 'pause' });
    advance(2000);
    await waitForText('Paused');
    expect(printerState()).toBe('PAUSED');
    await run({ name: 'resume' });
    advance(1000);
    await waitForText('Printing');
    await cancelPrint({ isClearWaited: true });
    // nothing else ended the job once the cancel word was cleared
    expect(events.map((e) => e.name)).toEqual(['job_started', 'job_cancelled']);
    expect(named('job_cancelled')[0]).toMatchObject({
      path: 'benchy.gcode.3mf',
      startedAt: named('job_started')[0]!.startedAt,
    });
  });

  it('refuses a .gcode.3mf sliced for another model before sending a byte, with both models named', async () => {
    const slicedFor = (model: string) =>
      writeZip({
        '3D/3dmodel.model': '<model/>',
        'Metadata/plate_1.gcode': slicedGcode(60),
        'Metadata/slice_info.config':
          `<config><plate><metadata key="index" value="1"/>` +
          `<metadata key="printer_model_id" value="${model}"/></plate></config>`,
      });
    const message = await expectRefusal(
      fixture.printFile({ name: 'a1.gcode.3mf', content: slicedFor('N2S'), jobId: 14 }),
      'not-operational',
    );
    expect(message).toBe(
      'a1.gcode.3mf was sliced for a Bambu Lab A1 (N2S); this printer is a Bambu Lab P1S. ' +
        'Slice it again for this printer.',
    );
    expect(sim.printer.files.get('a1.gcode.3mf')).toBeUndefined();
    expect(lastRequest('project_file')?.url).not.toBe('ftp:///a1.gcode.3mf');
  });

  it('starts the chosen plate of a .gcode.3mf: project_file names Metadata/plate_2.gcode', async () => {
    events.length = 0;
    const content = writeZip({
      '3D/3dmodel.model': '<model/>',
      'Metadata/plate_1.gcode': slicedGcode(60),
      'Metadata/plate_2.gcode': slicedGcode(120),
    });
    const result = await fixture.printFile({ name: 'two.gcode.3mf', content, jobId: 15, plate: 2 });
    expect(result).toMatchObject({ path: 'two.gcode.3mf', started: true });
    expect(lastRequest('project_file')).toMatchObject({
      param: 'Metadata/plate_2.gcode',
      url: 'ftp:///two.gcode.3mf',
    });
    advance(1000);
    await waitForText('Printing');
    // the second plate's own G-code runs (120 s, not plate 1's 60 s)
    expect(sim.printer.job.file?.content.equals(Buffer.from(slicedGcode(120)))).toBe(true);
    await cancelPrint({ isClearWaited: true });
  });

  it('runs a plain .gcode to its end with gcode_file: done once', async () => {
    events.length = 0;
    sim.printer.files.put('cube.gcode', slicedGcode(300), sim.printer.time);
    await run({ name: 'start_local_file', path: 'cube.gcode' });
    expect(lastRequest('gcode_file')).toMatchObject({ param: '/sdcard/cube.gcode' });
    advance(1000);
    await waitForText('Printing');
    advance(400_000);
    await waitForText('Finished');
    await waitForEvents('job_finished', 1);
    expect(events.map((e) => e.name)).toEqual(['job_started', 'job_finished']);
  });

  it('a print started on the printer’s screen gets its own start, and fails once with the printer’s error', async () => {
    events.length = 0;
    sim.printer.files.put('screen.gcode.3mf', slicedGcode(600), sim.printer.time);
    expect(sim.faults.startOnScreen('screen.gcode.3mf')).toBe(true);
    advance(1000);
    await waitForText('Printing');
    await waitForEvents('job_started', 1);
    sim.faults.failPrint();
    await waitForText('Failed');
    await waitForEvents('job_failed', 1);
    expect(named('job_failed')[0]?.reason).toMatch(/0700_8012/);
    expect(driver.getState().error?.detail).toMatch(/0700_8012/);
    expect(events.map((e) => e.name)).toEqual(['job_started', 'job_failed']);
  });

  it('lists the card’s printable files', async () => {
    const files = (await run({ name: 'list_files' })) as Array<{ path: string }>;
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['benchy.gcode.3mf', 'cube.gcode', 'screen.gcode.3mf']),
    );
  });

  it('refuses a .bgcode before sending anything, and a start while printing', async () => {
    await expectRefusal(
      fixture.printFile({ name: 'part.bgcode', content: Buffer.from('GCDE'), jobId: 12 }),
      'invalid-command',
    );
    expect(sim.printer.files.get('part.bgcode')).toBeUndefined();
    sim.printer.files.put('long.gcode.3mf', project(3600), sim.printer.time);
    await run({ name: 'start_local_file', path: 'long.gcode.3mf' });
    advance(1000);
    await waitForText('Printing');
    await expectRefusal(
      fixture.printFile({ name: 'other.gcode.3mf', content: project(60), jobId: 13 }),
      'not-operational',
    );
    await cancelPrint();
  });

  it('an upload the printer refuses (no SD card: 553) fails with its reason and starts nothing', async () => {
    sim.faults.setSdCard(false);
    const before = sim.requests.length;
    await expectRefusal(
      fixture.printFile({ name: 'nocard.gcode.3mf', content: project(60), jobId: 14 }),
      'busy',
    );
    sim.faults.setSdCard(true);
    expect(sim.requests.slice(before).some((r) => 'print' in r)).toBe(false);
    expect(sim.printer.files.get('nocard.gcode.3mf')).toBeUndefined();
  });

  it('an upload whose connection breaks is tried again; the print starts once, after a whole file', async () => {
    sim.faults.cutUploads(2);
    const before = sim.requests.length;
    const content = project(60);
    await fixture.printFile({ name: 'blip.gcode.3mf', content, jobId: 15 });
    await waitForText('Preparing');
    expect(sim.printer.files.get('blip.gcode.3mf')?.size).toBe(content.length);
    const starts = sim.requests
      .slice(before)
      .filter((r) => (r.print as { command?: unknown } | undefined)?.command === 'project_file');
    expect(starts).toHaveLength(1);
    await cancelPrint();
  });

  it('an upload that breaks on every try fails as unreachable, starts nothing, leaves no file', async () => {
    sim.faults.cutUploads(3);
    const before = sim.requests.length;
    await expectRefusal(
      fixture.printFile({ name: 'nowifi.gcode.3mf', content: project(60), jobId: 16 }),
      'printer-unreachable',
    );
    expect(sim.requests.slice(before).some((r) => 'print' in r)).toBe(false);
    expect(sim.printer.files.get('nowifi.gcode.3mf')).toBeUndefined();
  });

  it('a lost link mid-print is unknown, never failed, and nothing is sent again', async () => {
    events.length = 0;
    await run({ name: 'start_local_file', path: 'long.gcode.3mf' });
    advance(1000);
    await waitForText('Printing');
    const starts = sim.requests.length;
    await fixture.expectLostHostIsUnknown(() => waitForText('Printing'));
    expect(events).toEqual([]);
    // after the reconnect: subscribe + pushall + get_version only, no replayed command
    const again = sim.requests
      .slice(starts)
      .map((r) => (Object.values(r)[0] as { command?: unknown } | undefined)?.command);
    expect(again.filter((c) => c !== 'pushall' && c !== 'get_version')).toEqual([]);
    await cancelPrint();
  });
});

describe('Bambu driver: access code and certificate', () => {
  it('a wrong access code is a clear permission error', async () => {
    const other = startTestDriver(bambuHost(sim, '00000000'));
    try {
      const state = await eventually(
        'refused',
        () => other.getState(),
        (s) => s.error?.code === 'permission-denied',
      );
      expect(state.error?.detail).toMatch(/access code.*printer’s screen/);
    } finally {
      await other.stop();
    }
  });

  it('refuses a certificate that is not the pinned one, and one naming another serial', async () => {
    const pinned = startTestDriver({
      ...bambuHost(sim),
      certificateSha256: 'AA'.repeat(32),
    });
    const wrongSerial = startTestDriver({ ...bambuHost(sim), serial: '01P00A000000000' });
    try {
      const changed = await eventually(
        'certificate changed',
        () => pinned.getState(),
        (s) => s.error?.code === 'permission-denied',
      );
      expect(changed.error?.detail).toMatch(/certificate changed/);
      const mismatch = await eventually(
        'not this printer',
        () => wrongSerial.getState(),
        (s) => s.error?.code === 'permission-denied',
      );
      expect(mismatch.error?.detail).toMatch(/is not printer 01P00A000000000/);
    } finally {
      await pinned.stop();
      await wrongSerial.stop();
    }
  });

  it('pins the certificate on first contact and refuses it after the printer was re-keyed', async () => {
    const rekeyed = await startSim();
    const second = startTestDriver(bambuHost(rekeyed));
    try {
      await eventually(
        'connected',
        () => second.getState().state.text,
        (t) => t === 'Operational',
      );
      rekeyed.faults.rekey();
      const state = await eventually(
        'certificate changed',
        () => second.getState(),
        (s) => s.error?.code === 'permission-denied',
      );
      expect(state.error?.detail).toMatch(/certificate changed/);
      // it stays away: no connection is left open to the re-keyed printer
      await eventually(
        'no client',
        () => rekeyed.connectedMqttClients(),
        (n) => n === 0,
      );
    } finally {
      await second.stop();
      await rekeyed.close();
    }
  });
});
