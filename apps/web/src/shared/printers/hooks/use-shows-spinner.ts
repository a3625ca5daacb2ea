import { shouldShowSpinner } from '@printdeck/shared';
import { getLastDeviceStatesAt } from '../api/get-device-states';
import type { PrinterView } from '../model/printer-view';
import { useIsChangingState } from './changing-state-store';
import { useClock } from './clock';

/**
 * The spinner of a printer's state: while changing state, unknown, or when the last device
 * state this page received is more than 10 s old (checked every 500 ms).
 */
export function useShowsSpinner(view: PrinterView): boolean {
  const isChangingState = useIsChangingState(view.printer.id, view.printerState);
  return useClock((nowMs) => {
    const updatedAt = getLastDeviceStatesAt(view.printer.group_id);
    return shouldShowSpinner({
      printerState: view.printerState,
      isChangingState,
      lastUpdateMs: updatedAt ? updatedAt : null,
      nowMs,
    });
  });
}
