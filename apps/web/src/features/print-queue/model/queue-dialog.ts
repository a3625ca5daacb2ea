import type { Printer } from '@printdeck/shared';

/** Spec part 2 §2.7: the item dialog's states. */
export type DialogStage = 'loading' | 'opened' | 'saving' | 'saved';

export function getDialogStage(input: {
  isLoading: boolean;
  isSaving: boolean;
  isSaved: boolean;
}): DialogStage {
  if (input.isSaved) return 'saved';
  if (input.isSaving) return 'saving';
  if (input.isLoading) return 'loading';
  return 'opened';
}

/**
 * Only enabled printers are offered (spec part 2 §5); a printer the item already has stays in
 * the list even when it was disabled since, so the dialog shows what is true.
 */
export function queuePrinterChoices(printers: readonly Printer[], currentId: number | null) {
  return printers.filter((printer) => printer.enabled || printer.id === currentId);
}
