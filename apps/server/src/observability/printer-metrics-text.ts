import { derivePrinterState, PRINTER_STATES, type DeviceState } from '@printdeck/shared';

export interface PrinterFigures {
  id: number;
  workspace_id: number;
  isConnected: boolean;
  state: DeviceState | null;
}

const SENSORS = ['tool0', 'bed'] as const;

function family(name: string, type: string, help: string, lines: string[]): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${lines.join('')}`;
}

/** Prometheus' number spelling (Go's strconv): Infinity and NaN have their own words. */
function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/**
 * The per-printer families in the text exposition format, written directly: prom-client's
 * label hashing costs ~1 s a scrape at 5,000 printers, this ~20 ms. The labels are numeric
 * ids and the fixed state names, so nothing needs escaping.
 */
export function renderPrinterFamilies(printers: PrinterFigures[]): string {
  const states: string[] = [];
  const temperatures: string[] = [];
  const progress: string[] = [];
  const totals = new Map<string, number>(PRINTER_STATES.map((state) => [state, 0]));
  for (const printer of printers) {
    const ids = `workspace_id="${printer.workspace_id}",printer_id="${printer.id}"`;
    const { printerState } = derivePrinterState(printer);
    states.push(`printdeck_printer_state{${ids},state="${printerState}"} 1\n`);
    totals.set(printerState, (totals.get(printerState) ?? 0) + 1);
    const reported = printer.state;
    if (!reported) continue;
    for (const sensor of SENSORS) {
      const reading = reported.temperature[sensor];
      for (const kind of ['actual', 'target'] as const) {
        const value = reading?.[kind];
        if (value == null) continue;
        temperatures.push(
          `printdeck_printer_temperature_celsius{${ids},sensor="${sensor}",kind="${kind}"} ${formatValue(value)}\n`,
        );
      }
    }
    const completion = reported.job?.completion;
    if (completion != null) {
      progress.push(`printdeck_printer_progress_percent{${ids}} ${formatValue(completion)}\n`);
    }
  }
  const totalLines = [...totals].map(([state, n]) => `printdeck_printers{state="${state}"} ${n}\n`);
  return [
    family('printdeck_printers', 'gauge', 'Printers by state, all workspaces', totalLines),
    family(
      'printdeck_printer_state',
      'gauge',
      'One per printer: 1 for the state the printer is in (spec part 1 §4)',
      states,
    ),
    family(
      'printdeck_printer_temperature_celsius',
      'gauge',
      'Printer temperatures as last reported, actual and target',
      temperatures,
    ),
    family(
      'printdeck_printer_progress_percent',
      'gauge',
      'Completion of the running print, 0-100',
      progress,
    ),
  ].join('\n');
}
