import { isFilamentWrongFor, type FilamentType, type PrintQueueItem } from '@printdeck/shared';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

/**
 * Why an item set to start by itself has not started yet, and what a person can do about it.
 * Display only: the server decides when it starts; this reads the same facts it does (the
 * printer's jobox, state and plate) so that "Starts by itself" never waits without a word.
 */
export type AutostartWait =
  | { code: 'joboxOff'; printer: string }
  | { code: 'offline'; printer: string }
  | { code: 'notReady'; printer: string }
  | { code: 'plateNotCleared'; printer: string }
  | { code: 'startsSoon'; printer: string }
  | { code: 'wrongFilament'; printer: string; loaded: FilamentType; needed: FilamentType }
  | { code: 'wrongFilamentNoType'; printer: string; loaded: FilamentType };

export function getAutostartWait(
  item: PrintQueueItem,
  view: PrinterView | undefined,
): AutostartWait | null {
  const isWaiting =
    item.jobox_autostart &&
    item.state === 'TO_BE_PRINTED' &&
    !item.is_starting &&
    item.start_problem === null &&
    item.waiting === null;
  if (!isWaiting || !item.printer) return null;
  const printer = item.printer.name;
  const loaded = view?.printer.filament_type ?? null;
  const needed = item.file.filament_type;
  // the server never starts it on this printer (spec part 1 §5 rule 3), whatever else holds
  if (loaded !== null && isFilamentWrongFor(loaded, needed))
    return needed === null
      ? { code: 'wrongFilamentNoType', printer, loaded }
      : { code: 'wrongFilament', printer, loaded, needed };
  if (!item.printer.jobox_enabled) return { code: 'joboxOff', printer };
  if (!view?.isOnline) return { code: 'offline', printer };
  if (view.printerState !== 'READY_TO_PRINT') return { code: 'notReady', printer };
  if (view.printer.plate_state !== 'clear') return { code: 'plateNotCleared', printer };
  return { code: 'startsSoon', printer };
}
