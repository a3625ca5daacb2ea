import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { createApiKey } from '../../../test-support/api-keys.js';
import {
  addQueuePrinter,
  enableQueue,
  queuePath,
  readBoxes,
  uploadGcode,
  type QueuePrinter,
} from '../../../test-support/print-queue.js';
import { RUNNING_JOB_COLUMNS } from '../print-jobs/print-jobs.repository.js';

let t: TestServer;
let admin: BuiltUser;
let junior: BuiltUser;
let observer: BuiltUser;
let workspaceId: number;
let benchy: number;
let hook: number;
let mk4: QueuePrinter;
let xl: QueuePrinter;
let stranger: BuiltUser;
let foreignWorkspace: number;
let foreignFile: number;
let foreignPrinter: number;

beforeAll(async () => {
  ({ t, user: admin } = await startServerWithUser({
    gatewayLimits: { printStartTimeoutMs: 400, commandTimeoutMs: 400 },
  }));
  junior = await buildUser(t);
  observer = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin);
  await addMember(t, workspaceId, junior, 'junior');
  await addMember(t, workspaceId, observer, 'observer');
  await enableQueue(t, admin, workspaceId);
  benchy = await uploadGcode(t, admin, workspaceId, 'benchy.gcode');
  hook = await uploadGcode(t, admin, workspaceId, 'hook.gcode', 'PLA');
  mk4 = await addQueuePrinter(t, admin, workspaceId, { name: 'MK4' });
  xl = await addQueuePrinter(t, admin, workspaceId, { name: 'XL', jobox: true });
  stranger = await buildUser(t);
  foreignWorkspace = await buildWorkspace(t, stranger);
  await enableQueue(t, stranger, foreignWorkspace);
  foreignFile = await uploadGcode(t, stranger, foreignWorkspace, 'theirs.gcode');
  foreignPrinter = (await addQueuePrinter(t, stranger, foreignWorkspace, { name: 'Theirs' })).id;
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>, token = admin.access, workspace = workspaceId) =>
  t.api(queuePath(workspace), { method: 'POST', token, body });
const patch = (id: number, body: Record<string, unknown>, token = admin.access) =>
  t.api(queuePath(workspaceId, `${id}/`), { method: 'PATCH', token, body });
const printNow = (id: number, body: Record<string, unknown> = {}, token = admin.access) =>
  t.api(queuePath(workspaceId, `${id}/print/`), { method: 'POST', token, body });
