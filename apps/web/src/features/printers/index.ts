/** What other features may use of printers. */
export { deviceStatesQueryKey } from './api/get-device-states';
export { printersQueryKey } from './api/get-printers';
export { usePrinters } from './api/get-printers';
export { AddPrinterChooser } from './components/AddPrinterChooser';
export { FilamentTypeSelect } from './components/FilamentTypeSelect';
export { PrinterStateBadge } from './components/PrinterStateBadge';
export { clearChangingState, markChangingState } from './hooks/changing-state-store';
export { usePrinterViews } from './hooks/use-printer-views';
export type { PrinterView } from './model/printer-view';
export { PrinterPrintActionsProvider } from './components/print-actions-slot';
