import { derivePrinterState, roleHasPermission } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { PrintQueueStarter } from '../../db/schema.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { AppError } from '../../http/app-error.js';
import type { PrintJobsService } from '../print-jobs/print-jobs.service.js';
import { requirementOf } from './print-queue.presenter.js';
import type { PrintQueueRepository } from './print-queue.repository.js';
import type { PrinterPlatesRepository } from './printer-plates.repository.js';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository.js';

interface Deps {
  items: PrintQueueRepository;
  plates: PrinterPlatesRepository;
  printJobs: Pick<PrintJobsService, 'startPrint'>;
  live: LiveDevices;
  workspaces: Pick<WorkspacesRepository, 'findMembershipRole'>;
  clock: Clock;
}

export interface ClaimedStart {
  workspaceId: number;
  item: {
    id: number;
    file_id: number;
    make_video: number;
    required_material: string | null;
    required_color_hex: string | null;
  };
  printer: { id: number; device_key_id: number };
  /** who the print is started as: the person pressing Print, or the member who added the item */
  userId: number | null;
  startedBy: PrintQueueStarter;
  /** the item's printer if the start does not happen (null for a dispatched item) */
  printerIdOnFailure: number | null;
  /** an automatic start took the printer's clear plate */
  hasConsumedPlate: boolean;
}

export type StartResult = { ok: true; jobId: number } | { ok: false; error: unknown };

const MEMBER_GONE = 'The member who added this item may no longer print in this workspace.';

/**
 * Runs a start that was claimed: through the one print start (signed link, never re-sent),
 * then records the job on the item, or leaves the item queued with the reason.
 */
export function createQueueStarter({ items, plates, printJobs, live, workspaces, clock }: Deps) {
  const nowIso = () => clock.now().toISOString();

  function isPrinterReady(deviceKeyId: number): boolean {
    const device = live.get(deviceKeyId);
    return (
      derivePrinterState({ isConnected: device.isConnected, state: device.state }).printerState ===
      'READY_TO_PRINT'
    );
  }

  async function recordFailure(start: ClaimedStart, error: unknown): Promise<void> {
    const isTimeout = error instanceof AppError && error.code === 'request_timeout';
    // A timed-out start may have printed, and a device that refused while ready did so for a
    // reason of its own: the item is held and the printer keeps its plate taken until a person
    // looks. A printer that stopped being ready meanwhile gets its plate back, the item stays.
    const isPrinterTrouble =
      isTimeout || (start.startedBy !== 'manual' && isPrinterReady(start.printer.device_key_id));
    await items.releaseClaim(start.item.id, {
      message: error instanceof Error ? error.message : String(error),
      on: nowIso(),
      isHeld: isPrinterTrouble,
      printerId: start.printerIdOnFailure,
    });
    if (start.hasConsumedPlate && !isPrinterTrouble)
      await plates.returnPlate(start.printer.id, nowIso());
  }

  /** An automatic start acts for the member who added the item, as long as they may print. */
  async function mayStillPrint(start: ClaimedStart): Promise<boolean> {
    if (start.userId === null) return false;
    const membership = await workspaces.findMembershipRole(start.userId, start.workspaceId);
    return membership !== undefined && roleHasPermission(membership.role, 'OPERATE_PRINTERS');
  }

  return {
    async runClaimedStart(start: ClaimedStart): Promise<StartResult> {
      try {
        if (start.startedBy !== 'manual' && !(await mayStillPrint(start))) {
          // nothing reached the printer: the item waits for a person, the plate stays free
          const error = new AppError('forbidden', MEMBER_GONE);
          await items.releaseClaim(start.item.id, {
            message: MEMBER_GONE,
            on: nowIso(),
            isHeld: true,
            printerId: start.printerIdOnFailure,
          });
          if (start.hasConsumedPlate) await plates.returnPlate(start.printer.id, nowIso());
          return { ok: false, error };
        }
        const { printjob_id } = await printJobs.startPrint(
          start.userId!,
          start.printer.id,
          { file_id: start.item.file_id, print: true, make_video: start.item.make_video === 1 },
          { required: requirementOf(start.item) },
        );
        await items.markPrinted(start.item.id, {
          printJobId: printjob_id,
          printerId: start.printer.id,
          printedOn: nowIso(),
          startedBy: start.startedBy,
        });
        return { ok: true, jobId: printjob_id };
      } catch (error) {
        await recordFailure(start, error);
        return { ok: false, error };
      }
    },
  };
}

export type QueueStarter = ReturnType<typeof createQueueStarter>;
