import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMailTokenPayload } from '@printdeck/shared';
import { buildUser } from '../../../test-support/factories.js';
import {
  extractLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let smtp: SmtpCapture;
const clock = new TestClock();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({
    clock,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Printdeck <robot@printdeck.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function requestRegistration(email: string, language = 'en') {
  const response = await t.api('/api/invitations/', {
    method: 'POST',
    body: { email },
    headers: { 'accept-language': language },
  });
  expect(response.status).toBe(202);
  return smtp.waitForMail(email);
}

describe('registration by mailed link', () => {
  it('mails a link to /registration/confirm whose token names the e-mail, then creates the account with a workspace', async () => {
    const mail = await requestRegistration('New.Member@Example.com');
    expect(mail.from).toContain('robot@printdeck.test');
    const link = extractLink(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe('http://printdeck.test/registration/confirm');
    const token = link.searchParams.get('activate')!;
    expect(decodeMailTokenPayload(token)).toMatchObject({
      email: 'new.member@example.com',
      purpose: 'registration',
    });

    const created = await t.api('/api/users/', {
      method: 'POST',
      body: { token, password: 'my new passphrase' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'new.member@example.com',
      username: 'new.member@example.com',
    });

    const login = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: 'new.member@example.com', password: 'my new passphrase' },
    });
    expect(login.status).toBe(200);
    const groups = await t.api('/api/users/me/groups/', { token: login.body.access });
    expect(groups.body).toHaveLength(1);
    expect(groups.body[0]).toMatchObject({ name: 'new.member', me: { role: 'admin' } });
  });

  it('the link works once', async () => {
    const token = extractLink(
      (await requestRegistration('once@example.com')).text,
    ).searchParams.get('activate')!;
    expect(
      (
        await t.api('/api/users/', {
          method: 'POST',
          body: { token, password: 'first passphrase' },
        })
      ).status,
    ).toBe(201);
    const again = await t.api('/api/users/', {
      method: 'POST',
      body: { token, password: 'second passphrase' },
    });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({
      code: 'token_not_valid',
      message: 'Registration token is invalid or expired. Please try to register again.',
    });
  });

  it('the link expires after 48 hours', async () => {
    const token = extractLink(
      (await requestRegistration('late@example.com')).text,
    ).searchParams.get('activate')!;
    clock.advance(48 * 3600 + 1);
    const response = await t.api('/api/users/', {
      method: 'POST',
      body: { token, password: 'late passphrase' },
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('token_not_valid');
  });

  it('a refused password keeps the link usable and creates nothing', async () => {
    const token = extractLink(
      (await requestRegistration('weak@example.com')).text,
    ).searchParams.get('activate')!;
    const weak = await t.api('/api/users/', {
      method: 'POST',
      body: { token, password: 'password' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.details.password[0]).toMatch(/at least 8|too common/);
    const common = await t.api('/api/users/', {
      method: 'POST',
      body: { token, password: 'password123' },
    });
    expect(common.body.details).toEqual({ password: ['This password is too common.'] });
    const users = await t.server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'weak@example.com')
      .execute();
    expect(users).toHaveLength(0);
    expect(
      (
        await t.api('/api/users/', {
          method: 'POST',
          body: { token, password: 'a strong passphrase' },
        })
      ).status,
    ).toBe(201);
  });

  it('stores only hashes of mailed tokens', async () => {
    const token = extractLink(
      (await requestRegistration('hash@example.com')).text,
    ).searchParams.get('activate')!;
    const rows = await t.server.database.db.selectFrom('mail_tokens').selectAll().execute();
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(token.split('.')[1]);
  });

  it('answers alike for a registered address, which gets a password reset hint instead', async () => {
    const user = await buildUser(t);
    const response = await t.api('/api/invitations/', {
      method: 'POST',
      body: { email: user.email },
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({});
    const mail = await smtp.waitForMail(user.email);
    expect(extractLink(mail.text).pathname).toBe('/password-reset/confirm');
  });

  it('writes the mail in Czech for a Czech browser', async () => {
    const mail = await requestRegistration('cesky@example.com', 'cs-CZ,cs;q=0.9');
    expect(mail.subject).toBe('Dokončete registraci v Printdecku');
  });

  it('refuses an invalid address with the spec message', async () => {
    const response = await t.api('/api/invitations/', {
      method: 'POST',
      body: { email: 'not-an-address' },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('password reset', () => {
  it('mails a link, sets the new password once, and signs out every session', async () => {
    const user = await buildUser(t);
    expect(
      (
        await t.api('/api/users/password-reset/request/', {
          method: 'POST',
          body: { email: user.email.toUpperCase() },
        })
      ).status,
    ).toBe(202);
    const token = extractLink((await smtp.waitForMail(user.email)).text).searchParams.get('reset')!;
    const confirm = await t.api('/api/users/password-reset/confirm/', {
      method: 'POST',
      body: { token, password: 'a brand new passphrase' },
    });
    expect(confirm.status).toBe(204);
    expect((await t.api('/api/users/me/', { token: user.access })).status).toBe(401);
    expect(
      (
        await t.api('/api/tokens/', {
          method: 'POST',
          body: { username: user.email, password: user.password },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.api('/api/tokens/', {
          method: 'POST',
          body: { username: user.email, password: 'a brand new passphrase' },
        })
      ).status,
    ).toBe(200);
    const reuse = await t.api('/api/users/password-reset/confirm/', {
      method: 'POST',
      body: { token, password: 'yet another passphrase' },
    });
    expect(reuse.body).toEqual({
      code: 'token_not_valid',
      message: 'Security token is invalid or expired. Please proceed to password reset again.',
    });
  });

  it('answers alike for an unknown address and sends nothing', async () => {
    const before = smtp.mails.length;
    const response = await t.api('/api/users/password-reset/request/', {
      method: 'POST',
      body: { email: 'ghost@example.com' },
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('a registration token cannot reset a password', async () => {
    const token = extractLink(
      (await requestRegistration('crossover@example.com')).text,
    ).searchParams.get('activate')!;
    const response = await t.api('/api/users/password-reset/confirm/', {
      method: 'POST',
      body: { token, password: 'some passphrase' },
    });
    expect(response.status).toBe(401);
  });
});
