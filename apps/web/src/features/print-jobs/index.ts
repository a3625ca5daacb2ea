/** What other features may use of print-jobs. */
export { getLatestPrintJob, invalidatePrintJobs } from './api/get-print-jobs';
export { PrintJobHistory } from './components/PrintJobHistory';
export { decideReprint } from './model/print-job-display';
export { ExportPrintLogButton } from './components/ExportPrintLogButton';
