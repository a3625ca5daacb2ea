import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPrinterWithAgent, buildUser, buildWorkspace } from '../../test-support/factories.js';
import { readyState, type FakeAgent } from '../../test-support/fake-agent.js';
import { parsePrometheusText } from '../../test-support/prometheus-text.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

let t: TestServer;
let workspaceId: number;
let printerId: number;
let agent: FakeAgent;

async function scrape(token = TOKEN) {
  const response = await fetch(`${t.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

beforeAll(async () => {
  t = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  const owner = await buildUser(t);
  workspaceId = await buildWorkspace(t, owner);
  ({ printerId, agent } = await buildPrinterWithAgent(t, {
    token: owner.access,
    workspaceId,
    name: 'Metrics MK4',
  }));
  const now = new Date().toISOString();
  const jobs = await t.server.database.db
    .insertInto('print_jobs')
    .values(
      [1, 2, 3].map(() => ({
        workspace_id: workspaceId,
        file_id: null,
        file_name: 'cube.gcode',
        printer_id: printerId,
        printer_name: 'Metrics MK4',
        device_key_id: 1,
        user_id: owner.id,
        username: owner.email,
        started_on: now,
        ended_on: null,
        outcome: 'printing' as const,
        make_video: 0,
        video_state: null,
        filament_used_g: null,
        filament_used_mm: null,
        printing_time_sec: null,
      })),
    )
    .returning('id')
    .execute();
  const outcomes = ['done', 'done', 'failed'] as const;
  for (const [i, job] of jobs.entries()) {
    await t.server.services.printJobs.endJob(job.id, outcomes[i]!);
  }
  await t.api('/api/users/me/', { token: owner.access });
  await t.api('/api/no-such-route/12345', { token: owner.access });
});
afterAll(async () => {
  agent?.close();
  await t?.close();
});

describe('GET /metrics', () => {
  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    const none = await fetch(`${t.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await scrape('not-the-right-token-at-all')).status).toBe(401);
  });

  it('serves the exposition format with printer, job, agent, HTTP and event-loop figures', async () => {
    const ids = { workspace_id: String(workspaceId), printer_id: String(printerId) };
    await vi.waitFor(
      async () => {
        const m = parsePrometheusText((await scrape()).text);
        expect(
          m.find('printdeck_printer_state', { ...ids, state: 'READY_TO_PRINT' })[0]?.value,
        ).toBe(1);
      },
      { timeout: 5000, interval: 50 },
    );
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.type).toContain('text/plain');
    const m = parsePrometheusText(response.text);
    expect(m.types.get('printdeck_http_request_duration_seconds')).toBe('histogram');
    expect(m.find('printdeck_printers', { state: 'READY_TO_PRINT' })[0]?.value).toBe(1);
    expect(
      m.find('printdeck_printer_temperature_celsius', {
        ...ids,
        sensor: 'tool0',
        kind: 'actual',
      })[0]?.value,
    ).toBe(21.5);
    expect(m.find('printdeck_connected_agents')[0]?.value).toBe(1);
    expect(
      m.find('printdeck_print_jobs_ended', { workspace_id: ids.workspace_id, outcome: 'done' })[0]
        ?.value,
    ).toBe(2);
    expect(
      m.find('printdeck_print_jobs_ended', { workspace_id: ids.workspace_id, outcome: 'failed' })[0]
        ?.value,
    ).toBe(1);
    const listed = m.find('printdeck_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/users/me/',
      status_code: '200',
    });
    expect(listed[0]?.value).toBeGreaterThanOrEqual(1);
    // an unknown URL counts under one label, so a scan of random paths adds no series
    expect(response.text).not.toContain('no-such-route');
    expect(
      m.find('printdeck_http_request_duration_seconds_count', { route: 'unmatched' }),
    ).toHaveLength(1);
    expect(m.find('printdeck_nodejs_eventloop_lag_seconds')).toHaveLength(1);
    // labels are ids and enumerations: the printer's name never appears
    expect(response.text).not.toContain('Metrics MK4');
  });

  it('gzips the answer when the scraper asks for gzip, as Prometheus does, and only then', async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    const gzipped = await fetch(`${t.baseUrl}/metrics`, {
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('accept-encoding');
    // fetch inflates it: the text must parse as the plain one does
    const m = parsePrometheusText(await gzipped.text());
    expect(m.find('printdeck_connected_agents')[0]?.value).toBe(1);
    const plain = await fetch(`${t.baseUrl}/metrics`, {
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(parsePrometheusText(await plain.text()).types.get('printdeck_printer_state')).toBe(
      'gauge',
    );
  });

  it('follows the live state: a printing printer shows its progress, a gone agent its absence', async () => {
    const printing = readyState();
    printing.state.flags = { ...printing.state.flags, printing: true, ready: false };
    printing.job = { file_name: 'cube.gcode', completion: 42, print_time: 60, print_time_left: 80 };
    agent.send({ type: 'state', kind: 'snapshot', state: printing });
    const ids = { workspace_id: String(workspaceId), printer_id: String(printerId) };
    await vi.waitFor(
      async () => {
        const m = parsePrometheusText((await scrape()).text);
        expect(m.find('printdeck_printer_state', { ...ids, state: 'PRINTING' })[0]?.value).toBe(1);
        expect(m.find('printdeck_printer_progress_percent', ids)[0]?.value).toBe(42);
      },
      { timeout: 5000, interval: 50 },
    );
    agent.close();
    await vi.waitFor(
      async () => {
        const m = parsePrometheusText((await scrape()).text);
        expect(
          m.find('printdeck_printer_state', { ...ids, state: 'NOT_CONNECTED_TO_PROXY_SERVER' })[0]
            ?.value,
        ).toBe(1);
        expect(m.find('printdeck_connected_agents')[0]?.value).toBe(0);
      },
      { timeout: 5000, interval: 50 },
    );
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there (404), whatever token is sent', async () => {
    const off = await startTestServer();
    try {
      const response = await fetch(`${off.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
