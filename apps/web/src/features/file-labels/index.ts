/** What other features may use of file-labels. */
export { useFileLabels } from './api/get-file-labels';
export { LabelPicker } from './components/LabelPicker';
export { LabelSidebar } from './components/LabelSidebar';
export type { LabelSelection } from './model/label-selection';
