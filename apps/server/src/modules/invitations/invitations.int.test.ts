import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeInvitationTokenPayload } from '@printdeck/shared';
import {
  buildSystemAdmin,
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import {
  extractLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let smtp: SmtpCapture;
const clock = new TestClock();
let admin: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ t, user: admin } = await startServerWithUser({ clock, env: { SMTP_URL: smtp.url } }));
  workspaceId = await buildWorkspace(t, admin, 'Fab Lab');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let sequence = 0;
const newAddress = () => `invitee${++sequence}-${Date.now()}@example.com`;
const invite = (username: string, token = admin.access, group = workspaceId) =>
  t.api(`/api/groups/${group}/users/`, {
    method: 'POST',
    token,
    body: { username, role: 'observer' },
  });
const membersOf = async (group = workspaceId) =>
  (await t.api(`/api/groups/${group}/users/`, { token: admin.access })).body;

async function invitationToken(email: string): Promise<string> {
  const link = extractLink((await smtp.waitForMail(email)).text);
  expect(`${link.origin}${link.pathname}`).toBe('http://printdeck.test/invitations/accept');
  return link.searchParams.get('token')!;
}

describe('invite a new address', () => {
  it('mails a link; the invitee registers through it and is an observer, then promoted can upload', async () => {
    const email = newAddress();
    const invited = await invite(email.toUpperCase());
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      status: 'invited',
      invitation: { email, role: 'observer' },
    });
    const { createdOn, validUntil } = invited.body.invitation;
    expect(Date.parse(validUntil) - Date.parse(createdOn)).toBe(7 * 24 * 3600 * 1000);
    expect((await membersOf()).pendingInvitations).toContainEqual(invited.body.invitation);

    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('You are invited to a Printdeck workspace');
    expect(mail.text).toContain(`${admin.email} invited you to the workspace "Fab Lab"`);
    const token = await invitationToken(email);
    expect(decodeInvitationTokenPayload(token)).toMatchObject({
      email,
      purpose: 'invitation',
      workspace: 'Fab Lab',
      has_account: false,
    });

    const accepted = await t.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'my invited passphrase' },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email, username: email });
    const login = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: email, password: 'my invited passphrase' },
    });
    expect(login.status).toBe(200);
    const groups = await t.api('/api/users/me/groups/', { token: login.body.access });
    expect(groups.body).toHaveLength(1);
    expect(groups.body[0]).toMatchObject({ id: workspaceId, me: { role: 'observer' } });
    const members = await membersOf();
    expect(members.users).toContainEqual(expect.objectContaining({ email, role: 'observer' }));
    expect(members.pendingInvitations.map((i: { email: string }) => i.email)).not.toContain(email);

    const upload = () =>
      uploadFile(t, login.body.access, workspaceId, {
        bytes: buildTextGcode(),
        filename: 'x.gcode',
      });
    expect((await upload()).status).toBe(403);
    await t.api(`/api/groups/${workspaceId}/users/${accepted.body.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { role: 'user' },
    });
    expect((await upload()).status).toBe(201);

    const again = await t.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'another passphrase' },
    });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({
      code: 'token_not_valid',
      message: 'The invitation is invalid or has expired.',
    });
  });

  it("answers 'User already invited' for a pending invitation, and for a member", async () => {
    const email = newAddress();
    expect((await invite(email)).status).toBe(201);
    const twice = await invite(email);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ code: 'conflict', message: 'User already invited' });
    const member = await invite(admin.email);
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('User already invited');
  });

  it('stores only a hash of the token; a withdrawn invitation cannot be accepted', async () => {
    const email = newAddress();
    const { body } = await invite(email);
    const token = await invitationToken(email);
    const rows = JSON.stringify(
      await t.server.database.db.selectFrom('workspace_invitations').selectAll().execute(),
    );
    expect(rows).not.toContain(token.split('.')[1]);
    const withdrawn = await t.api(`/api/groups/${workspaceId}/invitations/${body.invitation.id}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(withdrawn.status).toBe(204);
    const accept = await t.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'a fine passphrase' },
    });
    expect(accept.status).toBe(401);
    expect((await invite(email)).status).toBe(201);
  });

  it('a signed-in invitee joins with the token; another account cannot use it', async () => {
    const email = newAddress();
    await invite(email);
    const token = await invitationToken(email);
    const someoneElse = await buildUser(t);
    const wrong = await t.api('/api/users/me/invitations/accept/', {
      method: 'POST',
      token: someoneElse.access,
      body: { token },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('This invitation was sent to another e-mail address.');
    const invitee = await buildUser(t, { email });
    const viaPassword = await t.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'one more passphrase' },
    });
    expect(viaPassword.status).toBe(409);
    const joined = await t.api('/api/users/me/invitations/accept/', {
      method: 'POST',
      token: invitee.access,
      body: { token },
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ id: workspaceId, me: { role: 'observer' } });
  });

  it('an invitation to workspace A never lets anyone into workspace B', async () => {
    const other = await buildWorkspace(t, admin, 'Other');
    const email = newAddress();
    await invite(email);
    const token = await invitationToken(email);
    await t.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'bound passphrase' },
    });
    const users = (await membersOf(other)).users.map((u: { email: string }) => u.email);
    expect(users).not.toContain(email);
  });
});

