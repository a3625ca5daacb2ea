/** What app/ (routes, layouts) puts beside other features, of files. */
export { UploadGcodesDialog } from './components/UploadGcodesDialog';
