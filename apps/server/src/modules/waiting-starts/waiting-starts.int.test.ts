import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/fake-agent.js';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import {
  addQueuePrinter,
  startQueueServer,
  uploadGcode,
  type QueuePrinter,
} from '../../../test-support/print-queue.js';
import { TestClock } from '../../../test-support/test-clock.js';
import type { TestServer } from '../../../test-support/test-server.js';

/**
 * Issue 26, staggered start for manual and bulk starts: a bulk print is one start request per
 * printer; those the workspace's rule (printers heating at once) does not allow now answer 202
 * and wait, and the background-jobs runner starts them in order as printers finish heating. A
 * waiting start can be cancelled; one whose printer does not answer is never sent again. Real
 * server and database, fake agents that start prints as a printer does.
 */
let t: TestServer;
let admin: BuiltUser;
const clock = new TestClock();

beforeAll(async () => {
  ({ t, admin } = await startQueueServer({ startTimeoutMs: 1500, clock }));
});
afterAll(() => t.close());

/** The nozzle's reading: below the target by more than the margin counts as heating up. */
const nozzle = (printer: QueuePrinter, actual: number) =>
  printer.agent.send({
    type: 'state',
    kind: 'patch',
    state: { temperature: { tool0: { actual, target: 215 }, bed: { actual: 60, target: 60 } } },
  });

async function farm(maxHeating: number, count: number) {
  const workspaceId = await buildWorkspace(t, admin);
  const patched = await t.api(`/api/users/me/groups/${workspaceId}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { settings: { stagger_max_heating: maxHeating } },
  });
  expect(patched.status).toBe(200);
  const printers: QueuePrinter[] = [];
  for (let index = 0; index < count; index++) {
    const printer = await addQueuePrinter(t, admin, workspaceId, { name: `MK4 ${index}` });
    // cold, with its targets set: once it prints, it heats up until the test warms it
    nozzle(printer, 25);
    printers.push(printer);
  }
  const file = await uploadGcode(t, admin, workspaceId, 'bracket.gcode', 'PETG');
  return { workspaceId, printers, file };
}

const start = (printerId: number, file: number, key?: string) =>
  t.api(`/api/printers/${printerId}/files/`, {
    method: 'POST',
    token: admin.access,
    body: { file_id: file, print: true, make_video: false },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

async function listWaiting(workspaceId: number) {
  const response = await t.api(`/api/groups/${workspaceId}/waiting-starts/`, {
    token: admin.access,
  });
  expect(response.status).toBe(200);
  return response.body as Array<{
    id: number;
    printer_id: number;
    state: string;
    place: number | null;
    error: string | null;
    file_name: string;
  }>;
}

const startedCount = (printers: QueuePrinter[]) =>
  printers.filter((printer) => printer.printed().length > 0).length;

describe('staggered start of a bulk print', () => {
  it('starts 2 of 5 at once, the others as the first finish heating; a waiting one is cancelled', async () => {
    const { workspaceId, printers, file } = await farm(2, 5);
    const answers = await Promise.all(
      printers.map((printer, index) => start(printer.id, file, `bulk-${workspaceId}-${index}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 202, 202, 202]);
    expect(startedCount(printers)).toBe(2);
    const waitingAnswers = answers.filter((answer) => answer.status === 202);
    for (const answer of waitingAnswers)
      expect(answer.body.waiting_start).toMatchObject({
        state: 'waiting',
        file_name: 'bracket.gcode',
      });

    // the same request again (a browser retry) records nothing twice: the same waiting start
    const againIndex = answers.findIndex((answer) => answer.status === 202);
    const again = await start(printers[againIndex]!.id, file, `bulk-${workspaceId}-${againIndex}`);
    expect(again.status).toBe(202);
    expect(again.body.waiting_start.id).toBe(answers[againIndex]!.body.waiting_start.id);
    // a second start on a printer that already waits: refused, nothing written
    const second = await start(printers[againIndex]!.id, file);
    expect(second.status).toBe(409);

    const waiting = await listWaiting(workspaceId);
    expect(waiting.map((row) => [row.state, row.place])).toEqual([
      ['waiting', 1],
      ['waiting', 2],
      ['waiting', 3],
    ]);

    // cancel the last one: gone, never started; cancelling twice is a conflict
    const cancelled = waiting[2]!;
    const cancel = () =>
      t.api(`/api/groups/${workspaceId}/waiting-starts/${cancelled.id}/`, {
        method: 'DELETE',
        token: admin.access,
      });
    expect((await cancel()).status).toBe(204);
    expect((await cancel()).status).toBe(409);
    expect((await listWaiting(workspaceId)).map((row) => row.id)).toEqual([
      waiting[0]!.id,
      waiting[1]!.id,
    ]);

    // the first printer reaches its temperature: the first waiting start goes, and only it
    const [firstStarted, secondStarted] = printers.filter((p) => p.printed().length > 0) as [
      QueuePrinter,
      QueuePrinter,
    ];
    nozzle(firstStarted, 214);
    const next = printers.find((printer) => printer.id === waiting[0]!.printer_id)!;
    await eventually(async () => expect(next.printed()).toHaveLength(1), 30_000);
    await eventually(async () =>
      expect((await listWaiting(workspaceId)).map((row) => [row.id, row.place])).toEqual([
        [waiting[1]!.id, 1],
      ]),
    );
    expect(startedCount(printers)).toBe(3);

    nozzle(secondStarted, 214);
    const last = printers.find((printer) => printer.id === waiting[1]!.printer_id)!;
    // the runner looks again every 5 s besides the heating change: a loaded PostgreSQL run needs more than 5 s
    await eventually(async () => expect(last.printed()).toHaveLength(1), 30_000);
    await eventually(async () => expect(await listWaiting(workspaceId)).toEqual([]), 30_000);
    const never = printers.find((printer) => printer.id === cancelled.printer_id)!;
    expect(never.printed()).toEqual([]);
    expect(startedCount(printers)).toBe(4);
  });

  it('a waiting start whose printer does not answer fails once and is never sent again', async () => {
    const { workspaceId, printers, file } = await farm(1, 2);
    const [busy, quiet] = printers as [QueuePrinter, QueuePrinter];
    expect((await start(busy.id, file)).status).toBe(201);
    let sent = 0;
    quiet.agent.answer((request) => {
      if (request.command.name === 'print_file') sent += 1;
      return undefined; // the link is lost: no answer
    });
    const waiting = await start(quiet.id, file);
    expect(waiting.status).toBe(202);

    nozzle(busy, 214);
    await eventually(async () => {
      const [row] = await listWaiting(workspaceId);
      expect(row).toMatchObject({ state: 'failed', place: null });
      expect(row!.error).toContain('too long');
    });
    expect(sent).toBe(1);
    // later looks (a printer cooling again, time passing) send nothing more
    nozzle(busy, 25);
    nozzle(busy, 214);
    clock.advance(60);
    await t.server.services.jobs.drainOnce();
    expect(sent).toBe(1);
    const jobs = await t.server.database.db
      .selectFrom('print_jobs')
      .select('outcome')
      .where('printer_id', '=', quiet.id)
      .execute();
    expect(jobs).toEqual([{ outcome: 'unknown' }]);
  });
});
