import {
  derivePrinterState,
  type PrintStart,
  type PrintStartResponse,
  type WaitingStart,
} from '@printdeck/shared';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { AppError, notFound } from '../../http/app-error.js';
import { WaitUntil, defineJobKind } from '../../jobs/job-kind.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import type { PrintJobsService } from '../print-jobs/print-jobs.service.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import { isHeatingUp, type QueueStagger } from '../print-queue/queue-stagger.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { WaitingStartsRepository } from './waiting-starts.repository.js';

export const WAITING_START_JOB = 'print.waiting-start';
const waitingStartKey = (id: number) => `waiting-start:${id}`;
/** A waiting start looks again this often even when no printer is seen cooling down. */
const LOOK_AGAIN_MS = 5_000;
const ALREADY_WAITING = 'A start is already waiting on this printer; cancel it first.';
const INTERRUPTED =
  'The start was interrupted before the printer answered; check the printer, then print again.';

export type StartAnswer =
  | { status: 201; body: PrintStartResponse }
  | { status: 202; body: { waiting_start: WaitingStart } };

type Executor = Db | Transaction<Database>;
type Row = NonNullable<Awaited<ReturnType<WaitingStartsRepository['find']>>>;

/**
 * Staggered start for manual and bulk starts (issue 26). A person's start is checked as always
 * (a wrong printer or file is refused at once); then, in one transaction that holds the
 * workspace's start decisions, it either goes now (written `starting`, so that the next request
 * counts it heating) or is written `waiting` with a background job that starts it when fewer
 * printers heat than the workspace allows and the seconds between starts have passed, in the
 * order asked. The job claims the start (`waiting` → `starting`) before it sends anything:
 * a start is handed to its printer at most once, and one whose answer was lost is never sent
 * again by itself. An HTTP retry with the same Idempotency-Key gets the first answer (202 and
 * the same waiting start), so a re-sent request records nothing twice.
 */
