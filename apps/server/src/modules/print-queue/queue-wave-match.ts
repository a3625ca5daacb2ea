import {
  findLoadedFilamentProblem,
  isFilamentWrongFor,
  type FilamentType,
  type LoadedFilament,
} from '@printdeck/shared';
import { requirementOf } from './print-queue.presenter.js';

/** A free printer of a wave, with what its tools hold. */
export interface WavePrinter {
  id: number;
  filament_type: string | null;
  loaded: readonly LoadedFilament[];
}

/** A queued item read for a wave, with its file's filament. */
export interface WaveItem {
  id: number;
  required_material: string | null;
  required_color_hex: string | null;
  file_filament_type: string | null;
  file_filament_used_g: number | null;
}

/** Whether the printer may take the item: the same checks as the print start's. */
export function canPrinterTake(printer: WavePrinter, item: WaveItem): boolean {
  const fileFilament = item.file_filament_type as FilamentType | null;
  if (isFilamentWrongFor(printer.filament_type as FilamentType | null, fileFilament)) return false;
  const file = { filament_type: fileFilament, filament_used_g: item.file_filament_used_g };
  return findLoadedFilamentProblem(printer.loaded, file, requirementOf(item)) === null;
}

/**
 * The wave's spools together, for its one read: each material and colour once, with the most
 * left of any printer (every item one of them may take passes; each printer is checked after).
 */
export function joinWaveSpools(printers: readonly WavePrinter[]): LoadedFilament[] {
  const byKind = new Map<string, LoadedFilament>();
  for (const spool of printers.flatMap((printer) => printer.loaded)) {
    const key = `${spool.material}|${spool.color_hex}`;
    const known = byKind.get(key);
    if (!known || known.remaining_weight_g < spool.remaining_weight_g) byKind.set(key, spool);
  }
  return [...byKind.values()];
}

/**
 * Matches items to printers in memory, in queue order: each item goes to the first printer
 * (in the order they were freed) that may take it and has none yet. An item goes to one
 * printer at most and a printer gets one item at most.
 */
export function matchWaveItems<T extends WaveItem>(
  printers: readonly WavePrinter[],
  items: readonly T[],
): Map<number, T> {
  const matched = new Map<number, T>();
  for (const item of items) {
    const printer = printers.find((free) => !matched.has(free.id) && canPrinterTake(free, item));
    if (printer) matched.set(printer.id, item);
    if (matched.size === printers.length) break;
  }
  return matched;
}
