import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSystemAdmin, buildUser, type BuiltUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { authenticatorCode, enableTwoFactor } from '../../../test-support/two-factor.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { createApiKey } from '../../../test-support/api-keys.js';

let t: TestServer;
const clock = new TestClock();
let sysadmin: BuiltUser;
let sysadminSecret: string;
let reader: BuiltUser;

beforeAll(async () => {
  t = await startTestServer({ clock });
  sysadmin = await buildSystemAdmin(t);
  // a system administrator's powers need two-factor sign-in
  sysadminSecret = (await enableTwoFactor(t, sysadmin.access, clock)).secret;
  reader = await buildUser(t);
});
afterAll(() => t.close());

/** Moving the clock on ends access tokens: sign in once more. */
async function signInAgain(...users: BuiltUser[]) {
  for (const user of users) {
    user.access = (
      await t.api('/api/tokens/', {
        method: 'POST',
        body: {
          username: user.email,
          password: user.password,
          ...(user === sysadmin ? { otp: authenticatorCode(sysadminSecret, clock) } : {}),
        },
      })
    ).body.access;
  }
}

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * 3600_000).toISOString();
const write = (body: unknown, token = sysadmin.access) =>
  t.api('/api/admin/news/', { method: 'POST', token, body });
const readList = (lang = 'EN', token = reader.access) =>
  t.api(`/api/users/me/news/?lang=${lang}`, { token });
const mark = (id: number, isRead: boolean, token = reader.access) =>
  t.api(`/api/users/me/news/${id}/`, { method: 'POST', token, body: { is_read: isRead } });

describe('news', () => {
  it('system administrators write, change and delete news; everyone else gets 403', async () => {
    const created = await write({
      title_en: 'Welcome',
      perex_en: 'Short',
      content_en: '# Hello\n\n<script>alert(1)</script>',
      title_cs: 'Vítejte',
      publish_from: inHours(-1),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title_en: 'Welcome',
      title_cs: 'Vítejte',
      perex_cs: '',
      content_en: '# Hello\n\n<script>alert(1)</script>',
    });
    const changed = await t.api(`/api/admin/news/${created.body.id}/`, {
      method: 'PATCH',
      token: sysadmin.access,
      body: { perex_cs: 'Krátce' },
    });
    expect(changed.body).toMatchObject({ perex_cs: 'Krátce', title_en: 'Welcome' });
    const all = await t.api('/api/admin/news/', { token: sysadmin.access });
    expect(all.body.map((n: { id: number }) => n.id)).toContain(created.body.id);

    const key = (await createApiKey(t, sysadmin.access, 'LIMITED_WRITE')).key;
    for (const token of [reader.access, key]) {
      expect((await write({ title_en: 'x', publish_from: inHours(0) }, token)).status).toBe(403);
      expect((await t.api('/api/admin/news/', { token })).status).toBe(403);
      const patch = await t.api(`/api/admin/news/${created.body.id}/`, {
        method: 'PATCH',
        token,
        body: { title_en: 'Hacked' },
      });
      expect(patch.status).toBe(403);
      const remove = await t.api(`/api/admin/news/${created.body.id}/`, {
        method: 'DELETE',
        token,
      });
      expect(remove.status).toBe(403);
    }
    const removed = await t.api(`/api/admin/news/${created.body.id}/`, {
      method: 'DELETE',
      token: sysadmin.access,
    });
    expect(removed.status).toBe(204);
    expect(
      (
        await t.api(`/api/admin/news/${created.body.id}/`, {
          method: 'DELETE',
          token: sysadmin.access,
        })
      ).status,
    ).toBe(404);
  });

  it('readers see published items only, newest first, in their language, with an unread count', async () => {
    const older = (
      await write({
        title_en: 'Older',
        perex_en: 'o',
        content_en: 'old',
        title_cs: 'Starší',
        content_cs: 'staré',
        publish_from: inHours(-48),
      })
    ).body;
    const newer = (
      await write({
        title_en: 'Newer',
        perex_en: 'n',
        content_en: '**new**',
        publish_from: inHours(-2),
      })
    ).body;
    const future = (await write({ title_en: 'Future', publish_from: inHours(5) })).body;

    const list = await readList();
    expect(list.status).toBe(200);
    expect(list.body.results.map((n: { id: number }) => n.id)).toEqual([newer.id, older.id]);
    expect(list.body.unread_count).toBe(2);
    expect(list.body.results[0]).toEqual({
      id: newer.id,
      title: 'Newer',
      perex: 'n',
      content: '**new**',
      date: newer.publish_from.slice(0, 10),
      publish_from: newer.publish_from,
      is_read: false,
    });
    const czech = await readList('cs');
    expect(czech.body.results.map((n: { title: string }) => n.title)).toEqual(['Newer', 'Starší']);
    expect(czech.body.results[1].content).toBe('staré');
    expect((await readList('DE')).status).toBe(400);

    expect((await mark(future.id, true)).status).toBe(404);
    clock.advance(6 * 3600);
    await signInAgain(reader, sysadmin);
    const later = await readList();
    expect(later.body.results[0].id).toBe(future.id);
    expect(later.body.unread_count).toBe(3);
  });

  it('marks an item read and unread again, for this reader only', async () => {
    const item = (await write({ title_en: 'Read me', publish_from: inHours(-1) })).body;
    const before = (await readList()).body.unread_count;
    const read = await mark(item.id, true);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: item.id, is_read: true, unread_count: before - 1 });
    expect((await mark(item.id, true)).body.unread_count).toBe(before - 1);
    const listed = (await readList()).body.results.find((n: { id: number }) => n.id === item.id);
    expect(listed.is_read).toBe(true);
    const other = await buildUser(t);
    const theirs = (await readList('EN', other.access)).body.results.find(
      (n: { id: number }) => n.id === item.id,
    );
    expect(theirs.is_read).toBe(false);
    const unread = await mark(item.id, false);
    expect(unread.body).toEqual({ id: item.id, is_read: false, unread_count: before });
    expect((await mark(999999, true)).status).toBe(404);
  });

  it('refuses a news item without an English title or a proper publish-from moment', async () => {
    expect((await write({ title_en: '', publish_from: inHours(0) })).status).toBe(400);
    const moment = await write({ title_en: 'x', publish_from: 'tomorrow' });
    expect(Object.keys(moment.body.details)).toEqual(['publish_from']);
  });
});
