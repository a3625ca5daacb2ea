import type { PrintQueueItem } from '@printdeck/shared';
import type { PrinterView } from '../../printers';

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
  | { code: 'startsSoon'; printer: string };

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
  if (!item.printer.jobox_enabled) return { code: 'joboxOff', printer };
  if (!view?.isOnline) return { code: 'offline', printer };
  if (view.printerState !== 'READY_TO_PRINT') return { code: 'notReady', printer };
  if (view.printer.plate_state !== 'clear') return { code: 'plateNotCleared', printer };
  return { code: 'startsSoon', printer };
}
