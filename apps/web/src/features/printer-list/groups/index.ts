/** What other features may use of printer-groups. */
export { useDropPrinter } from './api/drop-printer';
export { usePrinterGroups } from './api/get-printer-groups';
export { PrinterGroupDialog } from './components/PrinterGroupDialog';
export { PrinterGroupSection } from './components/PrinterGroupSection';
export { buildPrinterSections, getDropAction } from './model/printer-sections';
export type { PrinterSection, SectionId } from './model/printer-sections';
