import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFakeAgent, eventually } from '../../../test-support/fake-agent.js';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let owner: BuiltUser;
beforeAll(async () => ({ t, user: owner } = await startServerWithUser()));
afterAll(() => t.close());

const stepsOf = async (workspaceId: number, token = owner.access) =>
  t.api(`/api/groups/${workspaceId}/getting-started/`, { token });

describe('GET /api/groups/{g}/getting-started/', () => {
  it('ticks each first step as it really happens: printer added, its agent connected, a file, an invitation', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    expect((await stepsOf(workspaceId)).body).toEqual({
      printer_added: false,
      printer_connected: false,
      file_uploaded: false,
      member_invited: false,
    });

    // added but never connected: not yet the step
    const key = (await t.api('/api/device_keys/', { method: 'POST', token: owner.access })).body
      .token;
    await t.api('/api/printers/', {
      method: 'POST',
      token: owner.access,
      body: { group: workspaceId, name: 'Mk3', token: key },
    });
    expect((await stepsOf(workspaceId)).body).toMatchObject({
      printer_added: true,
      printer_connected: false,
    });
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    await eventually(async () =>
      expect((await stepsOf(workspaceId)).body.printer_connected).toBe(true),
    );
    // once connected the step stays done when the agent goes away
    agent.close();

    expect(
      (await uploadFile(t, owner.access, workspaceId, { bytes: buildTextGcode() })).status,
    ).toBe(201);
    expect((await stepsOf(workspaceId)).body).toMatchObject({
      printer_connected: true,
      file_uploaded: true,
      member_invited: false,
    });

    const invited = await t.api(`/api/groups/${workspaceId}/users/`, {
      method: 'POST',
      token: owner.access,
      body: { username: 'newcomer@example.com' },
    });
    expect(invited.status).toBe(201);
    expect((await stepsOf(workspaceId)).body).toEqual({
      printer_added: true,
      printer_connected: true,
      file_uploaded: true,
      member_invited: true,
    });
  });

  it('counts a second member as invited; an observer may read the steps, a stranger finds nothing', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    const observer = await buildUser(t);
    await addMember(t, workspaceId, observer, 'observer');
    const seen = await stepsOf(workspaceId, observer.access);
    expect(seen.status).toBe(200);
    expect(seen.body.member_invited).toBe(true);

    const stranger = await buildUser(t);
    expect((await stepsOf(workspaceId, stranger.access)).status).toBe(404);
  });
});
