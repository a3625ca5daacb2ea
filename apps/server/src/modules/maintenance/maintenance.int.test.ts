import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser } from '../../../test-support/factories.js';
import {
  buildFarmWorld,
  type FarmPrinter,
  type FarmWorld,
  type JobEnding,
} from '../../../test-support/farm-world.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let workspaceId: number;
let fileId: number;
let world: FarmWorld<'observer'>;

beforeAll(async () => {
  t = await startTestServer();
  world = await buildFarmWorld(t, { members: ['observer'] });
  ({ admin, workspaceId } = world);
  observer = world.members.observer;
  fileId = await world.uploadGcode();
  // a browser subscription: the member the "due" notification goes to
  await t.server.database.db
    .insertInto('push_subscriptions')
    .values({
      user_id: admin.id,
      endpoint: 'https://push.example.test/maintenance',
      p256dh:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      created_on: new Date().toISOString(),
    })
    .execute();
});
afterAll(() => t.close());

const readyPrinter = (name: string) => world.addReadyPrinter(name);

/** A job that printed for `hours` and then ended with `event`. */
const printFor = (printer: FarmPrinter, hours: number, event: JobEnding = 'job_finished') =>
  world.printJob(printer, fileId, { hours, event });

const tasksOf = async (printerId: number, user = admin) =>
  (await t.api(`/api/printers/${printerId}/maintenance/`, { token: user.access })).body;

const dueRows = (taskId: number) =>
  t.server.database.db
    .selectFrom('notification_outbox')
    .select(['payload', 'idempotency_key'])
    .where('kind', '=', 'maintenance_due')
    .where('idempotency_key', 'like', `maintenance_due:${taskId}:%`)
    .execute();

async function createTask(printerId: number, body: object) {
  const created = await t.api(`/api/printers/${printerId}/maintenance/`, {
    method: 'POST',
    token: admin.access,
    body,
  });
  expect(created.status, created.text).toBe(201);
  return created.body as { id: number };
}

