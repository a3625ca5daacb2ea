import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { readyState } from '../apps/server/test-support/fake-agent.js';
import { addBenchPrinter, callApi, inBatches } from './bench-helpers.js';

/** A printer the bench made, with the device key its light agent connects with. */
export interface BenchDevice {
  key: string;
  printerId: number;
  workspaceId: number;
}

/** `count` printers with their device keys, `perWorkspace` to a workspace. */
export async function createBenchFleet(options: {
  url: string;
  access: string;
  count: number;
  perWorkspace: number;
}): Promise<{ workspaces: number[]; devices: BenchDevice[] }> {
  const { url, access, count, perWorkspace } = options;
  const workspaces = await inBatches(
    Math.ceil(count / perWorkspace),
    10,
    async (i) =>
      (await callApi(url, access, 'POST', '/api/users/me/groups/', { name: `Farm ${i}` }))
        .id as number,
  );
  const devices = await inBatches(count, 25, async (i) => {
    const workspaceId = workspaces[Math.floor(i / perWorkspace)]!;
    return {
      ...(await addBenchPrinter({ url, access }, workspaceId, `Printer ${i}`)),
      workspaceId,
    };
  });
  return { workspaces, devices };
}

/** A light agent: hello, a snapshot, and every request answered at once with success. */
export function connectLightAgent(url: string, key: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/device/ws`, {
      headers: {
        authorization: `Bearer ${key}`,
        'x-device-identity': createHash('sha256').update(key).digest('base64url'),
      },
    });
    socket.once('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'welcome') {
        socket.send(JSON.stringify({ type: 'state', kind: 'snapshot', state: readyState() }));
        resolve(socket);
      } else if (message.type === 'request') {
        socket.send(JSON.stringify({ type: 'response', id: message.id, ok: true, result: null }));
      }
    });
    socket.once('open', () =>
      socket.send(
        JSON.stringify({
          type: 'hello',
          protocol: 1,
          agent_version: 'bench',
          driver: 'octoprint',
          capabilities: [],
        }),
      ),
    );
  });
}

/** A state change a light agent pushes: the nozzle at `actual` °C. */
export const patchWith = (actual: number) =>
  JSON.stringify({
    type: 'state',
    kind: 'patch',
    state: { temperature: { tool0: { actual, target: 215 }, bed: { actual: 60, target: 60 } } },
  });
