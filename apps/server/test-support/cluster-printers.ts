import { expect } from 'vitest';
import type { RequestMessage } from '@printdeck/shared';
import type { BuiltUser } from './factories.js';
import { connectFakeAgent, eventually, readyState, type FakeAgent } from './fake-agent.js';
import type { TestServer } from './test-server.js';

export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
const flags = readyState().state.flags;
const PRINTING = { text: 'Printing', flags: { ...flags, printing: true, ready: false } };

/** A printer whose agent may sit on any instance; it answers like a printer taking prints. */
export interface ClusterPrinter {
  id: number;
  key: string;
  agent: FakeAgent;
  /** print_file requests this printer's agents got, in order (all its connections) */
  printed: number[];
  /** connects (again) to an instance, as an agent does through the balancer */
  connect(url: string, state?: 'ready' | 'printing'): Promise<FakeAgent>;
  finish(jobId: number): void;
}

function answerLikeAPrinter(agent: FakeAgent, printed: number[]): void {
  const setPrinting = () =>
    agent.send({ type: 'state', kind: 'patch', state: { state: PRINTING } });
  agent.answer((request: RequestMessage) => {
    switch (request.command.name) {
      case 'print_file':
        printed.push(request.command.job_id);
        setPrinting();
        return { ok: true, result: { started: true } };
      case 'home_head':
        return { ok: true, result: null };
      case 'snapshot':
        return {
          ok: true,
          result: { content_type: 'image/jpeg', data_base64: JPEG.toString('base64') },
        };
      default:
        return undefined; // silent: the caller times out
    }
  });
}

/** Creates the key and the printer through `api`, then connects its agent to `agentUrl`. */
export async function addClusterPrinter(
  api: TestServer,
  admin: BuiltUser,
  workspaceId: number,
  options: { name: string; agentUrl: string; jobox?: boolean },
): Promise<ClusterPrinter> {
  const key = (await api.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
    .token as string;
  const created = await api.api('/api/printers/', {
    method: 'POST',
    token: admin.access,
    body: { group: workspaceId, name: options.name, token: key, jobox_enabled: !!options.jobox },
  });
  expect(created.status).toBe(201);
  const printed: number[] = [];
  const printer: ClusterPrinter = {
    id: created.body.id as number,
    key,
    agent: null as unknown as FakeAgent,
    printed,
    async connect(url, state = 'ready') {
      const agent = await connectFakeAgent(url, key);
      await agent.hello();
      answerLikeAPrinter(agent, printed);
      const snapshot = readyState(state === 'printing' ? { state: PRINTING } : {});
      agent.send({ type: 'state', kind: 'snapshot', state: snapshot });
      printer.agent = agent;
      return agent;
    },
    finish(jobId) {
      printer.agent.send({ type: 'event', name: 'job_finished', job_id: jobId, data: {} });
      printer.agent.send({ type: 'state', kind: 'patch', state: { state: readyState().state } });
    },
  };
  await printer.connect(options.agentUrl);
  return printer;
}

/** The printer's state as devices-states on this instance answers it. */
export async function printerStateOn(
  server: { api: TestServer['api'] },
  admin: BuiltUser,
  workspaceId: number,
  printerId: number,
): Promise<string> {
  const states = await server.api(`/api/groups/${workspaceId}/devices-states/`, {
    token: admin.access,
  });
  expect(states.status).toBe(200);
  return states.body.find((s: { printer_id: number }) => s.printer_id === printerId)?.printer_state;
}

export async function waitForPrinterState(
  server: { api: TestServer['api'] },
  admin: BuiltUser,
  workspaceId: number,
  printerId: number,
  state: string,
  timeoutMs = 5000,
): Promise<void> {
  await eventually(async () => {
    expect(await printerStateOn(server, admin, workspaceId, printerId)).toBe(state);
  }, timeoutMs);
}
