import type { PrinterRow, PrintersRepository } from '../printers/printers.repository.js';
import type { PrinterSpoolsRepository } from '../spools/printer-spools.repository.js';
import type { PrintQueueRepository } from './print-queue.repository.js';
import type { PrinterPlatesRepository } from './printer-plates.repository.js';
import type { QueueStagger } from './queue-stagger.js';
import { joinWaveSpools, matchWaveItems, type WavePrinter } from './queue-wave-match.js';

type WaveItemRow = Awaited<ReturnType<PrintQueueRepository['findWaveItems']>>[number];

/** What a wave's one look found for each of its printers. */
export interface WavePlan {
  /** printers with the item each may claim */
  matched: { printer: PrinterRow; item: WaveItemRow }[];
  /** printers that look on their own (jobox auto-start, or more items than the read held) */
  alone: number[];
  /** printers for which the queue holds nothing now, per workspace */
  nothing: { printerId: number; workspaceId: number }[];
}

/** Items read per printer of a wave: enough that a few taken meanwhile leave one for each. */
const ITEMS_PER_PRINTER = 5;

/**
 * The look of a wave of freed printers (issue 26): fifty printers freed at once read their
 * printers, plates, spools and candidate items once per workspace instead of fifty times, and
 * are matched to items in memory; the claims (each item to one printer) stay per printer.
 */
export function createQueueWaveLook(deps: {
  items: Pick<
    PrintQueueRepository,
    'findWorkspaceSettings' | 'findWaveItems' | 'findPrintersWithOwnItems'
  >;
  plates: Pick<PrinterPlatesRepository, 'findPlates'>;
  printers: Pick<PrintersRepository, 'findPrintersByIds'>;
  loadedSpools: Pick<PrinterSpoolsRepository, 'listLoadedFilament'>;
  stagger: Pick<QueueStagger, 'takeSlots'>;
  isReady: (deviceKeyId: number) => boolean;
}) {
  const { items, plates, printers, loadedSpools, stagger } = deps;

  /** The free printers of one workspace: read together, matched together. */
  async function lookInWorkspace(
    workspaceId: number,
    free: PrinterRow[],
    plan: WavePlan,
  ): Promise<void> {
    const settings = await items.findWorkspaceSettings(workspaceId);
    if (settings?.print_queue_enabled !== 1) return;
    // a jobox printer's own auto-start items may come first: one with any looks on its own
    const withOwn = await items.findPrintersWithOwnItems(
      free.filter((printer) => printer.jobox_enabled === 1).map((printer) => printer.id),
    );
    const dispatching = free.filter((printer) => !withOwn.has(printer.id));
    plan.alone.push(...withOwn);
    if (settings.queue_dispatch_enabled !== 1 || dispatching.length === 0) return;
    const loaded = await loadedSpools.listLoadedFilament(dispatching.map((p) => p.id));
    const wave: WavePrinter[] = dispatching.map((printer) => ({
      id: printer.id,
      filament_type: printer.filament_type,
      loaded: loaded.get(printer.id) ?? [],
    }));
    const types = new Set(dispatching.map((printer) => printer.filament_type));
    const limit = ITEMS_PER_PRINTER * dispatching.length;
    const found = await items.findWaveItems({
      workspaceId,
      printerFilament: types.size === 1 ? [...types][0]! : null,
      spools: joinWaveSpools(wave),
      isBareAllowed: wave.some((printer) => printer.loaded.length === 0),
      limit,
    });
    const matched = matchWaveItems(wave, found);
    // fewer read than asked for: every fitting item was read, an unmatched printer has none
    const isEverythingRead = found.length < limit;
    const slots =
      matched.size === 0 ? 0 : await stagger.takeSlots(workspaceId, settings, matched.size);
    let started = 0;
    for (const printer of dispatching) {
      const item = matched.get(printer.id);
      if (item && started < slots) {
        plan.matched.push({ printer, item });
        started += 1;
      } else if (!item && isEverythingRead)
        plan.nothing.push({ printerId: printer.id, workspaceId });
      else if (!item) plan.alone.push(printer.id);
      // a matched printer without a start slot looks again on a later tick
    }
  }

  return {
    async lookAtWave(printerIds: number[]): Promise<WavePlan> {
      const plan: WavePlan = { matched: [], alone: [], nothing: [] };
      const rows = await printers.findPrintersByIds(printerIds);
      const inService = rows.filter(
        (row) =>
          row.enabled === 1 &&
          row.out_of_service_reason === null &&
          deps.isReady(row.device_key_id),
      );
      const clear = new Set(
        (await plates.findPlates(inService.map((row) => row.id)))
          .filter((plate) => plate.state === 'clear')
          .map((plate) => plate.printer_id),
      );
      const byWorkspace = new Map<number, PrinterRow[]>();
      for (const row of inService.filter((printer) => clear.has(printer.id)))
        byWorkspace.set(row.workspace_id, [...(byWorkspace.get(row.workspace_id) ?? []), row]);
      for (const [workspaceId, free] of byWorkspace) await lookInWorkspace(workspaceId, free, plan);
      return plan;
    },
  };
}
