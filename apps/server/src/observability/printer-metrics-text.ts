import { derivePrinterState, PRINTER_STATES, type DeviceState } from '@printdeck/shared';

export interface PrinterFigures {
  id: number;
  workspace_id: number;
  isConnected: boolean;
  state: DeviceState | null;
}

/**
 * One printer's lines of each family, kept while its live state is the same object. Kept as
 * bytes: a scrape then copies them into one answer instead of joining and encoding 30,000
 * strings at 5,000 printers (that took most of the scrape's CPU).
 */
interface PrinterLines {
  workspaceId: number;
  isConnected: boolean;
  state: DeviceState | null;
  printerState: string;
  stateLine: Buffer;
  temperatureLines: Buffer | null;
  progressLine: Buffer | null;
}

const SENSORS = ['tool0', 'bed'] as const;

function familyHeader(name: string, type: string, help: string): Buffer {
  return Buffer.from(`# HELP ${name} ${help}\n# TYPE ${name} ${type}\n`);
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
    stateLine: Buffer.from(`printdeck_printer_state{${ids},state="${printerState}"} 1\n`),
    temperatureLines: temperatureLines ? Buffer.from(temperatureLines) : null,
    progressLine: progressLine ? Buffer.from(progressLine) : null,
  };
}

const HEADERS = {
  totals: familyHeader('printdeck_printers', 'gauge', 'Printers by state, all workspaces'),
  states: familyHeader(
    'printdeck_printer_state',
    'gauge',
    'One per printer: 1 for the state the printer is in (spec part 1 §4)',
  ),
  temperatures: familyHeader(
    'printdeck_printer_temperature_celsius',
    'gauge',
    'Printer temperatures as last reported, actual and target',
  ),
  progress: familyHeader(
    'printdeck_printer_progress_percent',
    'gauge',
    'Completion of the running print, 0-100',
  ),
};
const BLANK_LINE = Buffer.from('\n');

/**
 * The per-printer families in the text exposition format, written directly: prom-client's
 * label hashing costs ~1 s a scrape at 5,000 printers. Each printer's lines are kept between
 * scrapes and written again only when its live state changed: the live store replaces a
 * device's state object on every change, so the same object (and the same connection and
 * workspace) means the same lines. The labels are numeric ids and the fixed state names, so
 * nothing needs escaping.
 */
export function createPrinterFamiliesRenderer(): (printers: PrinterFigures[]) => Buffer {
  let kept = new Map<number, PrinterLines>();
  return (printers) => {
    const next = new Map<number, PrinterLines>();
    const states: Buffer[] = [HEADERS.states];
    const temperatures: Buffer[] = [BLANK_LINE, HEADERS.temperatures];
    const progress: Buffer[] = [BLANK_LINE, HEADERS.progress];
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
    const totalLines = [...totals]
      .map(([state, n]) => `printdeck_printers{state="${state}"} ${n}\n`)
      .join('');
    return Buffer.concat([
      HEADERS.totals,
      Buffer.from(`${totalLines}\n`),
      ...states,
      ...temperatures,
      ...progress,
    ]);
  };
}
