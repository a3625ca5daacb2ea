import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterDeviceState } from '@printdeck/shared';
import type { BuiltUser } from '@printdeck/server/test-support/factories.js';
import {
  startServerWithWorkspace,
  type TestServer,
} from '@printdeck/server/test-support/test-server.js';
import { waitFor } from '../../test-support/clients.js';
import { startFleet } from './fleet.js';

let t: TestServer;
let user: BuiltUser;
let workspace: number;
const FAST = { serverBackoff: { initialMs: 20, maxMs: 200 }, stateIntervalMs: 100 };

beforeAll(async () => ({ t, user, workspaceId: workspace } = await startServerWithWorkspace()));
afterAll(() => t.close());

const deviceStates = async (): Promise<PrinterDeviceState[]> =>
  (await t.api(`/api/groups/${workspace}/devices-states/`, { token: user.access })).body;

describe('startFleet', () => {
  it('signs in, creates a key per printer, adds them to the workspace; every one gets ready', async () => {
    const fleet = await startFleet({
      server: t.baseUrl,
      counts: { octoprint: 1, moonraker: 1, pill: 1 },
      account: { email: user.email, password: user.password, workspace },
      speed: 0,
      agentTuning: FAST,
    });
    try {
      expect(fleet.printers.map((p) => [p.kind, p.name])).toEqual([
        ['octoprint', 'OctoPrint 1'],
        ['moonraker', 'Klipper 1'],
        ['pill', 'Pill 1'],
      ]);
      expect(new Set(fleet.printers.map((p) => p.key)).size).toBe(3);
      await waitFor(
        async () =>
          (await deviceStates()).filter((row) => row.printer_state === 'READY_TO_PRINT').length ===
          3,
        'three printers ready',
      );
      const printers = (await t.api(`/api/groups/${workspace}/printers/`, { token: user.access }))
        .body;
      expect(printers.map((p: { device_type: string }) => p.device_type).sort()).toEqual([
        'moonraker',
        'octoprint',
        'pill',
      ]);
    } finally {
      await fleet.close();
    }
  });

  it('runs on device keys it is given, without signing in', async () => {
    const key = (await t.api('/api/device_keys/', { method: 'POST', token: user.access })).body
      .token;
    const fleet = await startFleet({
      server: t.baseUrl,
      counts: { octoprint: 1 },
      keys: [key],
      speed: 0,
      agentTuning: FAST,
    });
    try {
      expect(fleet.printers[0]).toMatchObject({ key, printerId: null });
      await waitFor(() => fleet.printers[0]!.agent.isOnline(), 'the agent online');
    } finally {
      await fleet.close();
    }
  });

  it('refuses too few keys, and a wrong password, before starting anything', async () => {
    await expect(
      startFleet({ server: t.baseUrl, counts: { octoprint: 2 }, keys: ['one'] }),
    ).rejects.toThrow('2 printers need 2 device keys');
    await expect(
      startFleet({
        server: t.baseUrl,
        counts: { moonraker: 1 },
        account: { email: user.email, password: 'wrong password' },
      }),
    ).rejects.toThrow('401');
  });
});
