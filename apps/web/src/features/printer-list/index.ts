/** What other features may use of printers. */
export { PrinterPrintActionsProvider } from './components/print-actions-slot';
