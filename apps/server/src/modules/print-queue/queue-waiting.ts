import {
  derivePrinterState,
  isFilamentWrongFor,
  type FilamentType,
  type PrintQueueWaiting,
} from '@printdeck/shared';
import type { LiveDevices } from '../../gateway/live-devices.js';
import type { QueueItemView } from './print-queue.repository.js';
import type { PrinterPlatesRepository } from './printer-plates.repository.js';
import type { QueuePrinterVersionsRepository } from './queue-printer-versions.repository.js';

/** An enabled printer of the workspace as the wait reasons see it. */
interface QueuePrinter {
  deviceKeyId: number;
  filament: FilamentType | null;
  isPlateClear: boolean;
}

interface Summary {
  version: number;
  printers: QueuePrinter[];
  /** the filaments of the enabled printers, each once */
  enabledFilaments: Array<FilamentType | null>;
}

/** Workspaces whose summary is kept; the least recently read is dropped beyond this. */
const KEPT_WORKSPACES = 1000;

const fits = (printer: FilamentType | null, file: FilamentType | null) =>
  !isFilamentWrongFor(printer, file);

/**
 * Why each queued item without a printer still waits while dispatch is on: no enabled printer
 * takes its filament at all, or none of those is free (ready with a clear plate) right now.
 *
 * The workspace's enabled printers, their filament and plates are read once per change, not per
 * request (issue 31): every write that changes them moves the workspace's version in its own
 * transaction (queue-printer-versions.repository.ts), and the summary is kept per version.
 * The version lives in the database, so a change made through another instance is seen too.
 * Whether a printer is free right now comes from the live state on every call: a lookup per
 * printer with a clear plate, no query.
 */
export function createQueueWaiting(deps: {
  versions: QueuePrinterVersionsRepository;
  plates: Pick<PrinterPlatesRepository, 'listQueuePrinters'>;
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
    const printers = rows.map((row) => ({
      deviceKeyId: row.device_key_id,
      filament: row.filament_type as FilamentType | null,
      isPlateClear: row.plate === 'clear',
    }));
    const summary = {
      version,
      printers,
      enabledFilaments: [...new Set(printers.map((printer) => printer.filament))],
    };
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
    async findWaitingReasons(
      workspaceId: number,
      items: QueueItemView[],
    ): Promise<Map<number, PrintQueueWaiting>> {
      const reasons = new Map<number, PrintQueueWaiting>();
      const waiting = items.filter(
        (item) => item.state === 'TO_BE_PRINTED' && item.printer_id === null && !item.starting_on,
      );
      if (waiting.length === 0) return reasons;
      const summary = await findSummary(workspaceId);
      const freeFilaments = [
        ...new Set(
          summary.printers
            .filter((printer) => printer.isPlateClear && isReady(printer.deviceKeyId))
            .map((printer) => printer.filament),
        ),
      ];
      const byFilament = new Map<FilamentType | null, PrintQueueWaiting | null>();
      const reasonFor = (filament: FilamentType | null): PrintQueueWaiting | null => {
        if (freeFilaments.some((printer) => fits(printer, filament))) return null;
        const isCompatible = summary.enabledFilaments.some((printer) => fits(printer, filament));
        return {
          code: isCompatible ? 'no_free_printer' : 'no_compatible_printer',
          filament_type: filament,
        };
      };
      for (const item of waiting) {
        const filament = item.file_filament_type as FilamentType | null;
        if (!byFilament.has(filament)) byFilament.set(filament, reasonFor(filament));
        const reason = byFilament.get(filament);
        if (reason) reasons.set(item.id, reason);
      }
      return reasons;
    },
  };
}

export type QueueWaiting = ReturnType<typeof createQueueWaiting>;
