import net, { type AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { startVirtualOctoPrint } from '@printdeck/simulator';
import { startAgent } from './agent.js';
import { createIdentity } from './connection/identity.js';
import { eventually, TEST_TUNING } from '../test-support/drivers.js';
import { useServerWithWorkspace } from '../test-support/server.js';

/** The server's wait for a hello here; the first connection's hello comes well after it. */
const HELLO_DEADLINE_MS = 300;
const LATE_BY_MS = 3 * HELLO_DEADLINE_MS;

const fx = useServerWithWorkspace({
  server: { gatewayLimits: { helloDeadlineMs: HELLO_DEADLINE_MS } },
});

/**
 * A TCP relay to the server that, on its first connection only, passes the upgrade request at
 * once and everything after it `lateByMs` late: what the server sees of an agent on a loaded
 * machine (issue 25: at 1,000 printers, agent processes got 2 % of a core), whose upgrade is
 * answered but whose hello is read seconds later.
 */
async function startSlowFirstAgentLink(serverUrl: string, lateByMs: number) {
  const target = new URL(serverUrl);
  let connections = 0;
  const relay = net.createServer((agentSide) => {
    connections += 1;
    const isSlow = connections === 1;
    const serverSide = net.connect(Number(target.port), target.hostname);
    let chunks = 0;
    agentSide.on('data', (chunk) => {
      chunks += 1;
      if (isSlow && chunks > 1) setTimeout(() => serverSide.write(chunk), lateByMs);
      else serverSide.write(chunk);
    });
    serverSide.pipe(agentSide);
    const closeBoth = () => {
      agentSide.destroy();
      serverSide.destroy();
    };
    agentSide.on('error', closeBoth).on('close', closeBoth);
    serverSide.on('error', closeBoth).on('close', closeBoth);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

it('an agent whose hello comes after the deadline (a loaded machine) is turned away and tries again; it never stops for good', async () => {
  const sim = await startVirtualOctoPrint({ speed: 0, tickMs: 10, pushIntervalMs: 20 });
  fx.cleanups.push(() => sim.close());
  const relay = await startSlowFirstAgentLink(fx.t.baseUrl, LATE_BY_MS);
  fx.cleanups.push(() => relay.close());
  const key = (await fx.api('/api/device_keys/', { method: 'POST' })).body.token as string;
  const added = await fx.api('/api/printers/', {
    method: 'POST',
    body: { group: fx.workspace, name: 'Slow agent', token: key },
  });
  expect(added.status, added.text).toBe(201);
  const agent = startAgent({
    serverUrl: relay.url,
    deviceKey: key,
    identity: createIdentity(),
    printer: { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey },
    tuning: TEST_TUNING,
    localIpAddress: '192.168.7.21',
  });
  fx.cleanups.push(() => agent.stop());

  // until now a late hello was answered "another protocol" (4400), and the agent stopped
  const stoppedEarly = agent.stopped.then((stop) => `the agent stopped: ${stop.message}`);
  const ready = eventually(
    'READY_TO_PRINT through the second connection',
    () => fx.deviceState(added.body.id as number),
    (row) => row.printer_state === 'READY_TO_PRINT',
    10_000,
  ).then(
    () => 'ready',
    (error: unknown) => String(error),
  );
  expect(await Promise.race([ready, stoppedEarly])).toBe('ready');
  expect(relay.connections()).toBeGreaterThanOrEqual(2);
});
