import type { Printer, PrinterDeviceState, PrinterState } from '@printdeck/shared';
import { buildPrinterView, type PrinterView } from '../src/shared/printers/model/printer-view';

/** Test builders for printers and their live state. */
export function buildPrinter(overrides: Partial<Printer> = {}): Printer {
  return {
    id: 1,
    group_id: 1,
    name: 'Prusa',
    note: '',
    enabled: true,
    device_type: 'octoprint',
    filament_type: null,
    camera_enabled: true,
    camera_rotation: 0,
    jobox_enabled: false,
    instances: [{ id: 1, group_id: 1 }],
    printer_group_ids: [],
    plate_state: null,
    has_printed: true,
    out_of_service: null,
    average_power_w: null,
    ...overrides,
  };
}

export function buildDeviceState(
  printerState: PrinterState,
  overrides: Partial<PrinterDeviceState> = {},
): PrinterDeviceState {
  const isPaired = !['PRINTER_NOT_PAIRED', 'NOT_CONNECTED_TO_PROXY_SERVER'].includes(printerState);
  return {
    printer_id: 1,
    is_connected: printerState !== 'NOT_CONNECTED_TO_PROXY_SERVER',
    updated_at: 0,
    printer_state: printerState,
    download_progress: null,
    state: { error: null, state: null },
    is_paired: isPaired,
    temperature: { tool0: { actual: 210.04, target: 210 }, bed: { actual: 59.96, target: 60 } },
    job: null,
    local_ip_address: '10.0.0.5',
    plugins: { power_relay: false, power_on: null, led: false, spectoda: false, camera: true },
    lights: { led_on: false },
    klipper: null,
    print_job: null,
    ...overrides,
  };
}

export function buildView(
  printerState: PrinterState,
  options: {
    relay?: boolean;
    device?: Partial<PrinterDeviceState>;
    printer?: Partial<Printer>;
  } = {},
): PrinterView {
  const device = buildDeviceState(printerState, options.device);
  const plugins = { ...device.plugins!, power_relay: options.relay ?? false };
  return buildPrinterView(buildPrinter(options.printer), { ...device, plugins });
}
