import { describe, expect, it } from 'vitest';
import { SimulatedClock } from '../clock.js';
import type { JobEvent, PrinterOptions } from './printer.js';
import { VirtualPrinter } from './printer.js';
import { printNow } from '../../test-support/clients.js';

function makePrinter(options: PrinterOptions = {}) {
  const printer = new VirtualPrinter({ clock: new SimulatedClock({ speed: 0 }), ...options });
  const events: JobEvent['kind'][] = [];
  printer.events.on('job', (event) => events.push(event.kind));
  return { printer, events };
}

/** Resolves to "pending" when the promise has not settled by the next macrotask. */
async function state(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  const marker = Symbol('pending');
  const result = await Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<symbol>((resolve) => setImmediate(() => resolve(marker))),
  ]);
  return result === marker ? 'pending' : (result as 'resolved' | 'rejected');
}

const TEN_MINUTES = ';TIME:600\n;Filament used: 2m\nG28\nG1 X1\n';

describe('VirtualPrinter jobs', () => {
  it('prints a file to completion in its estimated time, sped up by the clock', () => {
    const { printer, events } = makePrinter();
    expect(printNow(printer, 'cube.gcode', TEN_MINUTES)).toBe(true);
    printer.advance(300_000);
    expect(printer.job).toMatchObject({
      status: 'printing',
      progress: expect.closeTo(0.5),
      filamentUsedMm: expect.closeTo(1000),
    });
    printer.advance(300_001);
    expect(printer.job).toMatchObject({ status: 'complete', progress: 1 });
    expect(printer.job.file?.prints).toMatchObject({ success: 1, failure: 0 });
    expect(events).toEqual(['started', 'done']);
  });

  it('runs faster with M220', async () => {
    const { printer } = makePrinter();
    await printer.execute('M220 S200');
    printNow(printer, 'cube.gcode', TEN_MINUTES);
    printer.advance(150_000);
    expect(printer.job.progress).toBeCloseTo(0.5);
  });

  it('heats up first and leaves the heat-up out of the print time', () => {
    const { printer } = makePrinter();
    printNow(printer, 'hot.gcode', ';TIME:100\nM140 S60\nM104 S200\n');
    printer.advance(5_000);
    expect(printer.job).toMatchObject({ phase: 'heating', position: 0 });
    expect(printer.extruder.target).toBe(200);
    printer.advance(60_000);
    expect(printer.job.phase).toBe('running');
    expect(printer.job.printSeconds).toBeLessThan(printer.job.totalSeconds - 10);
  });

  it('pauses without progress and resumes where it stopped', () => {
    const { printer, events } = makePrinter({ transitions: { pausing: 0.5, resuming: 0.2 } });
    printNow(printer, 'cube.gcode', TEN_MINUTES);
    printer.advance(60_000);
    expect(printer.jobs.pause()).toBe(true);
    expect(printer.job.phase).toBe('pausing');
    printer.advance(1_000);
    expect(printer.job.status).toBe('paused');
    const position = printer.job.position;
    printer.advance(120_000);
    expect(printer.job.position).toBe(position);
    expect(printer.job.printSeconds).toBeCloseTo(60, 0);
    expect(printer.job.totalSeconds).toBeGreaterThan(180);
    expect(printer.jobs.resume()).toBe(true);
    printer.advance(10_000);
    expect(printer.job.status).toBe('printing');
    expect(printer.job.position).toBeGreaterThan(position);
    expect(events).toEqual(['started', 'paused', 'resumed']);
  });

  it('cancels: the job ends cancelled, heaters and motors off', async () => {
    const { printer, events } = makePrinter();
    await printer.execute('M104 S200');
    printNow(printer, 'cube.gcode', TEN_MINUTES);
    printer.advance(10_000);
    expect(printer.jobs.cancel()).toBe(true);
    expect(printer.job.status).toBe('cancelled');
    expect(printer.extruder.target).toBe(0);
    expect(printer.toolhead.homedAxes).toBe('');
    expect(printer.jobs.cancel()).toBe(false);
    expect(events).toEqual(['started', 'cancelled']);
  });

  it('refuses a second start and a start without a file', () => {
    const { printer } = makePrinter();
    expect(printer.jobs.start()).toBe(false);
    printer.files.put('cube.gcode', Buffer.from(TEN_MINUTES), 0);
    expect(printer.jobs.select('missing.gcode')).toBeNull();
    printer.jobs.select('cube.gcode');
    printer.jobs.start();
    expect(printer.jobs.start()).toBe(false);
    expect(printer.jobs.select('cube.gcode')).toBeNull();
  });

  it('fails the job when the printer loses power, and cools down', () => {
    const { printer, events } = makePrinter();
    printNow(printer, 'cube.gcode', TEN_MINUTES);
    printer.extruder.setTarget(200);
    printer.advance(60_000);
    printer.setPower(false);
    expect(printer.job.status).toBe('error');
    expect(printer.extruder.target).toBe(0);
    expect(printer.isReachable).toBe(false);
    expect(events).toEqual(['started', 'failed']);
  });
});

