import { createSocket } from 'node:dgram';
import { afterAll, describe, expect, it } from 'vitest';
import { startVirtualBambu } from '@printdeck/simulator';
import { eventually } from '../test-support/drivers.js';
import { useServerWithWorkspace } from '../test-support/server.js';

/**
 * "Find printers on my network" (issue 25): a simulated Bambu printer announces itself
 * (SSDP NOTIFY) to the port the server listens on (LAN_BAMBU_DISCOVERY_PORT); the add-printer
 * page's list names it by serial, model, name and address, so only the access code is typed.
 */

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

const discoveryPort = await freeUdpPort();
const fx = useServerWithWorkspace({
  server: {
    env: {
      LAN_PRINTER_NETWORKS: '127.0.0.0/8',
      LAN_BAMBU_DISCOVERY_PORT: String(discoveryPort),
    },
  },
});
const bambu = await startVirtualBambu({
  speed: 0,
  tickMs: 50,
  announce: { port: discoveryPort, intervalMs: 200 },
});
afterAll(() => bambu.close());

describe('Bambu Lab discovery (LAN mode)', () => {
  it('lists the printer heard on the network for the workspace’s admins', async () => {
    const path = `/api/groups/${fx.workspace}/lan-printers/discovered/`;
    const found = await eventually(
      'the announced printer in the list',
      async () => (await fx.api(path)).body as { printers: unknown[] },
      (body) => body.printers?.length > 0,
      15_000,
    );
    expect(found).toEqual({
      is_listening: true,
      printers: [
        {
          serial: bambu.serial,
          model_id: 'C12',
          model: 'Bambu Lab P1S',
          name: 'Virtual Bambu Lab P1S',
          address: '127.0.0.1',
        },
      ],
    });
  });
});
