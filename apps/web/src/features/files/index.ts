/** What other features may use of files. */
export { UploadGcodesDialog } from './components/UploadGcodesDialog';
