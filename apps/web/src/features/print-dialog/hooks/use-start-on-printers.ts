import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { reportError } from '../../../lib/error-modal-store';
import { ProductError } from '../../../lib/product-error';
import { invalidatePrintJobs } from '../../../shared/print-jobs/api/get-print-jobs';
import { deviceStatesQueryKey } from '../../../shared/printers/api/get-device-states';
import { printersQueryKey } from '../../../shared/printers/api/get-printers';
import {
  clearChangingState,
  markChangingState,
} from '../../../shared/printers/hooks/changing-state-store';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { waitingStartsQueryKey } from '../../../shared/waiting-starts';
import { startPrint, type StartPrintInput } from '../api/start-print';
import { summarizeStartFailures, type StartOutcome } from '../model/print-start-errors';

type PrintStart = Omit<StartPrintInput, 'printerId'>;

type Settled = PromiseSettledResult<Awaited<ReturnType<typeof startPrint>>>;

function collectFailures(views: PrinterView[], settled: Settled[]): StartOutcome[] {
  return settled.flatMap((result, index) => {
    const view = views[index];
    if (!view || result.status === 'fulfilled') return [];
    clearChangingState(view.printer.id);
    const error: unknown = result.reason;
    return [
      {
        printerName: view.printer.name,
        status: isApiError(error) ? error.status : null,
        message: error instanceof Error ? error.message : String(error),
      },
    ];
  });
}

/** The printers whose answer matches: held by the staggered-start rule, or without a camera. */
function viewsWhere(
  views: PrinterView[],
  settled: Settled[],
  matches: (value: Awaited<ReturnType<typeof startPrint>>) => boolean,
): PrinterView[] {
  return views.filter((_, index) => {
    const result = settled[index];
    return result?.status === 'fulfilled' && matches(result.value);
  });
}

/** One notice per outcome: started, waiting, without a camera, timed out, refused. */
function tellOutcomes(t: TFunction, views: PrinterView[], settled: Settled[]) {
  const failures = collectFailures(views, settled);
  // held by the staggered-start rule: the printer stays as it is until its turn
  const waiting = viewsWhere(views, settled, (value) => 'waiting_start' in value);
  waiting.forEach((view) => clearChangingState(view.printer.id));
  if (waiting.length > 0) {
    notifications.show({
      color: 'grape',
      message: t('waitingStarts.queued', { count: waiting.length }),
    });
  }
  const started = views.length - failures.length - waiting.length;
  if (started > 0) {
    notifications.show({ color: 'green', message: t('printDialog.started', { count: started }) });
  }
  // the agent itself says at the start when it has no camera to film with (issue 30)
  const unfilmed = viewsWhere(
    views,
    settled,
    (value) => 'warnings' in value && value.warnings?.includes('no_camera') === true,
  );
  if (unfilmed.length > 0) {
    notifications.show({
      color: 'yellow',
      message: t('printDialog.noCamera', {
        count: unfilmed.length,
        names: unfilmed.map((view) => view.printer.name).join(', '),
      }),
    });
  }
  const summary = summarizeStartFailures(failures);
  if (summary.hasTimeout) {
    notifications.show({
      color: 'red',
      title: t('printDialog.errorTimeout'),
      message: t('printDialog.errorTimeoutDescription'),
    });
  }
  if (summary.refused.length > 0) {
    const names = summary.refused.map((failure) => failure.printerName).join(', ');
    const messages = [...new Set(summary.refused.map((failure) => failure.message))].join(' ');
    reportError(new ProductError(`${t('printDialog.errorStart')} ${names}`, messages));
  }
}

/**
 * Starts on every printer at once (never one after another); a failure on one printer is told
 * with its name and does not stop the others (spec part 1 §8 "Printing").
 */
export function useStartOnPrinters(workspaceId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (views: PrinterView[], start: PrintStart) => {
    views.forEach((view) => markChangingState(view.printer.id, view.printerState));
    const settled = await Promise.allSettled(
      views.map((view) => startPrint({ printerId: view.printer.id, ...start })),
    );
    tellOutcomes(t, views, settled);
    void queryClient.invalidateQueries({ queryKey: waitingStartsQueryKey(workspaceId) });
    void queryClient.invalidateQueries({ queryKey: deviceStatesQueryKey(workspaceId) });
    // a first print makes Re-print possible on its printer
    void queryClient.invalidateQueries({ queryKey: printersQueryKey(workspaceId) });
    void invalidatePrintJobs(queryClient, workspaceId);
  };
}
