/** What other features may use of print-dialog. */
export { PrintButton } from './components/PrintButton';
export { PrintDialogLauncher } from './components/PrintDialogLauncher';
export { PrinterPrintActions } from './components/PrinterPrintActions';
export { AddToQueueDialogProvider } from './components/queue-dialog-slot';
