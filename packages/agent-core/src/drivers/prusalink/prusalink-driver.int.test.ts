import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualPrusaLink, type VirtualPrusaLink } from '@printdeck/simulator';
import { derivePrinterState } from '@printdeck/shared';
import {
  eventually,
  expectRefusal,
  sha256,
  slicedGcode,
  startDriverFixture,
  startTestDriver,
  type DriverFixture,
} from '../../../test-support/drivers.js';

const PASSWORD = 'Tr7bQ2xZ';
let sim: VirtualPrusaLink;
let fixture: DriverFixture;
let { driver, events, run, printerState, waitForText, named, waitForEvents } = {} as DriverFixture;

/** Simulated time for the print and the firmware's transitions. */
const advance = (ms: number) => sim.printer.advance(ms);

async function startLocalPrint(name: string): Promise<void> {
  sim.printer.files.put(name, slicedGcode(600), sim.printer.time);
  await run({ name: 'start_local_file', path: name });
  advance(1000);
  await waitForText('Printing');
}

/** Cancels the print: PrusaLink reads Stopped until someone confirms on the printer's screen. */
async function cancelPrint(): Promise<void> {
  await run({ name: 'cancel' });
  advance(1000);
  await waitForText('Stopped');
}

/** Someone confirms the message on the printer's screen: it is idle again. */
async function confirmOnScreen(): Promise<void> {
  sim.faults.confirmOnScreen();
  await waitForText('Operational');
}

beforeAll(async () => {
  sim = await startVirtualPrusaLink({
    speed: 0,
    password: PASSWORD,
    tickMs: 10,
    printer: { homingSeconds: 0 },
  });
  fixture = await startDriverFixture(sim, { kind: 'prusalink', url: sim.url, password: PASSWORD });
  ({ driver, events, run, printerState, waitForText, named, waitForEvents } = fixture);
  await waitForText('Operational');
});

afterAll(() => fixture.close());

describe('PrusaLink driver: state', () => {
  it('reads an idle printer over Digest: READY_TO_PRINT, temperatures, no console or camera', () => {
    fixture.expectReady({
      plugins: { camera: false, power_relay: false, led: false },
      job: null,
    });
    expect(driver.kind).toBe('prusalink');
    expect(driver.capabilities).toEqual(expect.arrayContaining(['pause', 'resume', 'cancel']));
    expect(driver.capabilities).not.toContain('send_command');
    expect(driver.capabilities).not.toContain('snapshot');
  });

  it('reads BUSY (menu preheat) as operational but not ready, and back', async () => {
    sim.faults.setBusy('Preheat');
    await waitForText('Busy');
    expect(printerState()).toBe('STATE_UNKNOWN');
    sim.faults.setBusy(null);
    await waitForText('Operational');
  });
});

