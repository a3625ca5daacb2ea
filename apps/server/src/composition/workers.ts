import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './services.js';
import { wireDeviceEvents } from './event-wiring.js';

/** How often LAN mode lets go of built-in agents whose printer was deleted while offline. */
const LAN_RECONCILE_MS = 60_000;
/** with several instances: a printer whose instance died is taken over within its lease + this */
const LAN_RECONCILE_SHARED_MS = 4_000;

export interface Workers {
  /** Stops the built-in agents: before the HTTP server closes, so no device outlives it. */
  stopLanAgents(): Promise<void>;
  /** Stops the rest, in the reverse order they started, letting each finish what it holds. */
  stop(): Promise<void>;
}

/**
 * The background work of one instance: the cluster's membership, the sweeps of what a crash
 * left (at start), the listeners on device events and the timers that read this instance's
 * memory (event-wiring.ts), the job runner (video encodes, invitation mails, notifications, and
 * the recurring sweeps one instance of the cluster runs per period), the Telegram bot and LAN
 * mode's built-in agents.
 */
export async function startWorkers(services: Services, log: FastifyBaseLogger): Promise<Workers> {
  const stops: Array<() => void | Promise<void>> = [];
  // the composition root stops the cluster, after the database work of the others is done
  await services.cluster.start(log);

  // what a crash left behind; the server answers meanwhile, and stops only once it is done
  const sweeping = services.orphans.sweepAtStart(log);
  stops.push(() => sweeping);
  // every device listener, in the order it runs, and the sweeps that go with them
  stops.push(wireDeviceEvents(services, log));
  services.jobs.register(services.videos.createEncodeJob(log));
  services.jobs.start(log);
  // waits for the jobs running (an encode, a mail, a message) before the database closes
  stops.push(() => services.jobs.stop());
  services.notifications.startBackground(log);
  // stops the Telegram bot's long poll
  stops.push(() => services.notifications.stopBackground());

  const lan = services.lanPrinters;
  lan.agents.listen(log);
  const lanReconcile = setInterval(
    () => {
      lan.service.reconcile().catch((error: unknown) => {
        log.warn({ err: error }, 'LAN printers: reconcile failed');
      });
    },
    services.cluster.isShared ? LAN_RECONCILE_SHARED_MS : LAN_RECONCILE_MS,
  );
  lanReconcile.unref();
  void lan.discoveryListener?.ready.then((error) => {
    if (error) log.warn({ err: error }, 'LAN printers: Bambu discovery cannot listen');
    else log.info('LAN printers: listening for Bambu printers’ announcements');
  });
  const stopLanAgents = async () => {
    clearInterval(lanReconcile);
    await lan.discoveryListener?.close();
    await lan.agents.stopAll();
  };
  try {
    const count = await lan.service.startAll();
    if (count > 0) log.info({ count }, 'LAN printers: built-in agents started');
  } catch (error) {
    await stopLanAgents();
    await stopInReverse(stops);
    throw error;
  }

  return { stopLanAgents, stop: () => stopInReverse(stops) };
}

async function stopInReverse(stops: Array<() => void | Promise<void>>): Promise<void> {
  for (const stop of stops.reverse()) await stop();
}
