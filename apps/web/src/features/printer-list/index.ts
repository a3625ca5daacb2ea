/** What app/ (routes, layouts) puts beside other features, of the printer list. */
export { PrinterPrintActionsProvider } from './components/print-actions-slot';
export { getPrinterGroupsQueryOptions } from './groups/api/get-printer-groups';