export function createWaitingStarts(deps: {
  db: Db;
  repository: WaitingStartsRepository;
  stagger: Pick<QueueStagger, 'countHeating'>;
  printJobs: Pick<PrintJobsService, 'checkStart' | 'startPrint'>;
  getPrinterForUser: GetPrinterForUser;
  workspaces: Pick<WorkspacesService, 'requireWorkspacePermission'>;
  jobs: JobsRepository;
  wakeJobs: () => void;
  live: LiveDevices;
  clock: Clock;
  /** a start handed over longer ago than this never answered */
  handOverMs: number;
}) {
  const { db, repository, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function readRules(workspaceId: number, executor: Executor = db) {
    return executor
      .selectFrom('workspaces')
      .select(['stagger_max_heating', 'stagger_interval_s', 'last_auto_start_on'])
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
  }

  /** How many more printers may start heating now, and whether the seconds between starts passed. */
  async function isAllowedNow(
    executor: Executor,
    workspaceId: number,
    rules: Awaited<ReturnType<typeof readRules>>,
  ): Promise<{ allowed: number; isSlotOpen: boolean }> {
    const max = rules.stagger_max_heating;
    const allowed =
      max === null ? Infinity : max - (await deps.stagger.countHeating(workspaceId, executor));
    const interval = rules.stagger_interval_s;
    const cutoff =
      interval === null ? null : new Date(clock.now().getTime() - interval * 1000).toISOString();
    const isSlotOpen =
      cutoff === null || !rules.last_auto_start_on || rules.last_auto_start_on <= cutoff;
    return { allowed, isSlotOpen };
  }

  async function takeSlot(executor: Executor, workspaceId: number) {
    await executor
      .updateTable('workspaces')
      .set({ last_auto_start_on: nowIso() })
      .where('id', '=', workspaceId)
      .execute();
  }

  async function present(id: number): Promise<WaitingStart> {
    const row = await repository.find(id);
    if (!row) throw notFound('No such waiting start.');
    const order = await repository.firstWaiting(db, row.workspace_id, 1000);
    return toWaitingStart(row, order);
  }

  /** Sends a start this process claimed (`starting`); records how it went, never re-sends. */
  async function send(row: Row, isWaited: boolean): Promise<PrintStartResponse> {
    try {
      const started = await deps.printJobs.startPrint(row.user_id, row.printer_id, {
        file_id: row.file_id,
        print: true,
        make_video: row.make_video === 1,
        ...(row.plate !== null ? { plate: row.plate } : {}),
      });
      await repository.move(db, row.id, 'starting', {
        state: 'started',
        on: nowIso(),
        printJobId: started.printjob_id,
      });
      return started;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // a start sent at once answered its person, who saw why: only a waited one stays shown
      if (isWaited)
        await repository.move(db, row.id, 'starting', {
          state: 'failed',
          on: nowIso(),
          error: message,
        });
      else await repository.remove(row.id);
      throw error;
    }
  }

  /** The job of one waiting start: its turn (in order, within the rule), or look again later. */
  async function runWaiting(id: number): Promise<void> {
    const row = await repository.find(id);
    if (!row || row.state !== 'waiting') return; // cancelled, or claimed before: never again
    await repository.failStale(
      new Date(clock.now().getTime() - deps.handOverMs).toISOString(),
      nowIso(),
      INTERRUPTED,
    );
    const isClaimed = await db.transaction().execute(async (trx) => {
      await repository.lockWorkspace(trx, row.workspace_id);
      const rules = await readRules(row.workspace_id, trx);
      const { allowed, isSlotOpen } = await isAllowedNow(trx, row.workspace_id, rules);
      if (!isSlotOpen) return false;
      const turn = await repository.firstWaiting(trx, row.workspace_id, Math.min(allowed, 1000));
      if (!turn.includes(id)) return false;
      if (rules.stagger_interval_s !== null) await takeSlot(trx, row.workspace_id);
      return repository.move(trx, id, 'waiting', { state: 'starting', on: nowIso() });
    });
    if (!isClaimed) {
      if ((await repository.find(id))?.state !== 'waiting') return;
      throw new WaitUntil(new Date(clock.now().getTime() + LOOK_AGAIN_MS));
    }
    await send(row, true).catch(() => undefined); // the failure is on the row, shown on the card
  }

  const jobKind = defineJobKind({
    name: WAITING_START_JOB,
    payload: z.object({ id: z.number().int() }),
    // one attempt: a start is never sent twice; a worker that died leaves it `starting`,
    // failed as interrupted by the next look
    policy: {
      leaseMs: deps.handOverMs,
      maxAttempts: 1,
      backoffMs: LOOK_AGAIN_MS,
      maxBackoffMs: LOOK_AGAIN_MS,
      concurrency: 4,
    },
    keyOf: (payload) => waitingStartKey(payload.id),
    handle: (payload) => runWaiting(payload.id),
  });

  /** Looks at the workspace's waiting starts now (a printer stopped heating). */
  async function hurryWorkspace(workspaceId: number): Promise<void> {
    let isHurried = false;
    for (const id of await repository.waitingIds(workspaceId))
      isHurried = (await deps.jobs.hurry(waitingStartKey(id), nowIso())) || isHurried;
    if (isHurried) deps.wakeJobs();
  }

  /** devices seen heating up, and devices seen printing: a change of either may free a turn */
  const wasHeating = new Set<number>();
  const wasPrinting = new Set<number>();
  /**
   * A printer stopped heating, or a start handed over is now seen printing (it no longer counts
   * as being handed a start): the workspace's waiting starts look now. Only these transitions
   * read the database, not every temperature patch.
   */
  async function onDeviceState(deviceKeyId: number): Promise<void> {
    const device = deps.live.get(deviceKeyId);
    const isHeating = isHeatingUp(device);
    const isPrinting = derivePrinterState(device).printerState === 'PRINTING';
    const hasCooled = !isHeating && wasHeating.has(deviceKeyId);
    const hasBegun = isPrinting && !wasPrinting.has(deviceKeyId);
    const hasEnded = !isPrinting && wasPrinting.has(deviceKeyId);
    if (isHeating) wasHeating.add(deviceKeyId);
    else wasHeating.delete(deviceKeyId);
    if (isPrinting) wasPrinting.add(deviceKeyId);
    else wasPrinting.delete(deviceKeyId);
    if (!hasCooled && !hasBegun && !hasEnded) return;
    const printers = await db
      .selectFrom('printers')
      .select('workspace_id')
      .distinct()
      .where('device_key_id', '=', deviceKeyId)
      .execute();
    for (const printer of printers) await hurryWorkspace(printer.workspace_id);
  }

  return {
    jobKind,

    /** POST /printers/{id}/files/: starts now (201) or records a waiting start (202). */
    async startOrWait(userId: number, printerId: number, input: PrintStart): Promise<StartAnswer> {
      const { printer } = await deps.printJobs.checkStart(userId, printerId, input);
      const rules = await readRules(printer.workspace_id);
      if (rules.stagger_max_heating === null && rules.stagger_interval_s === null)
        return { status: 201, body: await deps.printJobs.startPrint(userId, printerId, input) };
      const decided = await db.transaction().execute(async (trx) => {
        await repository.lockWorkspace(trx, printer.workspace_id);
        if (await repository.hasOpen(trx, printer.id))
          throw new AppError('conflict', ALREADY_WAITING);
        const locked = await readRules(printer.workspace_id, trx);
        const { allowed, isSlotOpen } = await isAllowedNow(trx, printer.workspace_id, locked);
        const isBehindOthers =
          (await repository.firstWaiting(trx, printer.workspace_id, 1)).length > 0;
        const isNow = allowed > 0 && isSlotOpen && !isBehindOthers;
        if (isNow && locked.stagger_interval_s !== null) await takeSlot(trx, printer.workspace_id);
        const on = nowIso();
        const id = await repository.insert(trx, {
          workspace_id: printer.workspace_id,
          printer_id: printer.id,
          file_id: input.file_id,
          user_id: userId,
          make_video: input.make_video ? 1 : 0,
          plate: input.plate ?? null,
          state: isNow ? 'starting' : 'waiting',
          requested_on: on,
          handed_on: isNow ? on : null,
        });
        if (!isNow)
          await deps.jobs.enqueue(trx, {
            kind: WAITING_START_JOB,
            key: waitingStartKey(id),
            payload: { id },
            runAfter: new Date(clock.now().getTime() + LOOK_AGAIN_MS).toISOString(),
            nowIso: on,
          });
        return { id, isNow };
      });
      if (!decided.isNow)
        return { status: 202, body: { waiting_start: await present(decided.id) } };
      const row = await repository.find(decided.id);
      return { status: 201, body: await send(row!, false) };
    },

    /** GET /groups/{g}/waiting-starts/: open starts and those failed in the last hour. */
    async list(userId: number, workspaceId: number): Promise<WaitingStart[]> {
      await deps.workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const rows = await repository.listShown(workspaceId, clock.now());
      const order = rows.filter((row) => row.state === 'waiting').map((row) => row.id);
      return rows.map((row) => toWaitingStart(row, order));
    },

    /** DELETE /groups/{g}/waiting-starts/{id}/: only while it waits; 409 once it is being sent. */
    async cancel(userId: number, workspaceId: number, id: number): Promise<void> {
      const row = await repository.find(id);
      if (!row || row.workspace_id !== workspaceId) throw notFound('No such waiting start.');
      await deps.getPrinterForUser(userId, row.printer_id, 'OPERATE_PRINTERS');
      const isCancelled = await repository.move(db, id, 'waiting', {
        state: 'cancelled',
        on: nowIso(),
      });
      if (!isCancelled)
        throw new AppError('conflict', 'This start is no longer waiting; it cannot be cancelled.');
      await deps.jobs.remove(db, waitingStartKey(id));
    },

    /** Wires the look-again-now to the devices' states (a printer done heating). */
    listen(): void {
      deps.live.onStateChange(
        (deviceKeyId) => void onDeviceState(deviceKeyId).catch(() => undefined),
      );
      deps.live.onPresence((deviceKeyId) => void onDeviceState(deviceKeyId).catch(() => undefined));
    },
  };
}

function toWaitingStart(row: Row, waitingOrder: number[]): WaitingStart {
  const place = waitingOrder.indexOf(row.id);
  return {
    id: row.id,
    printer_id: row.printer_id,
    file_id: row.file_id,
    file_name: row.file_name,
    state: row.state === 'waiting' || row.state === 'starting' ? row.state : 'failed',
    requested_on: row.requested_on,
    place: row.state === 'waiting' && place >= 0 ? place + 1 : null,
    error: row.error,
  };
}

export type WaitingStarts = ReturnType<typeof createWaitingStarts>;