describe('maintenance tasks', () => {
  it('operators manage tasks; observers read them and may not change them; bad intervals are field errors', async () => {
    const { printerId, agent } = await readyPrinter('Rules');
    const task = await createTask(printerId, { name: 'Lubricate rods', interval_hours: 200 });
    expect(await tasksOf(printerId, observer)).toEqual([
      expect.objectContaining({ id: task.id, name: 'Lubricate rods', state: 'ok', progress: 0 }),
    ]);
    const refused = await t.api(`/api/printers/${printerId}/maintenance/`, {
      method: 'POST',
      token: observer.access,
      body: { name: 'x', interval_hours: 1 },
    });
    expect(refused.status).toBe(403);
    const done = await t.api(`/api/printers/${printerId}/maintenance/${task.id}/done/`, {
      method: 'POST',
      token: observer.access,
    });
    expect(done.status).toBe(403);

    for (const [body, field] of [
      [{ name: 'Nozzle', interval_hours: -5 }, 'interval_hours'],
      [{ name: 'Nozzle', interval_prints: 2.5 }, 'interval_prints'],
      [{ name: 'Nozzle', interval_days: 100_000 }, 'interval_days'],
      [{ name: 'Nozzle' }, 'interval_hours'],
      [{ name: '  ', interval_hours: 5 }, 'name'],
    ] as const) {
      const bad = await t.api(`/api/printers/${printerId}/maintenance/`, {
        method: 'POST',
        token: admin.access,
        body,
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.body.details ?? {}), JSON.stringify(bad.body)).toContain(field);
    }
    const cleared = await t.api(`/api/printers/${printerId}/maintenance/${task.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { interval_hours: null },
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.details).toHaveProperty('interval_hours');

    const unchanged = await t.api(`/api/printers/${printerId}/maintenance/${task.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: {},
    });
    expect(unchanged.status, unchanged.text).toBe(200);
    const renamed = await t.api(`/api/printers/${printerId}/maintenance/${task.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { name: 'Grease Z rods', interval_prints: 10 },
    });
    expect(renamed.body).toMatchObject({ name: 'Grease Z rods', interval_prints: 10 });
    const removed = await t.api(`/api/printers/${printerId}/maintenance/${task.id}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(removed.status).toBe(204);
    expect(await tasksOf(printerId)).toEqual([]);
    agent.close();
  });

  it('counts print hours and prints of the jobs that ended since it was done, is due soon, then overdue, and notifies once per period', async () => {
    const printer = await readyPrinter('Counting');
    const task = await createTask(printer.printerId, {
      name: 'Replace nozzle',
      interval_hours: 4,
      interval_prints: 10,
    });
    await printFor(printer, 1.5);
    await printFor(printer, 2, 'job_failed');
    let [counted] = await tasksOf(printer.printerId);
    expect(counted.prints_since_done).toBe(2);
    expect(counted.hours_since_done).toBeCloseTo(3.5, 1);
    expect(counted.state).toBe('ok');
    await printFor(printer, 0.2);
    [counted] = await tasksOf(printer.printerId);
    expect(counted.state).toBe('due_soon');
    const due = await t.api(`/api/groups/${workspaceId}/maintenance-due/`, {
      token: observer.access,
    });
    expect(due.body).toContainEqual(
      expect.objectContaining({ printer_id: printer.printerId, state: 'due_soon', due_soon: 1 }),
    );
    expect(await dueRows(task.id)).toHaveLength(0);

    await printFor(printer, 0.5);
    [counted] = await tasksOf(printer.printerId);
    expect(counted.state).toBe('overdue');
    const rows = await dueRows(task.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      task_name: 'Replace nozzle',
      printer_id: printer.printerId,
      printer_name: 'Counting',
    });
    // still overdue after another job: the same period is not told again
    await printFor(printer, 0.1);
    expect(await dueRows(task.id)).toHaveLength(1);

    // marking it done keeps who and when, and starts a new period
    const done = await t.api(`/api/printers/${printer.printerId}/maintenance/${task.id}/done/`, {
      method: 'POST',
      token: admin.access,
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ state: 'ok', hours_since_done: 0, prints_since_done: 0 });
    const me = (await t.api('/api/users/me/', { token: admin.access })).body;
    expect(done.body.history).toEqual([
      expect.objectContaining({ username: me.username, prints: 5 }),
    ]);
    expect(done.body.history[0].hours).toBeCloseTo(4.3, 1);
    expect(Date.parse(done.body.history[0].done_on)).toBeGreaterThan(Date.now() - 60_000);
    // the new period is told again when it comes due
    await printFor(printer, 4.5);
    expect(await dueRows(task.id)).toHaveLength(2);
    printer.agent.close();
  });

  it('a task due by days alone is told by the periodic check exactly once, however many run at once', async () => {
    const printer = await readyPrinter('Days');
    const task = await createTask(printer.printerId, { name: 'Check belts', interval_days: 30 });
    const { maintenance } = t.server.services;
    await maintenance.tellDueByDays();
    expect(await dueRows(task.id)).toHaveLength(0);
    await t.server.database.db
      .updateTable('maintenance_tasks')
      .set({ last_done_on: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', task.id)
      .execute();
    // two instances' checks at the same moment
    await Promise.all([maintenance.tellDueByDays(), maintenance.tellDueByDays()]);
    await maintenance.tellDueByDays();
    expect(await dueRows(task.id)).toHaveLength(1);
    const [listed] = await tasksOf(printer.printerId);
    expect(listed.state).toBe('overdue');
    expect(listed.days_since_done).toBeGreaterThanOrEqual(31);
    printer.agent.close();
  });

  it('answers 404 for a printer of another workspace', async () => {
    const stranger = await buildUser(t);
    const { printerId, agent } = await readyPrinter('Private');
    const response = await t.api(`/api/printers/${printerId}/maintenance/`, {
      token: stranger.access,
    });
    expect(response.status).toBe(404);
    agent.close();
  });
});
