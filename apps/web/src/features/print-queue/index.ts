/** What other features may use of the print queue. */
export { AddToQueueButton } from './components/AddToQueueButton';
export { QueueItemDialogLauncher } from './components/QueueItemDialogLauncher';
