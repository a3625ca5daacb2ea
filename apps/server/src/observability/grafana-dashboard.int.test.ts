import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrinterWithAgent, buildUser, buildWorkspace } from '../../test-support/factories.js';
import { eventually, readyState, type FakeAgent } from '../../test-support/fake-agent.js';
import { enableQueue, queuePath, uploadGcode } from '../../test-support/print-queue.js';
import { parsePrometheusText } from '../../test-support/prometheus-text.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

/**
 * docs/grafana-dashboard.json (issue 28) reads /metrics: every metric an expression or a
 * variable names is in a real scrape, and every label it selects on is one that metric has.
 */
const TOKEN = 'grafana-dashboard-test-token-0123456789';
const DASHBOARD = new URL('../../../../docs/grafana-dashboard.json', import.meta.url);

interface Panel {
  title: string;
  targets?: Array<{ expr: string; datasource?: { uid?: string } }>;
}
interface Dashboard {
  panels: Panel[];
  templating: { list: Array<{ name: string; query?: unknown; definition?: string }> };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
const expressions = [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.flatMap((variable) => variable.definition ?? []),
];

let t: TestServer;
let agent: FakeAgent;

beforeAll(async () => {
  t = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  const owner = await buildUser(t);
  const workspaceId = await buildWorkspace(t, owner);
  ({ agent } = await buildPrinterWithAgent(t, { token: owner.access, workspaceId, name: 'MK4' }));
  const ready = readyState();
  agent.send({
    type: 'state',
    kind: 'snapshot',
    state: readyState({
      state: { text: 'Printing', flags: { ...ready.state.flags, printing: true, ready: false } },
      job: { file_name: 'a.gcode', completion: 12, print_time: 60, print_time_left: 600 },
    }),
  });
  // one of each figure, so every family has a sample to check labels on
  await enableQueue(t, owner, workspaceId);
  const fileId = await uploadGcode(t, owner, workspaceId, 'cube.gcode');
  const queued = await t.api(queuePath(workspaceId), {
    method: 'POST',
    token: owner.access,
    body: { file: fileId },
  });
  expect(queued.status).toBe(201);
  const job = await t.server.database.db
    .insertInto('print_jobs')
    .values({
      workspace_id: workspaceId,
      file_id: null,
      file_name: 'cube.gcode',
      printer_id: null,
      printer_name: 'MK4',
      device_key_id: 1,
      user_id: owner.id,
      username: owner.email,
      started_on: new Date().toISOString(),
      ended_on: null,
      outcome: 'printing' as const,
      make_video: 0,
      video_state: null,
      filament_used_g: null,
      filament_used_mm: null,
      printing_time_sec: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.server.services.printJobs.endJob(job.id, 'done');
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: owner.access,
    });
    expect(states.body[0].printer_state).toBe('PRINTING');
  });
});
afterAll(async () => {
  agent?.close();
  await t?.close();
});

describe('the Grafana dashboard', () => {
  it('has panels with Prometheus expressions on the datasource variable', () => {
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.datasource?.uid).toBe('${datasource}');
      }
    }
  });

  it('names only metrics and labels that a real scrape has', async () => {
    const response = await fetch(`${t.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const scrape = parsePrometheusText(await response.text());
    const sampleNames = new Set(scrape.samples.map((sample) => sample.name));
    const known = (name: string) => sampleNames.has(name) || scrape.types.has(name);
    const labelsOf = (name: string) =>
      new Set(scrape.find(name).flatMap((sample) => Object.keys(sample.labels)));

    const named = new Set<string>();
    for (const expr of expressions) {
      for (const [name] of expr.matchAll(/printdeck_[a-zA-Z0-9_]*/g)) {
        named.add(name);
        expect(known(name), `${name} in ${expr}`).toBe(true);
      }
      for (const [, name, selector] of expr.matchAll(/(printdeck_[a-zA-Z0-9_]*)\{([^}]*)\}/g)) {
        const labels = labelsOf(name!);
        for (const [, label] of selector!.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)) {
          expect(labels.has(label!), `label ${label} of ${name} in ${expr}`).toBe(true);
        }
      }
    }
    // the families issue 28 asks a dashboard for are all on it
    for (const family of [
      'printdeck_printer_state',
      'printdeck_printer_temperature_celsius',
      'printdeck_printer_progress_percent',
      'printdeck_print_jobs_ended',
      'printdeck_queue_depth',
      'printdeck_outbox_depth',
      'printdeck_outbox_oldest_age_seconds',
      'printdeck_connected_agents',
      'printdeck_http_request_duration_seconds_bucket',
      'printdeck_nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(named.has(family), family).toBe(true);
    }
  });
});
