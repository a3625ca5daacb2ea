/** What app/ (routes, layouts) puts beside other features, of the print queue. */
export { AddToQueueButton } from './components/AddToQueueButton';
export { QueueItemDialogLauncher } from './components/QueueItemDialogLauncher';
export { getPrintQueueQueryOptions } from './api/get-print-queue';
