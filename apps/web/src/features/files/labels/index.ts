/** What other features may use of file-labels. */
export { LabelPicker } from './components/LabelPicker';
export { LabelSidebar } from './components/LabelSidebar';
