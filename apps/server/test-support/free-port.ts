import { createServer } from 'node:net';

/**
 * Ports below the kernel's ephemeral range (32768–60999 on Linux), 1,000 per Vitest worker:
 * a port the system hands out for `listen(0)` or an outgoing connection never lands here, and
 * two workers of one run never pick the same port, so a test that starts a server on a port
 * it chose cannot meet another test's server there. Two Vitest runs side by side (CI runs the
 * cluster suite beside the PostgreSQL one) number their workers alike: the second run moves to
 * other slots with `TEST_PORT_SLOT_OFFSET` (`npm run test:cluster` sets 6).
 */
const FIRST_PORT = 20_000;
const PORTS_PER_WORKER = 1_000;
const WORKER_SLOTS = 12;

function workerSlot(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? 0);
  const offset = Number(process.env.TEST_PORT_SLOT_OFFSET ?? 0);
  const slot = Number.isInteger(id) && id > 0 ? id : 0;
  return (slot + (Number.isInteger(offset) ? offset : 0)) % WORKER_SLOTS;
}

async function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) await new Promise((resolve) => probe.close(resolve));
  return listening;
}

/** A TCP port on 127.0.0.1 that nothing listens on now, for a server a test starts itself. */
export async function findFreePort(): Promise<number> {
  const first = FIRST_PORT + workerSlot() * PORTS_PER_WORKER;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = first + Math.floor(Math.random() * PORTS_PER_WORKER);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${first}–${first + PORTS_PER_WORKER - 1}`);
}
