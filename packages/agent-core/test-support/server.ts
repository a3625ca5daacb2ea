import { afterAll, beforeAll, expect } from 'vitest';
import type { PrinterDeviceState } from '@printdeck/shared';
import type { VirtualPrinter } from '@printdeck/simulator';
import { uploadFile } from '@printdeck/server/test-support/files.js';
import {
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '@printdeck/server/test-support/factories.js';
import {
  startTestServer,
  type ApiInit,
  type ApiResponse,
  type TestServer,
  type TestServerOptions,
} from '@printdeck/server/test-support/test-server.js';
import { startAgent, type AgentTuning } from '../src/agent.js';
import type { PrinterHost } from '../src/drivers/create-driver.js';
import { createIdentity } from '../src/connection/identity.js';
import { eventually, slicedGcode, TEST_TUNING, whileAdvancing } from './drivers.js';

/** A job as the workspace's print history lists it. */
export interface PrinterJob {
  id: number;
  outcome: string;
  video_state: string | null;
}

/** The agent's integration tests against the real server: one server, user and workspace. */
export interface ServerFixture {
  readonly t: TestServer;
  /** the workspace's owner, signed in */
  readonly user: BuiltUser;
  readonly workspace: number;
  /** the sliced G-code uploaded to the workspace (with `printSeconds`) */
  readonly fileId: number;
  /** run after the tests, the last added first, before the server closes */
  readonly cleanups: Array<() => Promise<unknown>>;
  /** the API as the workspace's owner */
  api(path: string, init?: ApiInit): Promise<ApiResponse>;
  /** the printer's row in the workspace's devices-states */
  deviceState(printerId: number): Promise<PrinterDeviceState>;
  /** a control action on the printer (`temperature`, `home_head` …) */
  control(printerId: number, action: string, body?: Record<string, unknown>): Promise<ApiResponse>;
  /** uploads a file to the workspace as its owner (201 checked): the file's id */
  uploadGcode(bytes: Buffer, filename: string): Promise<number>;
  /**
   * Starts a workspace file on the printer through the API while the simulated printer runs
   * (201 checked): the answer's body.
   */
  startPrint(
    printer: VirtualPrinter,
    printerId: number,
    start: { fileId: number; makeVideo?: boolean; plate?: number },
  ): Promise<{ printjob_id: number; warnings?: string[] }>;
  /** the printer's jobs, newest first */
  jobsOf(printerId: number): Promise<PrinterJob[]>;
  /** until the printer's derived state (devices-states `printer_state`) is `expected` */
  waitForPrinterState(printerId: number, expected: string): Promise<PrinterDeviceState>;
  /**
   * A new device key, the real agent on it driving `printer` (stopped after the tests), and the
   * workspace's printer added with the key: answers the printer's id.
   */
  connectAgentPrinter(options: {
    name: string;
    printer: PrinterHost;
    localIpAddress: string;
    /** over TEST_TUNING (a short `timelapseIntervalMs`, say) */
    tuning?: Partial<AgentTuning>;
  }): Promise<number>;
}

/**
 * Starts the server, its user and workspace before the file's tests (and uploads a G-code of
 * `printSeconds` when asked), and stops what the tests left, then the server, after them.
 */
export function useServerWithWorkspace(
  options: { server?: TestServerOptions; printSeconds?: number } = {},
): ServerFixture {
  let t: TestServer | undefined;
  let user: BuiltUser | undefined;
  let workspace: number | undefined;
  let fileId: number | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];
  const made = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the fixture has no ${name} yet (or was not asked)`);
    return value;
  };

  beforeAll(async () => {
    t = await startTestServer(options.server);
    user = await buildUser(t);
    workspace = await buildWorkspace(t, user);
    if (options.printSeconds !== undefined) {
      const upload = await uploadFile(t, user.access, workspace, {
        bytes: Buffer.concat([
          slicedGcode(options.printSeconds),
          Buffer.from('; padding the upload\n'.repeat(60)),
        ]),
        filename: 'cube.gcode',
      });
      fileId = upload.body.id as number;
    }
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await t?.close();
  });

  const fixture: ServerFixture = {
    get t() {
      return made(t, 'server');
    },
    get user() {
      return made(user, 'user');
    },
    get workspace() {
      return made(workspace, 'workspace');
    },
    get fileId() {
      return made(fileId, 'file');
    },
    cleanups,
    api: (path, init = {}) => fixture.t.api(path, { token: fixture.user.access, ...init }),
    async deviceState(printerId) {
      const response = await fixture.api(`/api/groups/${fixture.workspace}/devices-states/`);
      expect(response.status).toBe(200);
      return (response.body as PrinterDeviceState[]).find((row) => row.printer_id === printerId)!;
    },
    async uploadGcode(bytes, filename) {
      const upload = await uploadFile(fixture.t, fixture.user.access, fixture.workspace, {
        bytes,
        filename,
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      return upload.body.id as number;
    },
    async startPrint(printer, printerId, { fileId, makeVideo = false, plate }) {
      const started = await whileAdvancing(
        printer,
        fixture.api(`/api/printers/${printerId}/files/`, {
          method: 'POST',
          body: {
            file_id: fileId,
            print: true,
            make_video: makeVideo,
            ...(plate !== undefined ? { plate } : {}),
          },
        }),
        50,
      );
      expect(started.status, started.text).toBe(201);
      return started.body as { printjob_id: number; warnings?: string[] };
    },
    async jobsOf(printerId) {
      const page = await fixture.api(
        `/api/groups/${fixture.workspace}/print-jobs/?printer_id=${printerId}`,
      );
      return page.body.results as PrinterJob[];
    },
    control: (printerId, action, body = {}) =>
      fixture.api(`/api/printers/${printerId}/${action}/`, { method: 'POST', body }),
    waitForPrinterState: (printerId, expected) =>
      eventually(
        `printer ${printerId} ${expected}`,
        () => fixture.deviceState(printerId),
        (row) => row.printer_state === expected,
      ),
    async connectAgentPrinter({ name, printer, localIpAddress, tuning }) {
      const key = (await fixture.api('/api/device_keys/', { method: 'POST' })).body.token as string;
      const agent = startAgent({
        serverUrl: fixture.t.baseUrl,
        deviceKey: key,
        identity: createIdentity(),
        printer,
        tuning: { ...TEST_TUNING, ...tuning },
        localIpAddress,
      });
      cleanups.push(() => agent.stop());
      const added = await fixture.api('/api/printers/', {
        method: 'POST',
        body: { group: fixture.workspace, name, token: key },
      });
      expect(added.status, added.text).toBe(201);
      return added.body.id as number;
    },
  };
  return fixture;
}

/**
 * The controls every printer obeys, seen on the simulator: a nozzle target, homing X and Y, a
 * move of X to 10, typed `commands` that show `message` on its display; and a camera snapshot.
 */
export async function expectBasicControls(
  fixture: ServerFixture,
  printerId: number,
  sim: { printer: VirtualPrinter },
  typed: { commands: string[]; message: string },
): Promise<void> {
  const { control } = fixture;
  expect(
    (await control(printerId, 'temperature', { part: 'tool0', temperature: 210 })).status,
  ).toBe(204);
  sim.printer.advance(4000);
  await eventually(
    'target',
    () => fixture.deviceState(printerId),
    (r) => r.temperature?.tool0?.target === 210,
  );
  expect((await control(printerId, 'home_head', { axes: ['x', 'y'] })).status).toBe(204);
  await eventually(
    'homed',
    () => sim.printer.toolhead.homedAxes,
    (a) => a === 'xy',
  );
  expect((await control(printerId, 'move_head', { x: 10 })).status).toBe(204);
  await eventually(
    'moved',
    () => sim.printer.toolhead.position.x,
    (x) => x === 10,
  );
  expect((await control(printerId, 'send_command', { commands: typed.commands })).status).toBe(204);
  await eventually(
    'message',
    () => sim.printer.displayMessage,
    (m) => m === typed.message,
  );
  const snapshot = await fixture.api(`/api/printers/${printerId}/snapshot/`);
  expect(snapshot.status).toBe(200);
  expect(snapshot.headers.get('content-type')).toBe('image/jpeg');
}
