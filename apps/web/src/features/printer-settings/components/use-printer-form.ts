import { useState } from 'react';
import { useParams } from 'react-router';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import {
  EMPTY_PRINTER_FORM,
  hasErrors,
  validatePrinterForm,
  type PrinterFormErrors,
  type PrinterFormMode,
  type PrinterFormValues,
} from '../model/printer-form';

/** The workspace of the route's groupId, when it is the current one. */
function useRouteWorkspaceId(): number | null {
  const { groupId } = useParams();
  const workspace = useCurrentWorkspace();
  return /^\d+$/.test(groupId ?? '') && Number(groupId) === workspace.id ? workspace.id : null;
}

/** Values, validation shown after the first submit, and the workspace's jobox setting. */
export function usePrinterForm(
  mode: PrinterFormMode,
  initial: PrinterFormValues = EMPTY_PRINTER_FORM,
) {
  const workspace = useCurrentWorkspace();
  const workspaceId = useRouteWorkspaceId();
  const [values, setValues] = useState(initial);
  const [isSubmitted, setSubmitted] = useState(false);
  const errors: PrinterFormErrors = isSubmitted
    ? validatePrinterForm(values, mode, workspaceId)
    : {};

  return {
    values,
    errors,
    workspaceId,
    isJoboxAvailable: workspace.settings.print_queue_enabled,
    change: (patch: Partial<PrinterFormValues>) => setValues((now) => ({ ...now, ...patch })),
    reset: setValues,
    /** true when the values may be sent */
    submit: () => {
      setSubmitted(true);
      return !hasErrors(validatePrinterForm(values, mode, workspaceId));
    },
  };
}
