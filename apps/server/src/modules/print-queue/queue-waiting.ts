import {
  derivePrinterState,
  findLoadedFilamentProblem,
  isFilamentWrongFor,
  type FilamentRequirement,
  type FilamentType,
  type LoadedFilament,
  type PrintQueueWaiting,
} from '@printdeck/shared';
import type { LiveDevices } from '../../gateway/live-devices.js';
import type { PrinterSpoolsRepository } from '../spools/printer-spools.repository.js';
import { requirementOf } from './print-queue.presenter.js';
import type { QueueItemView } from './print-queue.repository.js';
import type { PrinterPlatesRepository } from './printer-plates.repository.js';
import type { QueuePrinterVersionsRepository } from './queue-printer-versions.repository.js';

/** An enabled printer in service of the workspace as the wait reasons see it. */
interface QueuePrinter {
  deviceKeyId: number;
  filament: FilamentType | null;
  isPlateClear: boolean;
  /** the spools loaded on it, by tool */
  loaded: LoadedFilament[];
}

interface Summary {
  version: number;
  printers: QueuePrinter[];
}

/** What an item needs of a printer: its file's filament, how much of it, and its requirement. */
interface Need {
  filament_type: FilamentType | null;
  filament_used_g: number | null;
  required: FilamentRequirement | null;
}

/** Workspaces whose summary is kept; the least recently read is dropped beyond this. */
const KEPT_WORKSPACES = 1000;

const fitsType = (printer: QueuePrinter, need: Need) =>
  !isFilamentWrongFor(printer.filament, need.filament_type);

const fits = (printer: QueuePrinter, need: Need) =>
  fitsType(printer, need) &&
  findLoadedFilamentProblem(printer.loaded, need, need.required) === null;

/** Fits but for the item's requirement: the printer would take the file itself. */
const fitsFile = (printer: QueuePrinter, need: Need) =>
  fitsType(printer, need) && findLoadedFilamentProblem(printer.loaded, need) === null;

/**
 * Why each queued item without a printer still waits while dispatch is on: no enabled printer
 * in service takes its filament at all, none has a spool of it loaded (with enough left), none
 * has the material and colour the item requires loaded (`no_required_spool`), none
 * of those is free (ready with a clear plate) right now, or one is free but the staggered start
 * holds automatic starts back (`waiting_power`).
 *
 * The workspace's enabled printers in service, their filament, loaded spools and plates are read
 * once per change, not per request (issue 31): every write that changes them (spool loads and
 * consumption, out of service included) moves the workspace's version in its own transaction (queue-printer-versions.repository.ts), and the summary is kept per version.
 * The version lives in the database, so a change made through another instance is seen too.
 * Whether a printer is free right now comes from the live state on every call: a lookup per
 * printer with a clear plate, no query.
 */
export function createQueueWaiting(deps: {
  versions: QueuePrinterVersionsRepository;
  plates: Pick<PrinterPlatesRepository, 'listQueuePrinters'>;
  loadedSpools: Pick<PrinterSpoolsRepository, 'listLoadedFilament'>;
  live: LiveDevices;
}) {
  const summaries = new Map<number, Summary>();

  async function findSummary(workspaceId: number): Promise<Summary> {
    // the version first: a change committed after this read moves it past what is kept here
    const version = await deps.versions.findVersion(workspaceId);
    const kept = summaries.get(workspaceId);
    summaries.delete(workspaceId); // re-inserted last: the map's order is the reading order
    if (kept?.version === version) {
      summaries.set(workspaceId, kept);
      return kept;
    }
    const rows = await deps.plates.listQueuePrinters(workspaceId);
    const loaded = await deps.loadedSpools.listLoadedFilament(rows.map((row) => row.id));
    const printers = rows.map((row) => ({
      deviceKeyId: row.device_key_id,
      filament: row.filament_type as FilamentType | null,
      isPlateClear: row.plate === 'clear',
      loaded: loaded.get(row.id) ?? [],
    }));
    const summary = { version, printers };
    summaries.set(workspaceId, summary);
    if (summaries.size > KEPT_WORKSPACES) summaries.delete(summaries.keys().next().value!);
    return summary;
  }

  const isReady = (deviceKeyId: number) => {
    const device = deps.live.get(deviceKeyId);
    return (
      derivePrinterState({ isConnected: device.isConnected, state: device.state }).printerState ===
      'READY_TO_PRINT'
    );
  };

  return {
    /** `isStaggerClosed` is asked only when an item has a free printer that takes it. */
    async findWaitingReasons(
      workspaceId: number,
      items: QueueItemView[],
      isStaggerClosed: () => Promise<boolean>,
    ): Promise<Map<number, PrintQueueWaiting>> {
      const reasons = new Map<number, PrintQueueWaiting>();
      const waiting = items.filter(
        (item) => item.state === 'TO_BE_PRINTED' && item.printer_id === null && !item.starting_on,
      );
      if (waiting.length === 0) return reasons;
      const summary = await findSummary(workspaceId);
      const free = summary.printers.filter(
        (printer) => printer.isPlateClear && isReady(printer.deviceKeyId),
      );
      let staggerClosed: Promise<boolean> | undefined;
      // items of one file need the same: the reason is found once per filament and weight
      const byNeed = new Map<string, PrintQueueWaiting | null>();
      const reasonFor = async (need: Need): Promise<PrintQueueWaiting | null> => {
        if (free.some((printer) => fits(printer, need))) {
          staggerClosed ??= isStaggerClosed();
          return (await staggerClosed) ? { code: 'waiting_power', ...pickType(need) } : null;
        }
        const code = summary.printers.some((printer) => fits(printer, need))
          ? 'no_free_printer'
          : need.required !== null && summary.printers.some((printer) => fitsFile(printer, need))
            ? 'no_required_spool'
            : summary.printers.some((printer) => fitsType(printer, need))
              ? need.required === null
                ? 'no_loaded_spool'
                : 'no_required_spool'
              : 'no_compatible_printer';
        return { code, ...pickType(need) };
      };
      for (const item of waiting) {
        const need = {
          filament_type: item.file_filament_type as FilamentType | null,
          filament_used_g: item.file_filament_used_g,
          required: requirementOf(item),
        };
        const key = `${need.filament_type}/${need.filament_used_g}/${item.required_material}/${item.required_color_hex}`;
        if (!byNeed.has(key)) byNeed.set(key, await reasonFor(need));
        const reason = byNeed.get(key);
        if (reason) reasons.set(item.id, reason);
      }
      return reasons;
    },
  };
}

const pickType = (need: Need) => ({ filament_type: need.filament_type, required: need.required });

export type QueueWaiting = ReturnType<typeof createQueueWaiting>;
