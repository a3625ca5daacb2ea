/** What other features may use of printers. */
export { AddPrinterChooser } from './components/AddPrinterChooser';
export { PrinterPrintActionsProvider } from './components/print-actions-slot';
