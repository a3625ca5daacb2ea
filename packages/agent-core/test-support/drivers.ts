import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, vi } from 'vitest';
import {
  derivePrinterState,
  DeviceStateSchema,
  SnapshotResultSchema,
  type DeviceCommandError,
} from '@printdeck/shared';
import type { AgentTuning } from '../src/agent.js';
import { createDriver, type PrinterHost } from '../src/drivers/create-driver.js';
import {
  CommandFailed,
  type Driver,
  type DriverCommand,
  type JobEvent,
} from '../src/drivers/driver.js';
import { PrintFiles } from '../src/files/print-file.js';
import { silentLogger } from '../src/log.js';

/** Helpers for the agent's integration tests: they wait on conditions, never on the clock. */

export const FAST_BACKOFF = { initialMs: 20, maxMs: 200 };

/** Tuning for tests: quick retries and timeouts, so that faults show in milliseconds. */
export const TEST_TUNING: Partial<AgentTuning> = {
  serverBackoff: FAST_BACKOFF,
  printerBackoff: FAST_BACKOFF,
  stateIntervalMs: 100,
  printerRequestMs: 2000,
  printerStaleMs: 2000,
  klippyPollMs: 50,
  prusaLinkPollMs: 50,
};

export function startTestDriver(host: PrinterHost, requestMs = 2000): Driver {
  const driver = createDriver(host, {
    log: silentLogger,
    localIpAddress: null,
    tuning: {
      backoff: FAST_BACKOFF,
      requestMs,
      staleMs: 2000,
      klippyPollMs: 50,
      prusaLinkPollMs: 50,
    },
  });
  driver.start();
  return driver;
}

/** What the fixtures need of a simulator (both have it). */
interface HostSimulator {
  close(): Promise<void>;
  faults: { setLinkDown(down: boolean): void };
  printer: { job: { startedAt: number | null } };
}

/**
 * A driver on a simulator, keeping its job events, with a download folder and shorthands for
 * running commands and reading the state; `close` ends all.
 */
export async function startDriverFixture(sim: HostSimulator, host: PrinterHost) {
  const downloadDir = await mkdtemp(join(tmpdir(), 'printdeck-agent-test-'));
  const driver = startTestDriver(host);
  const events: JobEvent[] = [];
  driver.onJobEvent((event) => events.push(event));
  const state = () => DeviceStateSchema.parse(driver.getState());
  const printerState = () => derivePrinterState({ isConnected: true, state: state() }).printerState;
  return {
    driver,
    events,
    downloadDir,
    run: (command: DriverCommand) => driver.run(command, new AbortController().signal),
    state,
    printerState,
    /** Waits until the driver's state text reads `text`. */
    waitForText: (text: string) =>
      eventually(
        `state ${text}`,
        () => driver.getState().state.text,
        (t) => t === text,
      ),
    /** The job events of this name the driver sent so far. */
    named: (name: JobEvent['name']) => events.filter((event) => event.name === name),
    /** Waits until the driver sent `count` job events of this name. */
    waitForEvents: (name: JobEvent['name'], count: number) =>
      eventually(
        `${count} × ${name}`,
        () => events.filter((event) => event.name === name).length,
        (n) => n === count,
      ),
    /**
     * A connected idle printer: ready to print, no error, heaters cold at the simulator's room
     * temperature; `details` are what this kind of printer adds.
     */
    expectReady: (details: Record<string, unknown>, roomTemperature = 21.3) => {
      expect(printerState()).toBe('READY_TO_PRINT');
      const cold = { actual: roomTemperature, target: 0 };
      expect(state()).toMatchObject({
        is_paired: true,
        error: null,
        temperature: { tool0: cold, bed: cold },
        ...details,
      });
    },
    printFile: (file: Omit<PrintedFile, 'dir'>, onDownload?: (percent: number | null) => void) =>
      printDownloadedFile(driver, { ...file, dir: downloadDir }, onDownload),
    /**
     * A download whose SHA-256 does not match is refused: nothing reaches the printer
     * (`isOnPrinter` asks the simulator), no download is left, the printer stays ready.
     */
    expectChecksumRefused: async (
      file: { name: string; jobId: number },
      isOnPrinter: (name: string) => boolean,
    ): Promise<string> => {
      const content = slicedGcode(600);
      const wrong = { ...file, content, sha256: '0'.repeat(64), dir: downloadDir };
      const message = await expectRefusal(printDownloadedFile(driver, wrong), 'checksum-mismatch');
      expect(isOnPrinter(file.name)).toBe(false);
      expect(printerState()).toBe('READY_TO_PRINT');
      expect(await readdir(downloadDir)).toEqual([]);
      return message;
    },
    expectLostHostIsUnknown: (isPrinting: () => Promise<unknown>) =>
      expectLostHostIsUnknown(sim, { driver, events }, isPrinting),
    close: async () => {
      await driver.stop();
      await sim.close();
      await rm(downloadDir, { recursive: true, force: true });
    },
  };
}

export type DriverFixture = Awaited<ReturnType<typeof startDriverFixture>>;

/**
 * Reads `read` until `accept` says yes (vi.waitFor); fails with `what` after `timeoutMs`. The
 * ceiling is the server helpers' (fake-agent.ts): CI runs three integration suites side by side
 * on two cores, and a driver's answer then takes seconds that it takes milliseconds alone.
 */
