import type { FastifyBaseLogger } from 'fastify';
import { derivePrinterState, type DeviceState } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { createPrinterAlertStatesRepository } from './printer-alert-states.repository.js';
import type { WebhookEvents } from './webhook-events.js';

const isError = (state: DeviceState | null) =>
  derivePrinterState({ isConnected: true, state }).printerState === 'ERROR';

/**
 * `printer.offline` when a device's link drops and `printer.error` when a printer's state turns
 * to ERROR, exactly once across the instances: what was last told is kept in the database
 * (printer-alert-states.repository.ts), and only the instance whose update flips it tells. A
 * connect's snapshot in an error already told (a server restart, the device moving to another
 * instance) tells no one; one in a new error (it began while the device was moving) does.
 * Patches reach the database only when they move the printer into or out of ERROR.
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
  const alerts = createPrinterAlertStatesRepository(db);
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

  // one device's changes reach the database in the order they happened
  const chains = new Map<number, Promise<void>>();
  const tell = (
    deviceKeyId: number,
    change: () => Promise<boolean>,
    event: 'printer.offline' | 'printer.error',
    error?: DeviceState['error'],
  ) => {
    const next = (chains.get(deviceKeyId) ?? Promise.resolve())
      .then(change)
      .then((isNew) => (isNew ? fire(deviceKeyId, event, error ?? null) : undefined))
      .catch(report);
    chains.set(deviceKeyId, next);
    void next.then(() => {
      if (chains.get(deviceKeyId) === next) chains.delete(deviceKeyId);
    });
  };

  deps.live.onPresence((deviceKeyId, change) => {
    if (change.kind === 'snapshot') {
      const nowInError = isError(change.state);
      isInError.set(deviceKeyId, nowInError);
      const online = () => alerts.markOnline(deviceKeyId, nowInError);
      tell(deviceKeyId, online, 'printer.error', change.state.error);
      return;
    }
    isInError.delete(deviceKeyId);
    tell(deviceKeyId, () => alerts.markOffline(deviceKeyId), 'printer.offline');
  });
  deps.live.onStateChange((deviceKeyId, state) => {
    const wasInError = isInError.get(deviceKeyId) === true;
    const nowInError = isError(state);
    isInError.set(deviceKeyId, nowInError);
    if (nowInError === wasInError) return;
    const error = () => alerts.markError(deviceKeyId, nowInError);
    tell(deviceKeyId, error, 'printer.error', state.error);
  });
}