describe('invite an existing account', () => {
  it('sends the same invitation as to a new address; membership exists only once the recipient accepts in the app', async () => {
    const existing = await buildUser(t);
    const stranger = newAddress();
    const toAccount = await invite(existing.email);
    const toStranger = await invite(stranger);
    expect(toAccount.status).toBe(201);
    expect(Object.keys(toAccount.body).sort()).toEqual(Object.keys(toStranger.body).sort());
    expect(toAccount.body).toMatchObject({
      status: 'invited',
      invitation: { email: existing.email, role: 'observer' },
    });
    const mail = await smtp.waitForMail(existing.email);
    expect(mail.subject).toBe('You are invited to a Printdeck workspace');
    expect(extractLink(mail.text).pathname).toBe('/invitations/accept');
    // the link tells its screen to sign in rather than register (only the mailbox learns it)
    const token = extractLink(mail.text).searchParams.get('token')!;
    expect(decodeInvitationTokenPayload(token)).toMatchObject({ has_account: true });

    // not a member yet: the workspace is not theirs, and the admin does not see them as member
    const before = await t.api('/api/users/me/groups/', { token: existing.access });
    expect(before.body.map((g: { id: number }) => g.id)).not.toContain(workspaceId);
    expect((await membersOf()).users.map((u: { email: string }) => u.email)).not.toContain(
      existing.email,
    );
    expect(
      (await t.api(`/api/groups/${workspaceId}/printers/`, { token: existing.access })).status,
    ).toBe(404);

    const mine = await t.api('/api/users/me/invitations/', { token: existing.access });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      {
        id: toAccount.body.invitation.id,
        workspace_name: 'Fab Lab',
        invited_by: admin.email,
        role: 'observer',
        createdOn: toAccount.body.invitation.createdOn,
        validUntil: toAccount.body.invitation.validUntil,
      },
    ]);
    const someoneElse = await buildUser(t);
    const notTheirs = await t.api(
      `/api/users/me/invitations/${toAccount.body.invitation.id}/accept/`,
      { method: 'POST', token: someoneElse.access },
    );
    expect(notTheirs.status).toBe(404);
    expect((await t.api('/api/users/me/invitations/', { token: someoneElse.access })).body).toEqual(
      [],
    );

    const accepted = await t.api(
      `/api/users/me/invitations/${toAccount.body.invitation.id}/accept/`,
      { method: 'POST', token: existing.access },
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ id: workspaceId, me: { role: 'observer' } });
    expect((await membersOf()).users).toContainEqual({
      userId: existing.id,
      email: existing.email,
      role: 'observer',
    });
    expect((await t.api('/api/users/me/invitations/', { token: existing.access })).body).toEqual(
      [],
    );
    const twice = await t.api(`/api/users/me/invitations/${toAccount.body.invitation.id}/accept/`, {
      method: 'POST',
      token: existing.access,
    });
    expect(twice.status).toBe(404);
  });

  it('the recipient may decline: no membership, and the admin may invite again', async () => {
    const existing = await buildUser(t);
    const { body } = await invite(existing.email);
    const declined = await t.api(`/api/users/me/invitations/${body.invitation.id}/`, {
      method: 'DELETE',
      token: existing.access,
    });
    expect(declined.status).toBe(204);
    expect((await membersOf()).users.map((u: { email: string }) => u.email)).not.toContain(
      existing.email,
    );
    expect((await membersOf()).pendingInvitations.map((i: { id: number }) => i.id)).not.toContain(
      body.invitation.id,
    );
    expect((await invite(existing.email)).status).toBe(201);
  });

  it("a system administrator invited to a stranger's workspace is not put into it", async () => {
    const sysadmin = await buildSystemAdmin(t);
    const stranger = await buildUser(t);
    const strangersSpace = await buildWorkspace(t, stranger, 'Trap');
    const response = await invite(sysadmin.email, stranger.access, strangersSpace);
    expect(response.status).toBe(201);
    const groups = await t.api('/api/users/me/groups/', { token: sysadmin.access });
    expect(groups.body.map((g: { id: number }) => g.id)).not.toContain(strangersSpace);
    const members = await t.api(`/api/groups/${strangersSpace}/users/`, {
      token: stranger.access,
    });
    expect(members.body.users.map((u: { email: string }) => u.email)).toEqual([stranger.email]);
  });

  it('keeps names out of mail headers, and builds links from PUBLIC_URL, not the Host header', async () => {
    const tricky = await buildWorkspace(t, admin, 'x\r\nBcc: evil@example.com');
    const email = newAddress();
    const response = await t.api(`/api/groups/${tricky}/users/`, {
      method: 'POST',
      token: admin.access,
      body: { username: email },
      headers: { host: 'attacker.test', 'x-forwarded-host': 'attacker.test' },
    });
    expect(response.status).toBe(201);
    const mail = await smtp.waitForMail(email);
    expect(mail.to).toBe(email);
    expect(smtp.mails.some((m) => m.to.includes('evil@example.com'))).toBe(false);
    expect(mail.text).toContain('"x  Bcc: evil@example.com"');
    expect(extractLink(mail.text).host).toBe('printdeck.test');
  });
});