describe('VirtualPrinter G-code', () => {
  it('with timed moves, G1 lasts distance ÷ feed rate and G4 its dwell, on the simulated clock', async () => {
    const { printer } = makePrinter({ timedMoves: true, homingSeconds: 0 });
    await printer.execute('G28');
    const moving = printer.execute('G1 X100 F6000'); // 100 mm at 100 mm/s: 1 s
    expect(await state(moving)).toBe('pending');
    printer.advance(900);
    expect(await state(moving)).toBe('pending');
    printer.advance(200);
    expect(await state(moving)).toBe('resolved');
    const dwell = printer.execute('G4 P500');
    expect(await state(dwell)).toBe('pending');
    printer.advance(400);
    expect(await state(dwell)).toBe('pending');
    printer.advance(200);
    expect(await state(dwell)).toBe('resolved');
    // without timed moves (the default) a move is instant
    const { printer: instant } = makePrinter({ homingSeconds: 0 });
    await instant.execute('G28');
    expect(await state(instant.execute('G1 X100 F6000'))).toBe('resolved');
  });

  it('blocks M109 until the hotend is within 1 °C', async () => {
    const { printer } = makePrinter();
    const heating = printer.execute('M109 S200');
    expect(await state(heating)).toBe('pending');
    printer.advance(10_000);
    expect(await state(heating)).toBe('pending');
    printer.advance(10_000);
    expect(await state(heating)).toBe('resolved');
  });

  it('runs scripts one after the other behind one mutex', async () => {
    const { printer } = makePrinter({ homingSeconds: 3 });
    const homing = printer.execute('G28');
    const move = printer.execute('G1 X10');
    expect(await state(move)).toBe('pending');
    printer.advance(3_000);
    await homing;
    await move;
    expect(printer.toolhead.position.x).toBe(10);
  });

  it('answers temperatures, fan and lights', async () => {
    const { printer } = makePrinter();
    const lines: string[] = [];
    printer.events.on('response', (line) => lines.push(line));
    await printer.execute('M106 S127.5\nM150 R255 U0 B0\nM105\nFOO');
    expect(printer.fanSpeed).toBeCloseTo(0.5);
    expect(printer.lights).toMatchObject({ red: 1, green: 0, blue: 0 });
    expect(lines[0]).toMatch(/^ok T:21\.30 \/0\.00 B:21\.30/);
    expect(lines[1]).toBe('echo:Unknown command: "FOO"');
  });

  it('refuses everything but reports the reason when unreachable', async () => {
    const { printer } = makePrinter();
    printer.setCableConnected(false);
    await expect(printer.execute('G28')).rejects.toThrow('Printer is not reachable');
  });

  it('halts on M112 and tells the host', async () => {
    const { printer } = makePrinter();
    const halts: string[] = [];
    printer.events.on('halt', (reason) => halts.push(reason));
    await printer.execute('M104 S200\nM112');
    expect(halts).toEqual(['M112']);
    expect(printer.extruder.target).toBe(0);
  });

  it('freezes progress and commands while silent', async () => {
    const { printer } = makePrinter();
    printNow(printer, 'cube.gcode', TEN_MINUTES);
    printer.isSilent = true;
    printer.advance(60_000);
    expect(printer.job.position).toBe(0);
    const command = printer.execute('M106');
    expect(await state(command)).toBe('pending');
    printer.isSilent = false;
    printer.advance(1);
    expect(await state(command)).toBe('resolved');
  });

  it('keeps a bounded temperature history sampled on simulated time', () => {
    const { printer } = makePrinter({ historySampleSeconds: 2, historySize: 10 });
    printer.advance(60_000);
    const samples = printer.history.all();
    expect(samples).toHaveLength(10);
    expect((samples[1]?.time ?? 0) - (samples[0]?.time ?? 0)).toBe(2000);
  });
});
