import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../clock.js';
import type { LiveDevices } from '../gateway/live-devices.js';
import { createPrinterFamiliesRenderer } from './printer-metrics-text.js';
import type { MetricsFiguresRepository } from './metrics-figures.repository.js';

export interface Metrics {
  /** the exposition text (Prometheus text format 0.0.4), UTF-8 */
  render(): Promise<Buffer>;
  contentType: string;
  observeHttp(input: { method: string; route: string; status: number; seconds: number }): void;
}

/**
 * The Prometheus figures (issue 28). Every label is bounded: workspace and printer ids, states,
 * outcomes, channels, job kinds, HTTP route templates — never a name or other free text.
 * Printer figures come from the live state on each scrape; counts from grouped queries.
 */
export function createMetrics(deps: {
  figures: MetricsFiguresRepository;
  live: Pick<LiveDevices, 'get' | 'connectedCount'>;
  clock: Clock;
}): Metrics {
  const { figures, live, clock } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'printdeck_' });

  const agents = new Gauge({
    name: 'printdeck_connected_agents',
    help: 'Agents connected to this instance',
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'printdeck_print_jobs_ended',
    help: 'Ended print jobs by workspace and outcome (running ones: printdeck_printers{state="PRINTING"})',
    labelNames: ['workspace_id', 'outcome'],
    registers: [registry],
  });
  const queue = new Gauge({
    name: 'printdeck_queue_depth',
    help: 'Print queue items waiting to be printed, per workspace',
    labelNames: ['workspace_id'],
    registers: [registry],
  });
  const files = new Gauge({
    name: 'printdeck_uploaded_files',
    help: 'Uploaded files per workspace',
    labelNames: ['workspace_id'],
    registers: [registry],
  });
  const fileBytes = new Gauge({
    name: 'printdeck_uploaded_file_bytes',
    help: 'Bytes of uploaded files per workspace',
    labelNames: ['workspace_id'],
    registers: [registry],
  });
  const notifications = new Gauge({
    name: 'printdeck_notification_deliveries',
    help: 'Notification deliveries by channel and state',
    labelNames: ['channel', 'state'],
    registers: [registry],
  });
  const outboxDepth = new Gauge({
    name: 'printdeck_outbox_depth',
    help: 'Background jobs (the outbox) due or running, by kind and state',
    labelNames: ['kind', 'state'],
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'printdeck_outbox_oldest_age_seconds',
    help: 'Seconds since the oldest due or running background job became due, by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  const http = new Histogram({
    name: 'printdeck_http_request_duration_seconds',
    help: 'HTTP request durations by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const renderPrinterFamilies = createPrinterFamiliesRenderer();

  async function renderPrinters(): Promise<Buffer> {
    const rows = await figures.listPrinters();
    agents.set(live.connectedCount());
    return renderPrinterFamilies(
      rows.map((row) => ({
        id: row.id,
        workspace_id: row.workspace_id,
        ...live.get(row.device_key_id),
      })),
    );
  }

  async function collectCounts(): Promise<void> {
    const [jobRows, queueRows, fileRows, notificationRows, openJobs] = await Promise.all([
      figures.countEndedJobsByWorkspaceAndOutcome(),
      figures.countQueuedByWorkspace(),
      figures.countFilesByWorkspace(),
      figures.countNotificationsByChannelAndState(),
      figures.summarizeOpenJobs(clock.now().toISOString()),
    ]);
    for (const gauge of [jobs, queue, files, fileBytes, notifications, outboxDepth, outboxAge]) {
      gauge.reset();
    }
    for (const row of jobRows) {
      jobs.set({ workspace_id: row.workspace_id, outcome: row.outcome }, row.count);
    }
    for (const row of queueRows) queue.set({ workspace_id: row.workspace_id }, row.count);
    for (const row of fileRows) {
      files.set({ workspace_id: row.workspace_id }, row.count);
      fileBytes.set({ workspace_id: row.workspace_id }, row.bytes);
    }
    for (const row of notificationRows) {
      notifications.set({ channel: row.channel, state: row.state }, row.count);
    }
    const now = clock.now().getTime();
    const oldestByKind = new Map<string, number>();
    for (const row of openJobs) {
      outboxDepth.set({ kind: row.kind, state: row.state }, row.count);
      const oldest = row.oldest ? Date.parse(row.oldest) : NaN;
      if (Number.isFinite(oldest)) {
        oldestByKind.set(row.kind, Math.min(oldestByKind.get(row.kind) ?? oldest, oldest));
      }
    }
    for (const [kind, oldest] of oldestByKind) {
      outboxAge.set({ kind }, Math.max(0, (now - oldest) / 1000));
    }
  }

  return {
    contentType: registry.contentType,
    async render() {
      // one connection on SQLite: the queries run one after another either way
      await collectCounts();
      const printers = await renderPrinters();
      return Buffer.concat([Buffer.from(`${await registry.metrics()}\n`), printers]);
    },
    observeHttp({ method, route, status, seconds }) {
      http.observe({ method, route, status_code: String(status) }, seconds);
    },
  };
}
