import type { PrinterView } from '../../../shared/printers/model/printer-view';
import type { PrintTarget } from './print-validation';

/** What the print rules look at of a printer: its state, its filament and its kind. */
export const toPrintTarget = (view: PrinterView): PrintTarget => ({
  printerState: view.printerState,
  filamentType: view.printer.filament_type,
  deviceType: view.printer.device_type,
});
