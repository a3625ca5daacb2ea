/**
 * Ready → next job at farm scale (issue 26): 1,000 printers (each with a spool loaded, a tenth
 * printing, every fifth with 1 g left) and 10,000 queued items none of them can take (half
 * assigned to a printer without the auto-start, half needing ASA in a colour), built directly
 * in the database by `scale-farm.ts` at 10×. Behind those, `--takeable` items any PLA or PETG
 * printer can take. Every plate is marked in use; then, one printer at a time, a person clears
 * its plate (`POST /api/printers/{id}/plate-cleared/` through `inject`) and the time runs until
 * the printer is handed its next job (the `print_file` command reaches its link, answered at
 * once as an agent would). Then `--burst` printers are cleared together, as a wave of ends.
 * Reports p50/p99/max of both (goal p99 < 1 s).
 *
 * `npm run bench:queue-dispatch` (SQLite); with DATABASE_URL on PostgreSQL.
 * `-- --scale 10 --samples 100 --burst 50`
 */
import { parseArgs } from 'node:util';
import { percentile, startProfiler } from './bench-helpers.js';
import { buildFarm } from './scale-farm.js';
import { readyState } from '../apps/server/test-support/fake-agent.js';
import { addMember, buildUser } from '../apps/server/test-support/factories.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '10' },
    samples: { type: 'string', default: '100' },
    burst: { type: 'string', default: '50' },
    'timeout-ms': { type: 'string', default: '30000' },
    /** writes a CPU profile of the wave (Chrome DevTools format) to this file */
    'cpu-profile': { type: 'string' },
  },
});
const SCALE = Number(values.scale);
const SAMPLES = Number(values.samples);
const BURST = Number(values.burst);
const TIMEOUT_MS = Number(values['timeout-ms']);

