import { derivePrinterState, type DeviceState } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { LiveDevices } from '../../gateway/live-devices.js';

/** A workspace's staggered-start settings (issue 26); null means no limit. */
export interface StaggerSettings {
  stagger_max_heating: number | null;
  stagger_interval_s: number | null;
}

/** A start handed to a printer counts as heating this long at most without its print seen. */
const HAND_OVER_MS = 120_000;

/** Degrees below the target that still count as heating up. */
const HEATING_MARGIN_C = 3;

/** A printing device whose nozzle or bed is still on its way to the target. */
export function isHeatingUp(device: { isConnected: boolean; state: DeviceState | null }): boolean {
  const { printerState } = derivePrinterState(device);
  if (printerState !== 'PRINTING' || !device.state) return false;
  const { tool0, bed } = device.state.temperature;
  return [tool0, bed].some(
    (reading) =>
      reading !== null &&
      reading.target !== null &&
      reading.target > 0 &&
      reading.actual !== null &&
      reading.actual < reading.target - HEATING_MARGIN_C,
  );
}

/**
 * Staggered start (issue 26), so twenty printers do not heat together: an automatic start waits
 * while the workspace has as many printers heating as it allows (a start being handed to its
 * printer counts as heating), and takes the workspace's start slot, which opens again only
 * `stagger_interval_s` after the last automatic start. The slot is a conditional update, so two
 * server instances cannot both take it.
 */
export function createQueueStagger(deps: {
  db: Db;
  live: LiveDevices;
  clock: Clock;
  /** a manual start handed over longer ago than this never answered: it no longer counts */
  handOverMs?: number;
}) {
  const { db, live, clock } = deps;
  const handOverMs = deps.handOverMs ?? HAND_OVER_MS;

  /**
   * Printers heating up or being handed a start: the queue's claimed items, and the manual
   * starts (waiting_starts) handed over and not yet seen printing by their device.
   */
  async function countHeating(
    workspaceId: number,
    executor: Db | Transaction<Database> = db,
  ): Promise<number> {
    const printers = await executor
      .selectFrom('printers')
      .select(['id', 'device_key_id'])
      .where('workspace_id', '=', workspaceId)
      .where('enabled', '=', 1)
      .execute();
    const starting = await executor
      .selectFrom('print_queue_items')
      .select('printer_id')
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'TO_BE_PRINTED')
      .where('starting_on', 'is not', null)
      .execute();
    const handedAfter = new Date(clock.now().getTime() - handOverMs).toISOString();
    const handed = await executor
      .selectFrom('waiting_starts')
      .select(['printer_id', 'state'])
      .where('workspace_id', '=', workspaceId)
      .where('state', 'in', ['starting', 'started'])
      .where('handed_on', '>', handedAfter)
      .execute();
    const isStarting = new Set(starting.map((row) => row.printer_id));
    const deviceOf = new Map(printers.map((printer) => [printer.id, printer.device_key_id]));
    for (const row of handed) {
      const deviceKeyId = deviceOf.get(row.printer_id);
      // a started one counts until its device reports the print (then: heating or not)
      const isSeenPrinting =
        deviceKeyId !== undefined &&
        derivePrinterState(live.get(deviceKeyId)).printerState === 'PRINTING';
      if (row.state === 'starting' || !isSeenPrinting) isStarting.add(row.printer_id);
    }
    return printers.filter(
      (printer) => isStarting.has(printer.id) || isHeatingUp(live.get(printer.device_key_id)),
    ).length;
  }

  const intervalCutoff = (seconds: number) =>
    new Date(clock.now().getTime() - seconds * 1000).toISOString();

  async function isHeatingFull(workspaceId: number, settings: StaggerSettings) {
    const max = settings.stagger_max_heating;
    return max !== null && (await countHeating(workspaceId)) >= max;
  }

  /**
   * Slots for a wave of automatic starts (issue 26): how many of `wanted` may start now —
   * the heating printers counted once for all of them, one at most when starts are spaced.
   */
  async function takeSlots(
    workspaceId: number,
    settings: StaggerSettings,
    wanted: number,
  ): Promise<number> {
    const max = settings.stagger_max_heating;
    const room = max === null ? wanted : Math.max(0, max - (await countHeating(workspaceId)));
    const allowed = Math.min(wanted, room);
    const interval = settings.stagger_interval_s;
    if (allowed === 0 || interval === null) return allowed;
    const result = await db
      .updateTable('workspaces')
      .set({ last_auto_start_on: clock.now().toISOString() })
      .where('id', '=', workspaceId)
      .where((eb) =>
        eb.or([
          eb('last_auto_start_on', 'is', null),
          eb('last_auto_start_on', '<=', intervalCutoff(interval)),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 1 : 0;
  }

  return {
    countHeating,
    takeSlots,

    /** Whether an automatic start has to wait right now (for the queue's "waiting (power)"). */
    async isClosed(workspaceId: number, settings: StaggerSettings): Promise<boolean> {
      if (await isHeatingFull(workspaceId, settings)) return true;
      const interval = settings.stagger_interval_s;
      if (interval === null) return false;
      const row = await db
        .selectFrom('workspaces')
        .select('last_auto_start_on')
        .where('id', '=', workspaceId)
        .executeTakeFirst();
      return !!row?.last_auto_start_on && row.last_auto_start_on > intervalCutoff(interval);
    },

    /** Takes the start slot for one automatic start; false: wait and look again later. */
    async takeSlot(workspaceId: number, settings: StaggerSettings): Promise<boolean> {
      return (await takeSlots(workspaceId, settings, 1)) === 1;
    },
  };
}

export type QueueStagger = ReturnType<typeof createQueueStagger>;
