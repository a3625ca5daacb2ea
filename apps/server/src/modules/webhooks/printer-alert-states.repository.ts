import type { Db } from '../../db/database.js';

/**
 * What printer.offline / printer.error last told of each device. Each change is a conditional
 * update: only the call that flips the flag answers true, so across instances (and a device
 * told twice, by its old and its new instance) the event is told once.
 */
export function createPrinterAlertStatesRepository(db: Db) {
  async function ensureRow(deviceKeyId: number): Promise<void> {
    await db
      .insertInto('printer_alert_states')
      .values({ device_key_id: deviceKeyId })
      .onConflict((oc) => oc.column('device_key_id').doNothing())
      .execute();
  }

  async function flip(
    deviceKeyId: number,
    column: 'is_offline' | 'is_in_error',
    to: 0 | 1,
  ): Promise<boolean> {
    const result = await db
      .updateTable('printer_alert_states')
      .set({ [column]: to })
      .where('device_key_id', '=', deviceKeyId)
      .where(column, '=', to === 1 ? 0 : 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    /** The device's link dropped: true when it was online (tell printer.offline). */
    async markOffline(deviceKeyId: number): Promise<boolean> {
      await ensureRow(deviceKeyId);
      return flip(deviceKeyId, 'is_offline', 1);
    },
    /** The device is connected: its snapshot says whether it is in error. True when it just entered one. */
    async markOnline(deviceKeyId: number, isInError: boolean): Promise<boolean> {
      await ensureRow(deviceKeyId);
      await flip(deviceKeyId, 'is_offline', 0);
      return flip(deviceKeyId, 'is_in_error', isInError ? 1 : 0).then(
        (flipped) => isInError && flipped,
      );
    },
    /** A state change into ERROR (true: tell it) or out of it. */
    async markError(deviceKeyId: number, isInError: boolean): Promise<boolean> {
      await ensureRow(deviceKeyId);
      const flipped = await flip(deviceKeyId, 'is_in_error', isInError ? 1 : 0);
      return isInError && flipped;
    },
  };
}
