import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrinterEnergyMetersTable } from '../../db/tables/devices.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The SQL of printers' energy meters and the energy their jobs measured (issue 26). */
export function createEnergyMetersRepository(db: Executor) {
  return {
    /** A printer's meter, with the device key its agent connects with. */
    findMeter(printerId: number) {
      return db
        .selectFrom('printer_energy_meters as m')
        .innerJoin('printers as p', 'p.id', 'm.printer_id')
        .select(['m.kind', 'm.url', 'm.channel', 'm.read_by', 'p.device_key_id'])
        .where('m.printer_id', '=', printerId)
        .executeTakeFirst();
    },

    async saveMeter(meter: PrinterEnergyMetersTable): Promise<void> {
      await db
        .insertInto('printer_energy_meters')
        .values(meter)
        .onConflict((oc) =>
          oc.column('printer_id').doUpdateSet({
            kind: meter.kind,
            url: meter.url,
            channel: meter.channel,
            read_by: meter.read_by,
            updated_on: meter.updated_on,
          }),
        )
        .execute();
    },

    async deleteMeter(printerId: number): Promise<void> {
      await db.deleteFrom('printer_energy_meters').where('printer_id', '=', printerId).execute();
    },

    /** An open job with its printer's meter, when it has one. */
    findOpenJobMeter(jobId: number) {
      return db
        .selectFrom('print_jobs as j')
        .innerJoin('printer_energy_meters as m', 'm.printer_id', 'j.printer_id')
        .innerJoin('printers as p', 'p.id', 'm.printer_id')
        .select([
          'j.id',
          'j.energy_meter_start_wh',
          'm.kind',
          'm.url',
          'm.channel',
          'm.read_by',
          'p.device_key_id',
        ])
        .where('j.id', '=', jobId)
        .where('j.ended_on', 'is', null)
        .executeTakeFirst();
    },

    /** The counter when the job started, once, while it is open. */
    async storeStartReading(jobId: number, wh: number): Promise<void> {
      await db
        .updateTable('print_jobs')
        .set({ energy_meter_start_wh: wh })
        .where('id', '=', jobId)
        .where('ended_on', 'is', null)
        .where('energy_meter_start_wh', 'is', null)
        .execute();
    },

    /** The energy measured, written just before the job's ending transaction reads it. */
    async storeMeasuredEnergy(jobId: number, kwh: number): Promise<void> {
      await db
        .updateTable('print_jobs')
        .set({ energy_kwh: kwh })
        .where('id', '=', jobId)
        .where('ended_on', 'is', null)
        .execute();
    },
  };
}

export type EnergyMetersRepository = ReturnType<typeof createEnergyMetersRepository>;
