import { PrinterCamera } from '../../camera';
import { useHasPermission } from '../../workspaces/hooks/use-permission';
import { usePrinterCommands } from '../hooks/use-printer-commands';
import type { PrinterView } from '../model/printer-view';

/**
 * The camera of a printer, with the LED switch for members who operate printers. A device that
 * says it has no camera gets none: no black frame, and nothing asks it for snapshots.
 */
export function PrinterCameraView({ view }: { view: PrinterView }) {
  const canOperate = useHasPermission('OPERATE_PRINTERS');
  const commands = usePrinterCommands();
  const { printer } = view;
  if (view.device?.plugins?.camera === false) return null;
  const light =
    canOperate && view.hasLed && view.isOnline
      ? { isOn: view.isLightOn, toggle: () => commands.setLed(view, !view.isLightOn) }
      : undefined;
  return (
    <PrinterCamera
      printerId={printer.id}
      printerName={printer.name}
      isEnabled={printer.camera_enabled}
      hasCamera={view.hasCamera}
      rotation={printer.camera_rotation}
      isDeviceOnline={view.isOnline}
      isPrinterPaired={view.isPaired}
      isDownloading={view.printerState === 'DOWNLOADING_PRINT_FILE'}
      downloadProgress={view.downloadProgress}
      light={light}
    />
  );
}