export function eventually<T>(
  what: string,
  read: () => T | Promise<T>,
  accept: (value: T) => boolean = Boolean,
  timeoutMs = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const last = await read();
      if (!accept(last)) {
        throw new Error(
          `still waiting for ${what}; last seen: ${JSON.stringify(last)?.slice(0, 500)}`,
        );
      }
      return last;
    },
    { timeout: timeoutMs, interval: 15 },
  );
}

/** Moves a simulator's clock on in steps until `promise` settles (a G28, a pause, a restart). */
export async function whileAdvancing<T>(
  printer: { advance(ms: number): void },
  promise: Promise<T>,
  stepMs = 500,
): Promise<T> {
  let isSettled = false;
  const watched = promise.finally(() => (isSettled = true));
  for (let step = 0; !isSettled && step < 2000; step++) {
    printer.advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return watched;
}

/** The command must fail with this code. */
export async function expectRefusal(
  run: Promise<unknown>,
  code: DeviceCommandError,
): Promise<string> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(CommandFailed);
  expect((error as CommandFailed).code).toBe(code);
  return (error as CommandFailed).message;
}

/** A `snapshot` answer holding a JPEG (it starts with FF D8). */
export function expectJpeg(result: unknown): void {
  const snapshot = SnapshotResultSchema.parse(result);
  expect(snapshot.content_type).toBe('image/jpeg');
  const data = Buffer.from(snapshot.data_base64, 'base64');
  expect(data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A small sliced G-code file: its estimate makes a print last `seconds` of simulated time. */
export function slicedGcode(seconds: number): Buffer {
  const moves = Array.from(
    { length: 60 },
    (_, i) => `G1 X${(i % 50) + 10} Y${(i % 40) + 10} E${i / 10}`,
  );
  return Buffer.from([';FLAVOR:Marlin', `;TIME:${seconds}`, 'G28', ...moves, ''].join('\n'));
}

/** `slicedGcode` padded past the server's smallest upload (1000 bytes). */
export function uploadableGcode(seconds: number): Buffer {
  return Buffer.concat([slicedGcode(seconds), Buffer.from('; pad\n'.repeat(200))]);
}

async function sendInPieces(
  res: NodeJS.WritableStream,
  body: Buffer,
  pace: { pieces: number; delayMs: number },
): Promise<void> {
  const size = Math.ceil(body.length / pace.pieces);
  for (let start = 0; start < body.length; start += size) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, pace.delayMs));
    res.write(body.subarray(start, start + size));
  }
  res.end();
}

/** Serves files at `/<name>` on 127.0.0.1, as the server's signed download URLs would. */
export async function startFileServer(
  files: Record<string, Buffer>,
  /** send in this many pieces, this far apart: a slow link */
  pace: { pieces: number; delayMs: number } = { pieces: 1, delayMs: 0 },
) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').split('?')[0]!.slice(1));
    requests.push(name);
    const body = files[name];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
    });
    void sendInPieces(res, body, pace);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name: string) => `http://127.0.0.1:${port}/${encodeURIComponent(name)}?token=signed`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * `print_file` of `content` served as `name`, through a driver, the way the agent runs it; the
 * checksum sent is `sha256` (a wrong one must stop everything).
 */
interface PrintedFile {
  name: string;
  content: Buffer;
  jobId: number;
  dir: string;
  sha256?: string;
  /** the plate of a `.gcode.3mf` */
  plate?: number;
}

async function printDownloadedFile(
  driver: Driver,
  file: PrintedFile,
  onDownload: (percent: number | null) => void = () => undefined,
) {
  const server = await startFileServer({ [file.name]: file.content });
  try {
    return await new PrintFiles({
      driver,
      dir: file.dir,
      serverUrl: server.url(''),
      log: silentLogger,
      onDownload: (_job, percent) => onDownload(percent),
    }).print(
      {
        name: 'print_file',
        url: server.url(file.name),
        file_name: file.name,
        size: file.content.length,
        sha256: file.sha256 ?? sha256(file.content),
        print: true,
        job_id: file.jobId,
        ...(file.plate !== undefined ? { plate: file.plate } : {}),
      },
      new AbortController().signal,
    );
  } finally {
    await server.close();
  }
}

/**
 * The host goes away mid-print and comes back: the state is unknown meanwhile (never failed),
 * commands say printer-unreachable, no job event is made up, and no print is started again.
 */
export async function expectLostHostIsUnknown(
  sim: {
    faults: { setLinkDown(down: boolean): void };
    printer: { job: { startedAt: number | null } };
  },
  { driver, events }: { driver: Driver; events: JobEvent[] },
  isPrinting: () => Promise<unknown>,
): Promise<void> {
  const startedAt = sim.printer.job.startedAt;
  events.length = 0;
  sim.faults.setLinkDown(true);
  const state = await eventually(
    'unreachable',
    () => driver.getState(),
    (s) => s.error?.code === 'printer-unreachable',
  );
  expect(derivePrinterState({ isConnected: true, state }).printerState).toBe('PRINTER_NOT_PAIRED');
  expect(state.state.flags.error).toBe(false);
  expect(state.job).toBeNull();
  await expectRefusal(
    driver.run({ name: 'pause' }, new AbortController().signal),
    'printer-unreachable',
  );
  sim.faults.setLinkDown(false);
  await isPrinting();
  expect(driver.getState().error).toBeNull();
  expect(events).toEqual([]);
  expect(sim.printer.job.startedAt).toBe(startedAt);
}