describe('PrusaLink driver: jobs', () => {
  it('prints a library file (upload with Print-After-Upload), pauses, resumes, cancels: one end', async () => {
    events.length = 0;
    const content = slicedGcode(600);
    const result = await fixture.printFile({ name: 'benchy.gcode', content, jobId: 7 });
    expect(result).toEqual({ path: 'benchy.gcode', started: true });
    expect(sim.printer.files.get('benchy.gcode')?.size).toBe(content.length);
    advance(1000);
    await waitForText('Printing');
    const job = await eventually(
      'job read',
      () => driver.getState().job,
      (j) => j?.path === 'benchy.gcode',
    );
    expect(job).toMatchObject({ file_name: 'benchy.gcode', outcome: 'printing' });
    await waitForEvents('job_started', 1);
    expect(named('job_started')[0]).toMatchObject({ path: 'benchy.gcode' });

    await run({ name: 'pause' });
    advance(1000);
    await waitForText('Paused');
    expect(printerState()).toBe('PAUSED');
    await expectRefusal(run({ name: 'pause' }), 'wrong-state');
    await run({ name: 'resume' });
    advance(1000);
    await waitForText('Printing');

    await cancelPrint();
    await waitForEvents('job_cancelled', 1);
    expect(named('job_cancelled')[0]).toMatchObject({
      path: 'benchy.gcode',
      startedAt: named('job_started')[0]!.startedAt,
    });
    await confirmOnScreen();
    expect(named('job_cancelled')).toHaveLength(1);
    expect(named('job_finished')).toHaveLength(0);
  });

  it('a print that runs to its end is finished once; the next print is a new job', async () => {
    events.length = 0;
    await startLocalPrint('cube.gcode');
    advance(700_000);
    await waitForText('Finished');
    await waitForEvents('job_finished', 1);
    expect(named('job_finished')[0]).toMatchObject({ path: 'cube.gcode' });
    // FINISHED stays until the operator confirms; a new print starts from it (a new job id)
    await startLocalPrint('cube.gcode');
    await waitForEvents('job_started', 2);
    expect(named('job_finished')).toHaveLength(1);
    await cancelPrint();
    await confirmOnScreen();
    expect(named('job_finished')).toHaveLength(1);
    expect(named('job_cancelled')).toHaveLength(1);
  });

  it('a printer error during a job reads ERROR, and the job is failed once back to idle', async () => {
    events.length = 0;
    await startLocalPrint('fail.gcode');
    sim.faults.setError('Heater failure');
    await waitForText('Error');
    expect(printerState()).toBe('ERROR');
    sim.faults.setError(null);
    await confirmOnScreen();
    await waitForEvents('job_failed', 1);
    expect(named('job_failed')[0]).toMatchObject({ path: 'fail.gcode' });
    expect([...named('job_finished'), ...named('job_cancelled')]).toEqual([]);
  });

  it('ATTENTION (filament runout) is paused: resume is refused, stop is allowed', async () => {
    events.length = 0;
    await startLocalPrint('runout.gcode');
    sim.faults.raiseAttention('Filament runout');
    await waitForText('Attention');
    expect(printerState()).toBe('PAUSED');
    expect(driver.getState().error?.detail).toMatch(/attention/);
    await expectRefusal(run({ name: 'resume' }), 'wrong-state');
    await cancelPrint();
    await waitForEvents('job_cancelled', 1);
    await confirmOnScreen();
  });

  it('a printer that is not ready keeps the uploaded file and says why the start failed', async () => {
    sim.faults.setBusy('Preheat');
    await waitForText('Busy');
    const diskPath = join(fixture.downloadDir, 'later.gcode');
    const content = slicedGcode(60);
    await writeFile(diskPath, content);
    try {
      const file = { diskPath, fileName: 'later.gcode', sha256: sha256(content), print: true };
      const message = await expectRefusal(
        driver.storeFile(file, new AbortController().signal),
        'not-operational',
      );
      expect(message).toMatch(/stored later\.gcode.*Can't print right now/);
      expect(sim.printer.files.get('later.gcode')?.size).toBe(content.length);
    } finally {
      await rm(diskPath, { force: true });
      sim.faults.setBusy(null);
    }
    await waitForText('Operational');
  });

  it('a lost link mid-print is unknown, never failed, and nothing is re-sent', async () => {
    await startLocalPrint('long.gcode');
    await fixture.expectLostHostIsUnknown(() => waitForText('Printing'));
    await cancelPrint();
    await confirmOnScreen();
  });
});

describe('PrusaLink driver: authentication', () => {
  it('says clearly that the password is wrong, and refuses commands with permission-denied', async () => {
    const wrong = startTestDriver({ kind: 'prusalink', url: sim.url, password: 'nope' });
    try {
      const state = await eventually(
        'refused',
        () => wrong.getState(),
        (s) => s.error?.code === 'permission-denied',
      );
      expect(state.error?.detail).toMatch(/Settings → Network → PrusaLink/);
      expect(derivePrinterState({ isConnected: true, state }).printerState).toBe(
        'OCTOPRINT_PERMISSION_DENIED',
      );
      await expectRefusal(
        wrong.run({ name: 'pause' }, new AbortController().signal),
        'permission-denied',
      );
    } finally {
      await wrong.stop();
    }
  });

  it('works with the older X-Api-Key, and refuses a wrong key', async () => {
    const keyed = startTestDriver({ kind: 'prusalink', url: sim.url, apiKey: PASSWORD });
    const badKey = startTestDriver({ kind: 'prusalink', url: sim.url, apiKey: 'bad' });
    try {
      await eventually(
        'key accepted',
        () => keyed.getState().state.text,
        (t) => t === 'Operational',
      );
      const refused = await eventually(
        'key refused',
        () => badKey.getState(),
        (s) => s.error?.code === 'permission-denied',
      );
      expect(refused.error?.detail).toMatch(/API key/);
    } finally {
      await keyed.stop();
      await badKey.stop();
    }
  });

  it('renews an expired nonce (stale=true) without calling the password wrong', async () => {
    const shortNonces = await startVirtualPrusaLink({ password: PASSWORD, nonceLifeMs: 1000 });
    const polled = startTestDriver({ kind: 'prusalink', url: shortNonces.url, password: PASSWORD });
    try {
      await eventually(
        'a stale nonce',
        () => shortNonces.staleAnswers(),
        (n) => n >= 2,
        10_000,
      );
      expect(polled.getState().state.text).toBe('Operational');
      expect(polled.getState().error).toBeNull();
    } finally {
      await polled.stop();
      await shortNonces.close();
    }
  });
});
