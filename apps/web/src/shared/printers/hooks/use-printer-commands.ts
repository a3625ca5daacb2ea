import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeErrorResponse, isApiError } from '../../../api/api-error';
import { reportError } from '../../../lib/error-modal-store';
import { controlPrinter, type ControlBody } from '../api/control-printer';
import { deviceStatesQueryKey } from '../api/get-device-states';
import { setPrinterConnection } from '../api/set-connection';
import { setPrinterLed } from '../api/set-led';
import { setPrinterPower } from '../api/set-power';
import type { BackgroundTaskKind } from '../model/background-tasks';
import {
  getControlNotice,
  getLightNotice,
  getRefusalMessage,
  type ControlNotice,
} from '../model/control-errors';
import type { PrinterView } from '../model/printer-view';
import type { ControlAction } from '@printdeck/shared';
import { runBackgroundTask } from './background-task-store';
import { clearChangingState, markChangingState } from './changing-state-store';

/**
 * Commands a person gives a printer. Connect, disconnect, power and emergency stop mark the
 * printer as changing state and run as tracked background tasks (spec part 1 §4).
 */
export function usePrinterCommands() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const notify = (notice: ControlNotice) =>
    notifications.show({ color: 'red', title: t(notice.title), message: t(notice.message) });

  const notifyTaskFailed = (kind: BackgroundTaskKind, view: PrinterView, error: unknown) =>
    notifications.show({
      color: 'red',
      title: t('printers.tasks.failedNotice', {
        task: t(`printers.tasks.${kind}`, { name: view.printer.name }),
      }),
      message: isApiError(error) ? error.message : describeErrorResponse(error),
    });

  /**
   * A refusal (409) is told in the printer's own words and the user stays on the page; 408s
   * become notifications; the rest raise.
   */
  const raise = (error: unknown, notice: ControlNotice | null) => {
    if (notice) return notify(notice);
    const refusal = getRefusalMessage(error);
    if (refusal !== null) {
      return notifications.show({
        color: 'red',
        title: t('printers.errors.refusedTitle'),
        message: refusal,
      });
    }
    reportError(error);
  };

  const refresh = (view: PrinterView) =>
    queryClient.invalidateQueries({ queryKey: deviceStatesQueryKey(view.printer.group_id) });

  const track = async (view: PrinterView, kind: BackgroundTaskKind, run: () => Promise<void>) => {
    markChangingState(view.printer.id, view.printerState);
    try {
      await runBackgroundTask({ kind, printerName: view.printer.name }, run);
    } catch (error) {
      clearChangingState(view.printer.id);
      // the task list shows the failure; a notification tells it to whoever looks elsewhere
      const notice = getControlNotice(error);
      if (notice) notify(notice);
      else notifyTaskFailed(kind, view, error);
    } finally {
      void refresh(view);
    }
  };

  const printerId = (view: PrinterView) => view.printer.id;
  return {
    connect: (view: PrinterView) =>
      track(view, 'connect', () =>
        setPrinterConnection({ printerId: printerId(view), isConnected: true }),
      ),
    disconnect: (view: PrinterView) =>
      track(view, 'disconnect', () =>
        setPrinterConnection({ printerId: printerId(view), isConnected: false }),
      ),
    setPower: (view: PrinterView, isOn: boolean) =>
      track(view, isOn ? 'powerOn' : 'powerOff', () =>
        setPrinterPower({ printerId: printerId(view), isOn }),
      ),
    emergencyStop: (view: PrinterView) =>
      track(view, 'emergencyStop', () =>
        controlPrinter({ printerId: printerId(view), action: 'emergency_stop', body: {} }),
      ),

    /** A control action; resolves true when the printer took it. */
    control: async <A extends ControlAction>(
      view: PrinterView,
      action: A,
      body: ControlBody<A>,
    ): Promise<boolean> => {
      try {
        await controlPrinter({ printerId: printerId(view), action, body });
        void refresh(view);
        return true;
      } catch (error) {
        raise(error, getControlNotice(error));
        return false;
      }
    },

    setLed: async (view: PrinterView, isOn: boolean): Promise<void> => {
      try {
        await setPrinterLed({ printerId: printerId(view), isOn });
        void refresh(view);
      } catch (error) {
        raise(error, getLightNotice(error));
      }
    },

    /** Any other call of the printer screens, with the same error handling as the controls. */
    handleError: (error: unknown) => raise(error, getControlNotice(error)),
  };
}

export type PrinterCommands = ReturnType<typeof usePrinterCommands>;
