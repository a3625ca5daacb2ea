import { createContext, useContext, type ComponentType } from 'react';

export type AddToQueueDialogComponent = ComponentType<{
  gcodeId: number;
  printerId: number | null;
  onClose: () => void;
}>;

/**
 * "Add to queue" hands the file and the chosen printer to the print queue's item dialog; the
 * app fills this slot so that the two features do not import each other.
 */
const AddToQueueDialogSlot = createContext<AddToQueueDialogComponent | null>(null);

export const AddToQueueDialogProvider = AddToQueueDialogSlot.Provider;

export function useAddToQueueDialog(): AddToQueueDialogComponent | null {
  return useContext(AddToQueueDialogSlot);
}
