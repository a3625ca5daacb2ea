import { createContext, useContext, type ComponentType } from 'react';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

export type PrinterPrintActionsComponent = ComponentType<{ view: PrinterView }>;

/**
 * The card's Re-print and Print buttons belong to the print dialog, which itself lists the
 * printers; the app fills this slot so that the two features do not import each other.
 */
const PrinterPrintActionsSlot = createContext<PrinterPrintActionsComponent | null>(null);

export const PrinterPrintActionsProvider = PrinterPrintActionsSlot.Provider;

export function usePrinterPrintActions(): PrinterPrintActionsComponent | null {
  return useContext(PrinterPrintActionsSlot);
}
