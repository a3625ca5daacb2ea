import type { Role } from '@printdeck/shared';
import { expect } from 'vitest';
import {
  addMember,
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from './factories.js';
import { eventually, type FakeAgent } from './fake-agent.js';
import { buildTextGcode, uploadFile, type UploadOptions } from './files.js';
import type { TestServer } from './test-server.js';

/**
 * The farm most server tests start from: a workspace, its admin and members of the roles a test
 * asks for, its G-codes, and printers whose fake agents print what they are sent. Built here once
 * rather than again in every test file (issue 27).
 */
export interface FarmWorld<R extends Role = never> {
  t: TestServer;
  /** the workspace's admin, signed in */
  admin: BuiltUser;
  workspaceId: number;
  /** one signed-in member per role asked for */
  members: Record<R, BuiltUser>;
  /** uploads a G-code as the admin (`buildTextGcode` unless other bytes are given): its id */
  uploadGcode(options?: Partial<UploadOptions>): Promise<number>;
  /**
   * A printer with a fake agent, READY_TO_PRINT in devices-states; its agent answers a print
   * start by starting, unless `answersPrintStarts` is false (the test answers).
   */
  addReadyPrinter(name: string, options?: { answersPrintStarts?: boolean }): Promise<FarmPrinter>;
  /** until the printer's derived state in the workspace's devices-states is `expected` */
  waitForPrinterState(printerId: number, expected: string): Promise<void>;
  /** starts a workspace file on the printer through the API (201 checked): the job's id */
  startPrint(printerId: number, fileId: number): Promise<number>;
  /**
   * A whole print: started through the API, begun `hours` ago when asked (moving the clock would
   * expire the test's sign-ins), ended by the agent with `event` (done by default); answers the
   * job's id once the server recorded the ending.
   */
  printJob(
    printer: Pick<FarmPrinter, 'printerId' | 'agent'>,
    fileId: number,
    options?: { hours?: number; event?: JobEnding },
  ): Promise<number>;
}

export interface FarmPrinter {
  printerId: number;
  agent: FakeAgent;
  /** the printer's device key */
  key: string;
}

export type JobEnding = 'job_finished' | 'job_cancelled' | 'job_failed';

/** A workspace with its admin and a member of each role in `members`. */
export async function buildFarmWorld<R extends Role = never>(
  t: TestServer,
  options: { members?: R[] } = {},
): Promise<FarmWorld<R>> {
  const admin = await buildUser(t);
  const workspaceId = await buildWorkspace(t, admin);
  const members = {} as Record<R, BuiltUser>;
  for (const role of options.members ?? []) {
    members[role] = await buildUser(t);
    await addMember(t, workspaceId, members[role], role);
  }
  return farmWorldOf(t, admin, workspaceId, members);
}

/** The world of a workspace a test built itself (several workspaces of one admin, say). */
export function farmWorldOf<R extends Role = never>(
  t: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  members = {} as Record<R, BuiltUser>,
): FarmWorld<R> {
  const world: FarmWorld<R> = {
    t,
    admin,
    workspaceId,
    members,
    async uploadGcode(options = {}) {
      const upload = await uploadFile(t, admin.access, workspaceId, {
        ...options,
        bytes: options.bytes ?? buildTextGcode(),
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      return upload.body.id as number;
    },
    async addReadyPrinter(name, options = {}) {
      const printer = await buildPrinterWithAgent(t, { token: admin.access, workspaceId, name });
      if (options.answersPrintStarts !== false) {
        printer.agent.answer((request) =>
          request.command.name === 'print_file'
            ? { ok: true, result: { started: true } }
            : undefined,
        );
      }
      await world.waitForPrinterState(printer.printerId, 'READY_TO_PRINT');
      return printer;
    },
    async waitForPrinterState(printerId, expected) {
      await eventually(async () => {
        const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
          token: admin.access,
        });
        const rows = states.body as Array<{ printer_id: number; printer_state: string }>;
        expect(rows.find((row) => row.printer_id === printerId)?.printer_state).toBe(expected);
      });
    },
    async startPrint(printerId, fileId) {
      const started = await t.api(`/api/printers/${printerId}/files/`, {
        method: 'POST',
        token: admin.access,
        body: { file_id: fileId, print: true, make_video: false },
      });
      expect(started.status, started.text).toBe(201);
      return started.body.printjob_id as number;
    },
    async printJob(printer, fileId, options = {}) {
      const jobId = await world.startPrint(printer.printerId, fileId);
      if (options.hours !== undefined) await beganAgo(t, jobId, options.hours);
      const event = options.event ?? 'job_finished';
      printer.agent.send({ type: 'event', name: event, job_id: jobId, data: {} });
      await waitForJobEnded(t, jobId);
      return jobId;
    },
  };
  return world;
}

/** Until the server recorded the job's ending (whichever outcome). */
export async function waitForJobEnded(t: TestServer, jobId: number): Promise<void> {
  await eventually(async () => {
    const row = await t.server.database.db
      .selectFrom('print_jobs')
      .select('ended_on')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row.ended_on).not.toBeNull();
  });
}

async function beganAgo(t: TestServer, jobId: number, hours: number): Promise<void> {
  await t.server.database.db
    .updateTable('print_jobs')
    .set({ started_on: new Date(Date.now() - hours * 3600_000).toISOString() })
    .where('id', '=', jobId)
    .execute();
}
