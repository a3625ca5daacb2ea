import type { FastifyBaseLogger } from 'fastify';
import { derivePrinterState, type DeviceState } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import type { WebhookEvents } from './webhook-events.js';

const isError = (state: DeviceState | null) =>
  derivePrinterState({ isConnected: true, state }).printerState === 'ERROR';

/**
 * `printer.offline` when a device's link drops and `printer.error` when a state patch turns a
 * printer's state to ERROR. Live devices tell only the instance that holds the device, so each
 * change is seen once in the cluster. A connect's snapshot only records where the printer
 * stands: a restart of the server (every device reconnecting) tells no one of an old error.
 */
export function watchPrinterWebhookEvents(deps: {
  db: Db;
  live: Pick<LiveDevices, 'onPresence' | 'onStateChange'>;
  events: WebhookEvents;
  clock: Clock;
  wakeJobs(): void;
  log: Pick<FastifyBaseLogger, 'error'>;
}): void {
  const { db, events, clock } = deps;
  const isInError = new Map<number, boolean>();

  async function fire(
    deviceKeyId: number,
    event: 'printer.offline' | 'printer.error',
    error: DeviceState['error'] = null,
  ): Promise<void> {
    const printers = await db
      .selectFrom('printers')
      .select(['id', 'workspace_id', 'name'])
      .where('device_key_id', '=', deviceKeyId)
      .execute();
    if (printers.length === 0) return;
    await events.onPrinterEvent(db, { event, printers, at: clock.now().toISOString(), error });
    deps.wakeJobs();
  }
  const report = (error: unknown) =>
    deps.log.error({ err: error }, 'printer webhook event not recorded');

  deps.live.onPresence((deviceKeyId, change) => {
    if (change.kind === 'snapshot') {
      isInError.set(deviceKeyId, isError(change.state));
      return;
    }
    isInError.delete(deviceKeyId);
    fire(deviceKeyId, 'printer.offline').catch(report);
  });
  deps.live.onStateChange((deviceKeyId, state) => {
    const wasInError = isInError.get(deviceKeyId) === true;
    const nowInError = isError(state);
    isInError.set(deviceKeyId, nowInError);
    if (nowInError && !wasInError) fire(deviceKeyId, 'printer.error', state.error).catch(report);
  });
}
