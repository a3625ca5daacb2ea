import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { enableQueue, uploadGcode } from '../../../test-support/print-queue.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let workspaceId: number;
beforeAll(async () => {
  ({ t, user: admin } = await startServerWithUser());
  observer = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin);
  await addMember(t, workspaceId, observer, 'observer');
  await enableQueue(t, admin, workspaceId);
});
afterAll(() => t.close());

const impactUrl = (fileId: number, space = workspaceId) =>
  `/api/groups/${space}/files/${fileId}/deletion-impact/`;

async function queue(fileId: number): Promise<void> {
  const response = await t.api(`/api/groups/${workspaceId}/print-queue/`, {
    method: 'POST',
    token: admin.access,
    body: { file: fileId },
  });
  expect(response.status).toBe(201);
}

describe('GET /api/groups/{g}/files/{id}/deletion-impact/', () => {
  it('counts the queue items a delete takes with the file, for anyone who sees the file', async () => {
    const queued = await uploadGcode(t, admin, workspaceId, 'queued.gcode');
    const alone = await uploadGcode(t, admin, workspaceId, 'alone.gcode');
    await queue(queued);
    await queue(queued);

    const counted = await t.api(impactUrl(queued), { token: observer.access });
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ queue_items: 2 });
    expect((await t.api(impactUrl(alone), { token: admin.access })).body).toEqual({
      queue_items: 0,
    });

    // and they do go with it
    const deleted = await t.api(`/api/groups/${workspaceId}/files/${queued}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(deleted.status).toBe(204);
    const list = await t.api(`/api/groups/${workspaceId}/print-queue/`, { token: admin.access });
    expect(JSON.stringify(list.body)).not.toContain('queued.gcode');
  });

  it('is 404 for a file of another workspace, and for a stranger', async () => {
    const stranger = await buildUser(t);
    const otherSpace = await buildWorkspace(t, stranger);
    const mine = await uploadGcode(t, admin, workspaceId, 'mine.gcode');
    expect((await t.api(impactUrl(mine, otherSpace), { token: stranger.access })).status).toBe(404);
    expect([403, 404]).toContain((await t.api(impactUrl(mine), { token: stranger.access })).status);
  });
});