const countItems = async () =>
  Number(
    (
      await t.server.database.db
        .selectFrom('print_queue_items')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('adding items', () => {
  it('creates TO_BE_PRINTED items with the file, printer, who added it and when', async () => {
    const created = await add({ file: benchy, printer: mk4.id, state: 'TO_BE_PRINTED' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: 'TO_BE_PRINTED',
      box: 'queue',
      file: { id: benchy, name: 'benchy.gcode', filament_type: 'PETG' },
      printer: { id: mk4.id, name: 'MK4', jobox_enabled: false },
      print_job: null,
      jobox_autostart: false,
      added_by: { username: admin.email },
      started_by: null,
      start_problem: null,
    });
    expect(created.body.file.previewImages).toHaveLength(1);
    expect(Date.parse(created.body.added_on)).not.toBeNaN();
    const unassigned = await add({ file: hook }, junior.access);
    expect(unassigned.status).toBe(201);
    expect(unassigned.body).toMatchObject({ printer: null, added_by: { username: junior.email } });
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.queue.slice(-2)).toEqual([created.body.id, unassigned.body.id]);
  });

  it('keeps jobox_autostart only for a jobox printer, and resets it when the printer changes', async () => {
    const onPlain = await add({ file: benchy, printer: mk4.id, jobox_autostart: true });
    expect(onPlain.body.jobox_autostart).toBe(false);
    const onJobox = await add({ file: benchy, printer: xl.id, jobox_autostart: true });
    expect(onJobox.body).toMatchObject({ jobox_autostart: true, printer: { jobox_enabled: true } });
    const moved = await patch(onJobox.body.id, { printer: mk4.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ printer: { id: mk4.id }, jobox_autostart: false });
    const cleared = await patch(onJobox.body.id, { printer: null, jobox_autostart: true });
    expect(cleared.body).toMatchObject({ printer: null, jobox_autostart: false });
  });

  it('refuses another workspace’s file or printer with 404, a disabled printer with 400, and writes nothing', async () => {
    const before = await countItems();
    const foreign = await add({ file: foreignFile });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Gcode does not exists.');
    const foreignOnMine = await add({ file: benchy, printer: foreignPrinter });
    expect(foreignOnMine.status).toBe(404);
    expect(foreignOnMine.body.message).toBe('Printer with ID does not exists.');
    const off = await addQueuePrinter(t, admin, workspaceId, { name: 'Off' });
    await t.api(`/api/printers/${off.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { enabled: false },
    });
    const disabled = await add({ file: benchy, printer: off.id });
    expect(disabled.status).toBe(400);
    expect(disabled.body.details).toHaveProperty('printer');
    const bad = await add({ file: 'benchy', printer: mk4.id, extra: 1 });
    expect(bad.status).toBe(400);
    const wrongState = await add({ file: benchy, state: 'PRINTED' });
    expect(wrongState.status).toBe(400);
    expect(await countItems()).toBe(before);
    off.agent.close();
  });
});

describe('permissions and the workspace setting', () => {
  it('needs OPERATE_PRINTERS: observers get 403, strangers 404 for the workspace and its items', async () => {
    const item = (await add({ file: benchy })).body.id;
    expect((await t.api(queuePath(workspaceId), { token: observer.access })).status).toBe(403);
    expect((await add({ file: benchy }, observer.access)).status).toBe(403);
    expect((await t.api(queuePath(workspaceId), { token: stranger.access })).status).toBe(404);
    expect((await patch(item, { printer: mk4.id }, stranger.access)).status).toBe(404);
    const mine = (await add({ file: foreignFile }, stranger.access, foreignWorkspace)).body.id;
    // an item of another workspace through this workspace's path
    expect((await patch(mine, { printer: mk4.id })).status).toBe(404);
    expect(
      (await t.api(queuePath(workspaceId, `${mine}/`), { method: 'DELETE', token: admin.access }))
        .status,
    ).toBe(404);
    expect((await printNow(mine, { printer: mk4.id })).status).toBe(404);
  });

  it('answers 409 with the reason while the queue is switched off, and writes nothing', async () => {
    const other = await buildWorkspace(t, admin);
    const file = await uploadGcode(t, admin, other, 'off.gcode');
    const before = await countItems();
    const list = await t.api(queuePath(other), { token: admin.access });
    expect(list.status).toBe(409);
    expect(list.body.message).toBe('The print queue is switched off in this workspace.');
    expect((await add({ file }, admin.access, other)).status).toBe(409);
    expect(await countItems()).toBe(before);
  });

  it('lets PRINT_TO_GROUP and LIMITED_WRITE keys add items, FULL_READ only read, and no key edit', async () => {
    for (const scope of ['PRINT_TO_GROUP', 'LIMITED_WRITE'] as const) {
      const { key } = await createApiKey(t, admin.access, scope);
      const added = await add({ file: benchy }, key);
      expect(added.status, scope).toBe(201);
      expect((await patch(added.body.id, { printer: mk4.id }, key)).status, scope).toBe(403);
    }
    const { key: reader } = await createApiKey(t, admin.access, 'FULL_READ');
    expect((await t.api(queuePath(workspaceId), { token: reader })).status).toBe(200);
    expect((await add({ file: benchy }, reader)).status).toBe(403);
    const { key: juniorKey } = await createApiKey(t, observer.access, 'PRINT_TO_GROUP');
    expect((await add({ file: benchy }, juniorKey)).status).toBe(403);
  });
});

describe('transitions of spec part 2 §4.1', () => {
  it('Print records the job and printer and sets PRINTED; the item then moves Printing → Printed', async () => {
    const item = (await add({ file: benchy })).body.id;
    const noPrinter = await printNow(item);
    expect(noPrinter.status).toBe(400);
    const printed = await printNow(item, { printer: mk4.id });
    expect(printed.status).toBe(200);
    const jobId = mk4.printed().at(-1)!;
    expect(printed.body).toMatchObject({
      state: 'PRINTED',
      box: 'printing',
      printer: { id: mk4.id },
      print_job: { id: jobId, outcome: 'printing', video_state: 'NOT_RECORDED' },
      started_by: 'manual',
    });
    expect((await printNow(item, { printer: mk4.id })).status).toBe(409);
    const locked = await patch(item, { printer: xl.id });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(
      'The printer of an item can be changed only while it is in the queue.',
    );
    mk4.finish(jobId);
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).printed).toContain(item),
    );
    expect(mk4.printed().filter((id) => id === jobId)).toHaveLength(1);
  });

  it('keeps a job with a video in Printing until the video is finished', async () => {
    const item = (await add({ file: benchy, printer: mk4.id, make_video: true })).body.id;
    await eventually(async () => expect((await printNow(item)).status).toBe(200));
    const jobId = mk4.printed().at(-1)!;
    const setVideo = (state: string | null) =>
      t.server.database.db
        .updateTable('print_jobs')
        .set({ video_state: state })
        .where('id', '=', jobId)
        .execute();
    expect((await readBoxes(t, admin.access, workspaceId)).item(item)).toMatchObject({
      box: 'printing',
      print_job: { outcome: 'printing', video_state: null },
    });
    mk4.finish(jobId);
    await eventually(async () =>
      expect((await readBoxes(t, admin.access, workspaceId)).item(item).print_job.outcome).toBe(
        'done',
      ),
    );
    // as the video pipeline moves the state, the item follows
    for (const [state, box] of [
      ['ANALYZING', 'printing'],
      ['RECORDING', 'printing'],
      ['READY', 'printed'],
      ['FAILED', 'printed'],
      ['NOT_RECORDED', 'printed'],
    ] as const) {
      await setVideo(state);
      expect((await readBoxes(t, admin.access, workspaceId)).item(item).box, state).toBe(box);
    }
  });

  it('Archive moves PRINTED to DONE, or deletes the item when the file already has a DONE item', async () => {
    const first = (await add({ file: hook })).body.id;
    const second = (await add({ file: hook })).body.id;
    const queued = (await add({ file: hook })).body.id;
    const jobs = await t.server.database.db
      .selectFrom('print_jobs')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .execute();
    expect((await patch(queued, { state: 'DONE' })).status).toBe(409);
    expect((await patch(first, { state: 'PRINTED' })).status).toBe(400);
    const foreignJob = await t.server.database.db
      .insertInto('print_jobs')
      .values({
        workspace_id: foreignWorkspace,
        file_id: foreignFile,
        file_name: 'theirs.gcode',
        printer_id: foreignPrinter,
        printer_name: 'Theirs',
        device_key_id: 1,
        user_id: stranger.id,
        username: stranger.email,
        started_on: new Date().toISOString(),
        ...RUNNING_JOB_COLUMNS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await patch(first, { state: 'PRINTED', print_job: foreignJob.id })).status).toBe(404);
    const recorded = await patch(first, { state: 'PRINTED', print_job: jobs[0]!.id });
    expect(recorded.body).toMatchObject({ state: 'PRINTED', print_job: { id: jobs[0]!.id } });
    await patch(second, { state: 'PRINTED', print_job: jobs[1]!.id });

    const archived = await patch(first, { state: 'DONE' });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ state: 'DONE', box: 'archive' });
    expect(archived.body.done_on).not.toBeNull();
    const duplicate = await patch(second, { state: 'DONE' });
    expect(duplicate.status).toBe(204);
    const boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.archive).toContain(first);
    expect(boxes.item(second)).toBeUndefined();
    expect(boxes.body.results.filter((i: any) => i.file.id === hook && i.state === 'DONE')) // eslint-disable-line @typescript-eslint/no-explicit-any
      .toHaveLength(1);
    expect((await patch(first, { state: 'TO_BE_PRINTED' })).status).toBe(409);
  });

  it('Remove deletes an item; Archive lists newest first', async () => {
    const item = (await add({ file: benchy })).body.id;
    const removed = await t.api(queuePath(workspaceId, `${item}/`), {
      method: 'DELETE',
      token: admin.access,
    });
    expect(removed.status).toBe(204);
    expect((await readBoxes(t, admin.access, workspaceId)).item(item)).toBeUndefined();
    expect(
      (await t.api(queuePath(workspaceId, `${item}/`), { method: 'DELETE', token: admin.access }))
        .status,
    ).toBe(404);
  });

  it('a refused start leaves the item in the queue with the reason; a timed-out one too, never re-sent', async () => {
    const item = (await add({ file: benchy, printer: mk4.id })).body.id;
    mk4.answerWith('refuse');
    const requestsBefore = mk4.agent.requests.length;
    const refused = await printNow(item);
    expect(refused.status).toBe(409);
    let boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.item(item)).toMatchObject({
      state: 'TO_BE_PRINTED',
      box: 'queue',
      is_starting: false,
      start_problem: { message: refused.body.message, is_held: false },
    });
    mk4.answerWith('silent');
    const slow = await printNow(item);
    expect(slow.status).toBe(408);
    expect(slow.body.message).toBe('It took too long to upload Gcode to printer');
    boxes = await readBoxes(t, admin.access, workspaceId);
    expect(boxes.item(item)).toMatchObject({
      state: 'TO_BE_PRINTED',
      start_problem: { message: 'It took too long to upload Gcode to printer', is_held: true },
    });
    await t.server.services.printQueue.dispatcher.tick();
    expect(mk4.agent.requests.length - requestsBefore).toBe(2);
    mk4.answerWith('start');
  });

  it('reorders the Queue box', async () => {
    const a = (await add({ file: benchy })).body.id;
    const b = (await add({ file: benchy })).body.id;
    const c = (await add({ file: benchy })).body.id;
    const reordered = await t.api(queuePath(workspaceId, 'order/'), {
      method: 'PUT',
      token: admin.access,
      body: { ids: [c, a, b] },
    });
    expect(reordered.status).toBe(200);
    const queue = (await readBoxes(t, admin.access, workspaceId)).queue;
    expect(queue.filter((id) => [a, b, c].includes(id))).toEqual([c, a, b]);
    const bad = await t.api(queuePath(workspaceId, 'order/'), {
      method: 'PUT',
      token: admin.access,
      body: { ids: [] },
    });
    expect(bad.status).toBe(400);
  });
});
