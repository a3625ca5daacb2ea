/** What app/ (routes, layouts) puts beside other features, of print-dialog. */
export { PrintButton } from './components/PrintButton';
export { PrintDialogLauncher } from './components/PrintDialogLauncher';
export { PrinterPrintActions } from './components/PrinterPrintActions';
export { AddToQueueDialogProvider } from './components/queue-dialog-slot';
