/** What other features may use of print-jobs. */
export { PrintJobHistory } from './components/PrintJobHistory';
export { ExportPrintLogButton } from './components/ExportPrintLogButton';
