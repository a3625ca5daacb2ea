import { derivePrinterState, type PrinterState } from '@printdeck/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import type { PrinterRow, PrintersRepository } from '../printers/printers.repository.js';
import type { PrinterSpoolsRepository } from '../spools/printer-spools.repository.js';
import type { PrintQueueRepository } from './print-queue.repository.js';
import type { PrinterPlatesRepository } from './printer-plates.repository.js';
import type { QueueStagger } from './queue-stagger.js';
import type { ClaimedStart, QueueStarter } from './queue-starter.js';
import { gatherWaves } from './queue-wave-gather.js';
import { createQueueWaveLook, type WavePlan } from './queue-wave-look.js';

/** An item a printer may claim, as the queue's reads give it. */
type Candidate = ClaimedStart['item'] & { printer_id: number | null; added_by_id: number | null };

interface Deps {
  items: PrintQueueRepository;
  plates: PrinterPlatesRepository;
  printers: Pick<
    PrintersRepository,
    'findPrinterById' | 'findPrintersByIds' | 'listWorkspacePrinters'
  >;
  starter: QueueStarter;
  loadedSpools: Pick<PrinterSpoolsRepository, 'listLoadedFilament'>;
  stagger: Pick<QueueStagger, 'takeSlot' | 'takeSlots'>;
  live: LiveDevices;
  clock: Clock;
  /** a claim older than this belongs to a start that never finished */
  staleClaimMs: number;
}

/** Candidates looked at per attempt: enough to skip items another printer takes meanwhile. */
const CANDIDATES_PER_ATTEMPT = 5;
/**
 * Every this many ticks the tick looks at every free printer again, not only those whose
 * workspace's queue changed: it catches what no event announces (a printer's filament edited,
 * a change made while this instance was not the leader).
 */
const FULL_LOOK_EVERY_TICKS = 12;
/**
 * Printers of one kick that look at once: they form one wave, which reads the queue once for
 * all of them (queue-wave-look.ts); more wait for the next wave.
 */
const LOOKS_AT_ONCE = 50;

/** Runs `look` for every id, at most `atOnce` at a time. */
async function lookInTurn(
  ids: number[],
  atOnce: number,
  look: (id: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < ids.length) await look(ids[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, ids.length) }, worker));
}
const INTERRUPTED =
  'The start was interrupted before the printer answered; check the printer, then print again.';

/**
 * Automatic starts: the jobox auto-start (spec part 2 §2.7, ARCHITECTURE §6) and dispatch to
 * the next free compatible printer. A printer takes work when it is READY_TO_PRINT and its
 * plate is known to be clear; the plate and the item are claimed together, so whatever arrives
 * twice (events, ticks, server instances) starts an item at most once.
 */
