/** What other features may use of upload. */
export { useFileDrop } from './hooks/use-file-drop';
export { LazyUploadDialog } from './components/LazyUploadDialog';
