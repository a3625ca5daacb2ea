import { derivePrinterState, PRINTER_STATES, type DeviceState } from '@printdeck/shared';

export interface PrinterFigures {
  id: number;
  workspace_id: number;
  isConnected: boolean;
  state: DeviceState | null;
}

/** One printer's lines of each family, kept while its live state is the same object. */
interface PrinterLines {
  workspaceId: number;
  isConnected: boolean;
  state: DeviceState | null;
  printerState: string;
  stateLine: string;
  temperatureLines: string;
  progressLine: string;
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

function renderPrinterLines(printer: PrinterFigures): PrinterLines {
  const ids = `workspace_id="${printer.workspace_id}",printer_id="${printer.id}"`;
  const { printerState } = derivePrinterState(printer);
  let temperatureLines = '';
  let progressLine = '';
  const reported = printer.state;
  if (reported) {
    for (const sensor of SENSORS) {
      const reading = reported.temperature[sensor];
      for (const kind of ['actual', 'target'] as const) {
        const value = reading?.[kind];
        if (value == null) continue;
        temperatureLines += `printdeck_printer_temperature_celsius{${ids},sensor="${sensor}",kind="${kind}"} ${formatValue(value)}\n`;
      }
    }
    const completion = reported.job?.completion;
    if (completion != null) {
      progressLine = `printdeck_printer_progress_percent{${ids}} ${formatValue(completion)}\n`;
    }
  }
  return {
    workspaceId: printer.workspace_id,
    isConnected: printer.isConnected,
    state: reported,
    printerState,
    stateLine: `printdeck_printer_state{${ids},state="${printerState}"} 1\n`,
    temperatureLines,
    progressLine,
  };
}

/**
 * The per-printer families in the text exposition format, written directly: prom-client's
 * label hashing costs ~1 s a scrape at 5,000 printers. Each printer's lines are kept between
 * scrapes and written again only when its live state changed: the live store replaces a
 * device's state object on every change, so the same object (and the same connection and
 * workspace) means the same lines. The labels are numeric ids and the fixed state names, so
 * nothing needs escaping.
 */
export function createPrinterFamiliesRenderer(): (printers: PrinterFigures[]) => string {
  let kept = new Map<number, PrinterLines>();
  return (printers) => {
    const next = new Map<number, PrinterLines>();
    const states: string[] = [];
    const temperatures: string[] = [];
    const progress: string[] = [];
    const totals = new Map<string, number>(PRINTER_STATES.map((state) => [state, 0]));
    for (const printer of printers) {
      let lines = kept.get(printer.id);
      if (
        !lines ||
        lines.state !== printer.state ||
        lines.isConnected !== printer.isConnected ||
        lines.workspaceId !== printer.workspace_id
      ) {
        lines = renderPrinterLines(printer);
      }
      next.set(printer.id, lines);
      states.push(lines.stateLine);
      if (lines.temperatureLines) temperatures.push(lines.temperatureLines);
      if (lines.progressLine) progress.push(lines.progressLine);
      totals.set(lines.printerState, (totals.get(lines.printerState) ?? 0) + 1);
    }
    kept = next;
    const totalLines = [...totals].map(
      ([state, n]) => `printdeck_printers{state="${state}"} ${n}\n`,
    );
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
  };
}