describe('permissions and isolation', () => {
  it('only MANAGE_GROUP_MEMBERS may invite, analyse or withdraw; strangers get 404', async () => {
    const user = await buildUser(t);
    await addMember(t, workspaceId, user, 'user');
    const stranger = await buildUser(t);
    await buildWorkspace(t, stranger);
    const { body } = await invite(newAddress());
    const tries = (token: string) => [
      invite(newAddress(), token),
      t.api(`/api/groups/${workspaceId}/users/analyze/`, {
        method: 'POST',
        token,
        body: { emails: ['a@example.com'] },
      }),
      t.api(`/api/groups/${workspaceId}/invitations/${body.invitation.id}/`, {
        method: 'DELETE',
        token,
      }),
    ];
    for (const response of await Promise.all(tries(user.access))) expect(response.status).toBe(403);
    for (const response of await Promise.all(tries(stranger.access))) {
      expect(response.status).toBe(404);
    }
    const ownGroup = await buildWorkspace(t, stranger);
    const foreignInvitation = await t.api(
      `/api/groups/${ownGroup}/invitations/${body.invitation.id}/`,
      { method: 'DELETE', token: stranger.access },
    );
    expect(foreignInvitation.status).toBe(404);
    expect((await membersOf()).pendingInvitations.map((i: { id: number }) => i.id)).toContain(
      body.invitation.id,
    );
  });

  it('members who may see members but not manage them see no pending invitations', async () => {
    const user = await buildUser(t);
    await addMember(t, workspaceId, user, 'user');
    await invite(newAddress());
    const list = await t.api(`/api/groups/${workspaceId}/users/`, { token: user.access });
    expect(list.status).toBe(200);
    expect(list.body.pendingInvitations).toEqual([]);
  });

  it('refuses an invalid address with the spec message', async () => {
    const response = await invite('not-an-address');
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual({ username: ['Enter a valid email address.'] });
    const role = await t.api(`/api/groups/${workspaceId}/users/`, {
      method: 'POST',
      token: admin.access,
      body: { username: newAddress(), role: 'admin' },
    });
    expect(role.status).toBe(400);
  });
});

describe('POST /api/groups/{g}/users/analyze/', () => {
  it('sorts unique addresses into new, invited and member by this workspace alone, and lists missing members', async () => {
    const group = await buildWorkspace(t, admin, 'Class');
    const member = await buildUser(t);
    await addMember(t, group, member, 'observer');
    const leaver = await buildUser(t);
    await addMember(t, group, leaver, 'junior');
    const outsider = await buildUser(t);
    const pending = newAddress();
    await invite(pending, admin.access, group);
    const fresh = newAddress();
    const response = await t.api(`/api/groups/${group}/users/analyze/`, {
      method: 'POST',
      token: admin.access,
      body: { emails: [fresh, member.email, outsider.email, pending, ` ${fresh.toUpperCase()} `] },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      { email: fresh, status: 'new' },
      { email: member.email, status: 'member' },
      // an account elsewhere is not revealed: it is as new as an unknown address
      { email: outsider.email, status: 'new' },
      { email: pending, status: 'invited' },
    ]);
    // the admin who asks is not "missing" from their own list
    expect(response.body.missing.map((m: { email: string }) => m.email)).toEqual([leaver.email]);
    expect((await membersOf(group)).users).toHaveLength(3);
  });

  it('takes at most 1000 lines and names the bad ones', async () => {
    const tooMany = await t.api(`/api/groups/${workspaceId}/users/analyze/`, {
      method: 'POST',
      token: admin.access,
      body: { emails: Array.from({ length: 1001 }, (_, i) => `u${i}@example.com`) },
    });
    expect(tooMany.status).toBe(400);
    const bad = await t.api(`/api/groups/${workspaceId}/users/analyze/`, {
      method: 'POST',
      token: admin.access,
      body: { emails: ['ok@example.com', 'broken'] },
    });
    expect(bad.body.details).toEqual({ 'emails.1': ['Enter a valid email address.'] });
  });
});

// last: moving the clock a week on also ends the admin's access token
describe('expiry', () => {
  it('expires after seven days, and may then be sent again', async () => {
    const email = newAddress();
    expect((await invite(email)).status).toBe(201);
    const token = await invitationToken(email);
    clock.advance(7 * 24 * 3600 + 1);
    const late = await t.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'a late passphrase' },
    });
    expect(late.status).toBe(401);
    admin.access = (
      await t.api('/api/tokens/', {
        method: 'POST',
        body: { username: admin.email, password: admin.password },
      })
    ).body.access;
    expect(
      (await membersOf()).pendingInvitations.map((i: { email: string }) => i.email),
    ).not.toContain(email);
    expect((await invite(email)).status).toBe(201);
  });
});