export function createQueueDispatcher(deps: Deps) {
  const { items, plates, printers, starter, live, clock } = deps;
  const nowIso = () => clock.now().toISOString();
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const lastStates = new Map<number, PrinterState>();
  /** a workspace's queue changes: each change that may enable work moves its version */
  const queueVersions = new Map<number, number>();
  /** printers that found nothing to take, with the version of their queue they looked at */
  const foundNothingAt = new Map<number, number>();
  /**
   * "No item for any printer fits this filament" per workspace and filament, with the queue
   * version it was found at: the other free printers with that filament need not look again.
   */
  const noneForAnyAt = new Map<string, number>();
  let ticks = 0;
  const versionOf = (workspaceId: number) => queueVersions.get(workspaceId) ?? 0;
  let logger: FastifyBaseLogger | null = null;
  let timer: NodeJS.Timeout | null = null;

  const printerStateOf = (deviceKeyId: number): PrinterState => {
    const device = live.get(deviceKeyId);
    return derivePrinterState({ isConnected: device.isConnected, state: device.state })
      .printerState;
  };

  /**
   * Claims the item together with the printer's clear plate, then starts it. The claim is the
   * one guard of exactly once: an item goes to one printer, a plate takes one item.
   */
  async function claimAndStart(
    printer: PrinterRow,
    candidate: Candidate,
  ): Promise<'started' | 'item taken' | 'printer taken'> {
    const isClaimed = await items.claimItem({
      itemId: candidate.id,
      printerId: printer.id,
      startingOn: nowIso(),
      consumePlate: true,
      requireNotHeld: true,
    });
    if (!isClaimed) {
      const [now] = await plates.findPlates([printer.id]);
      return now?.state !== 'clear' ? 'printer taken' : 'item taken';
    }
    const startedBy = candidate.printer_id === null ? 'dispatch' : 'jobox';
    const result = await starter.runClaimedStart({
      workspaceId: printer.workspace_id,
      item: candidate,
      printer,
      userId: candidate.added_by_id,
      startedBy,
      printerIdOnFailure: candidate.printer_id,
      hasConsumedPlate: true,
    });
    logger?.info(
      { itemId: candidate.id, printerId: printer.id, startedBy, ok: result.ok },
      result.ok ? 'print queue item started automatically' : 'automatic queue start failed',
    );
    return 'started';
  }

  const waveLook = createQueueWaveLook({
    items,
    plates,
    printers,
    loadedSpools: deps.loadedSpools,
    stagger: deps.stagger,
    isReady: (deviceKeyId) => printerStateOf(deviceKeyId) === 'READY_TO_PRINT',
  });

  /** One attempt: the first item this printer may take, claimed with its plate, then started. */
  async function startNextOn(printerId: number): Promise<void> {
    const printer = await printers.findPrinterById(printerId);
    if (!printer || printer.enabled !== 1 || printer.out_of_service_reason !== null) return;
    const version = versionOf(printer.workspace_id);
    const settings = await items.findWorkspaceSettings(printer.workspace_id);
    if (settings?.print_queue_enabled !== 1) return;
    if (printerStateOf(printer.device_key_id) !== 'READY_TO_PRINT') return;
    const [plate] = await plates.findPlates([printer.id]);
    if (plate?.state !== 'clear') return;
    const loaded = (await deps.loadedSpools.listLoadedFilament([printer.id])).get(printer.id) ?? [];
    const loadedKey = loaded
      .map((s) => `${s.material}:${s.remaining_weight_g}:${s.color_hex}`)
      .join(',');
    const anyKey = `${printer.workspace_id}|${printer.filament_type ?? ''}|${loadedKey}`;
    const isDispatchUseful =
      settings.queue_dispatch_enabled === 1 && noneForAnyAt.get(anyKey) !== version;
    const candidates = await items.findNextItems({
      workspaceId: printer.workspace_id,
      printerId: printer.id,
      isJoboxPrinter: printer.jobox_enabled === 1,
      printerFilament: printer.filament_type,
      loadedSpools: loaded,
      isDispatching: isDispatchUseful,
      limit: CANDIDATES_PER_ATTEMPT,
    });
    // fewer than asked for and none for any printer: there is none for this filament
    if (
      isDispatchUseful &&
      candidates.length < CANDIDATES_PER_ATTEMPT &&
      candidates.every((candidate) => candidate.printer_id !== null)
    )
      noneForAnyAt.set(anyKey, version);
    foundNothingAt.delete(printer.id);
    // staggered start: without the slot the printer looks again on a later tick
    if (candidates.length > 0 && !(await deps.stagger.takeSlot(printer.workspace_id, settings)))
      return;
    for (const candidate of candidates) {
      const claimed = await claimAndStart(printer, candidate);
      if (claimed === 'started' || claimed === 'printer taken') return;
      // 'item taken': another printer took this item, try the next
    }
    // every candidate went to other printers meanwhile (a wave): look again, there may be more
    if (candidates.length > 0) {
      again.add(printer.id);
      return;
    }
    foundNothingAt.set(printer.id, version);
  }

  /**
   * A wave's part for one printer, after the wave's one look: its matched item claimed and
   * started, or its own look when the wave's read could not decide for it.
   */
  function actOnPlan(plan: WavePlan, versions: Map<number, number>): Map<number, Promise<void>> {
    const turns = new Map<number, Promise<void>>();
    for (const { printer, item } of plan.matched)
      turns.set(
        printer.id,
        claimAndStart(printer, item).then(async (claimed) => {
          if (claimed === 'item taken') await startNextOn(printer.id); // taken outside the wave
        }),
      );
    for (const printerId of plan.alone) turns.set(printerId, startNextOn(printerId));
    for (const { printerId, workspaceId } of plan.nothing)
      foundNothingAt.set(printerId, versions.get(workspaceId) ?? 0);
    return turns;
  }

  const joinWave = gatherWaves(async (printerIds) => {
    const versions = new Map(queueVersions); // a change during the look is looked at again
    for (const printerId of printerIds) foundNothingAt.delete(printerId);
    try {
      return actOnPlan(await waveLook.lookAtWave(printerIds), versions);
    } catch (error) {
      logger?.error({ err: error }, 'print queue wave look failed');
      return new Map();
    }
  });

  /**
   * Looks at one printer, as part of a wave of the printers freed meanwhile; a look asked for
   * while one runs runs again after it, on its own.
   */
  function kickPrinter(printerId: number): Promise<void> {
    const current = running.get(printerId);
    if (current) {
      again.add(printerId);
      return current;
    }
    const run = (async () => {
      try {
        again.delete(printerId);
        await joinWave(printerId);
        while (again.has(printerId)) {
          again.delete(printerId);
          await startNextOn(printerId);
        }
      } catch (error) {
        logger?.error({ err: error, printerId }, 'print queue dispatch failed');
      } finally {
        running.delete(printerId);
      }
    })();
    running.set(printerId, run);
    return run;
  }

  /** The queue changed: every free printer of the workspace looks (the busy ones need not). */
  async function kickWorkspace(workspaceId: number): Promise<void> {
    queueVersions.set(workspaceId, versionOf(workspaceId) + 1);
    const rows = await printers.listWorkspacePrinters(workspaceId);
    const free = rows.filter((row) => printerStateOf(row.device_key_id) === 'READY_TO_PRINT');
    await lookInTurn(
      free.map((row) => row.id),
      LOOKS_AT_ONCE,
      kickPrinter,
    );
  }

  async function kickDevice(deviceKeyId: number): Promise<void> {
    const rows = await plates.findPrintersOfDevice(deviceKeyId);
    await Promise.all(rows.map((row) => kickPrinter(row.id)));
  }

  /** Whatever else put something on the plate: the device started printing or went into error. */
  async function onPrinterState(deviceKeyId: number): Promise<void> {
    const state = printerStateOf(deviceKeyId);
    const previous = lastStates.get(deviceKeyId);
    lastStates.set(deviceKeyId, state);
    if (state === previous) return; // most pushes (a temperature): no time read, no date made
    const seenOn = nowIso(); // a plate cleared after this (a job's end) is not undone below
    if (state === 'READY_TO_PRINT') return kickDevice(deviceKeyId);
    if (state === 'PRINTING' || state === 'ERROR') {
      for (const row of await plates.findPrintersOfDevice(deviceKeyId))
        await plates.takePlateSince(row.id, seenOn, nowIso());
    }
  }

  /** Starts interrupted before an answer stay in the queue, held, with the reason. */
  async function releaseStaleClaims(): Promise<void> {
    const cutoff = new Date(clock.now().getTime() - deps.staleClaimMs).toISOString();
    for (const stale of await items.findStaleClaims(cutoff)) {
      await items.releaseClaim(stale.id, {
        message: INTERRUPTED,
        on: nowIso(),
        isHeld: true,
        printerId: stale.printer_id,
      });
    }
  }

  const logFailure = (what: string) => (error: unknown) =>
    logger?.error({ err: error }, `print queue ${what} failed`);

  return {
    kickPrinter,
    kickWorkspace,
    kickDevice,

    /**
     * The safety net: stale claims, and the free printers whose queue changed since they last
     * found nothing look again (every free printer, every FULL_LOOK_EVERY_TICKS ticks).
     */
    async tick(): Promise<void> {
      await releaseStaleClaims();
      ticks += 1;
      const isFullLook = ticks % FULL_LOOK_EVERY_TICKS === 0;
      if (isFullLook) noneForAnyAt.clear(); // what no event announced: look once more
      const clear = await plates.findClearPrinters();
      const due = clear
        .filter((row) => isFullLook || foundNothingAt.get(row.id) !== versionOf(row.workspace_id))
        .filter((row) => printerStateOf(row.device_key_id) === 'READY_TO_PRINT');
      await lookInTurn(
        due.map((row) => row.id),
        LOOKS_AT_ONCE,
        kickPrinter,
      );
    },

    /** Resolves once no look at any printer is running (tests and benchmarks). */
    async whenIdle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },

    /**
     * A job ended, inside its ending transaction: a jobox printer's plate is clear after a job
     * that finished; after a failed, cancelled or unknown one a person must look first.
     */
    async onJobEnded(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
      if (job.printer_id === null) return;
      const printer = await trx
        .selectFrom('printers')
        .select('jobox_enabled')
        .where('id', '=', job.printer_id)
        .executeTakeFirst();
      if (!printer) return;
      const state = job.outcome === 'done' && printer.jobox_enabled === 1 ? 'clear' : 'in_use';
      await plates.setPlate(job.printer_id, state, job.ended_on ?? nowIso(), trx);
    },

    /**
     * A job started on the printer (from the queue or not): its plate is in use, unless the
     * plate changed since the job started: a print shorter than the start's answer may have
     * ended (and its jobox cleared the plate) before this runs.
     */
    onJobStarted(job: Pick<PrintJobRow, 'printer_id' | 'started_on' | 'ended_on'>): Promise<void> {
      if (job.printer_id === null || job.ended_on !== null) return Promise.resolve();
      return plates
        .takePlateSince(job.printer_id, job.started_on, nowIso())
        .catch(logFailure('plate'));
    },

    onJobEndCommitted(job: PrintJobRow): void {
      if (job.printer_id !== null) kickPrinter(job.printer_id).catch(logFailure('kick'));
    },

    /**
     * Wires the dispatcher to live device states and starts the periodic tick; with several
     * instances only the leader ticks (the claims keep a start single even if two did).
     */
    listen(log: FastifyBaseLogger, tickMs: number, isLeader: () => boolean = () => true): void {
      logger = log;
      const look = (deviceKeyId: number) =>
        void onPrinterState(deviceKeyId).catch(logFailure('state'));
      live.onStateChange(look); // patches
      live.onPresence(look); // snapshots and disconnects
      timer = setInterval(() => {
        if (isLeader()) void this.tick().catch(logFailure('tick'));
      }, tickMs);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