async function main(): Promise<void> {
  const built = performance.now();
  const farm = await buildFarm(SCALE);
  console.log(`${SCALE}× farm built in ${((performance.now() - built) / 1000).toFixed(1)} s`);
  const { t, workspaceId } = farm;
  const db = t.server.database.db;
  const live = t.server.services.devices.live;
  try {
    const printers = await db
      .selectFrom('printers')
      .select(['id', 'device_key_id'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('id')
      .execute();
    const queued = await db
      .selectFrom('print_queue_items')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'TO_BE_PRINTED')
      .executeTakeFirstOrThrow();
    // printers that can take an item: ready (not every tenth) with grams left (not every fifth)
    const able = printers.filter((_, i) => i % 5 !== 0);
    // one more printer first, not counted: the first start warms the server (JIT, statements)
    const needed = 1 + SAMPLES + BURST;
    if (able.length < needed) throw new Error(`only ${able.length} printers can take an item`);

    // every plate in use: nobody takes anything until a person clears one
    await db.updateTable('printer_plates').set({ state: 'in_use' }).execute();
    const files = await db
      .selectFrom('files')
      .select(['id', 'filament_type'])
      .where('workspace_id', '=', workspaceId)
      .where('filament_type', 'in', ['PLA', 'PETG'])
      .orderBy('id')
      .limit(20)
      .execute();
    const owner = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'admin')
      .orderBy('user_id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const takeable = Array.from({ length: needed * 2 }, (_, i) => ({
      workspace_id: workspaceId,
      file_id: files[i % files.length]!.id,
      printer_id: null,
      state: 'TO_BE_PRINTED',
      position: Number(queued.last) + i + 1,
      jobox_autostart: 0,
      make_video: 0,
      print_job_id: null,
      added_by_id: owner.user_id,
      added_by_username: 'bench',
      added_on: now,
      printed_on: null,
      done_on: null,
      started_by: null,
      starting_on: null,
      is_held: 0,
      start_error: null,
      start_error_on: null,
      required_material: null,
      required_color_hex: null,
    }));
    for (let i = 0; i < takeable.length; i += 400)
      await db
        .insertInto('print_queue_items')
        .values(takeable.slice(i, i + 400) as never)
        .execute();
    console.log(
      `${printers.length} printers, ${Number(queued.n)} items none can take, ${takeable.length} takeable behind them`,
    );

    // each printer's link: records when its next job is handed over and answers like an agent
    const handed = new Map<number, number>();
    const waiters = new Map<number, () => void>();
    for (const printer of printers) {
      const deviceKeyId = printer.device_key_id;
      live.attach(
        deviceKeyId,
        {
          send(message: unknown) {
            const request = message as { type?: string; id?: string; command?: { name?: string } };
            if (request.type !== 'request' || request.command?.name !== 'print_file') return true;
            handed.set(deviceKeyId, performance.now());
            waiters.get(deviceKeyId)?.();
            setImmediate(() =>
              live.resolveResponse(deviceKeyId, request.id!, {
                ok: true,
                result: { started: true },
              }),
            );
            return true;
          },
          close: () => undefined,
        },
        'octoprint',
      );
      live.applySnapshot(deviceKeyId, readyState());
    }
    // the queue changed (as an API add says): the dispatcher's "nothing for anyone" is stale
    const dispatcher = t.server.services.printQueue.dispatcher;
    await dispatcher.kickWorkspace(workspaceId);
    await dispatcher.whenIdle();

    // a person of the workspace signed in now: building a 10× farm outlasts the owner's access token
    const operator = await buildUser(t);
    await addMember(t, workspaceId, operator, 'admin');
    const token = operator.access;

    /** Clears the printer's plate as a person does; answers ms until its next job was handed. */
    async function clearAndWait(printer: { id: number; device_key_id: number }): Promise<number> {
      const handedOver = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`printer ${printer.id}: no job`)),
          TIMEOUT_MS,
        );
        waiters.set(printer.device_key_id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const started = performance.now();
      const response = await t.server.server.inject({
        method: 'POST',
        url: `/api/printers/${printer.id}/plate-cleared/`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode >= 300) throw new Error(`plate-cleared: ${response.statusCode}`);
      await handedOver.catch(async (error: unknown) => {
        const items = await db
          .selectFrom('print_queue_items')
          .select(['id', 'state', 'printer_id', 'start_error', 'is_held', 'starting_on'])
          .where('added_by_username', '=', 'bench')
          .where((eb) => eb('start_error', 'is not', null).or('starting_on', 'is not', null))
          .limit(3)
          .execute();
        console.error('takeable items touched:', items);
        throw error;
      });
      return handed.get(printer.device_key_id)! - started;
    }

    const report = (name: string, times: number[]) => {
      times.sort((a, b) => a - b);
      console.log(
        `${name}: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (${times.length} printers)`,
      );
    };
    await clearAndWait(able[0]!);
    const one: number[] = [];
    for (const printer of able.slice(1, 1 + SAMPLES)) one.push(await clearAndWait(printer));
    report('one printer ready at a time', one);
    const profiler = values['cpu-profile'] ? await startProfiler() : null;
    const cpuBefore = process.cpuUsage();
    const wave = await Promise.all(able.slice(1 + SAMPLES, needed).map(clearAndWait));
    const cpu = process.cpuUsage(cpuBefore);
    report(`${BURST} printers ready together`, wave);
    console.log(
      `wave CPU time: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (${((cpu.user + cpu.system) / 1000 / BURST).toFixed(1)} ms per printer)`,
    );
    if (profiler) await profiler.stop(values['cpu-profile']!);
    await dispatcher.whenIdle();
    const started = await db
      .selectFrom('print_queue_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('print_job_id', 'is not', null)
      .where('added_by_username', '=', 'bench')
      .executeTakeFirstOrThrow();
    console.log(`takeable items started: ${Number(started.n)} (expected ${needed})`);
  } finally {
    await t.close();
  }
}

await main();
