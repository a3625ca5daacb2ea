import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it('request URLs are logged with their secrets redacted: mailed links, download tokens, API keys', async () => {
  const user = await buildUser(t);
  const key = (
    await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: user.access,
      body: { name: 'logged' },
    })
  ).body.key as string;
  const mailToken = 'eyJlbWFpbCI6ImFAYi5jeiJ9.mailedsecretmailedsecretmailedsecret42';
  const secrets = {
    [`/registration/confirm?activate=${mailToken}`]: mailToken,
    [`/password-reset/confirm?reset=${mailToken}`]: mailToken,
    [`/invitations/accept?token=${mailToken}`]: mailToken,
    [`/api/files/1/content/?token=${user.access}`]: user.access,
    [`/api/users/me/?apikey=${key}`]: key,
  };
  for (const url of Object.keys(secrets)) await t.api(url);

  const logged = t.logs
    .map((line) => (line.req as { url?: string } | undefined)?.url)
    .filter((url): url is string => url !== undefined);
  expect(logged).toEqual(
    expect.arrayContaining([
      '/registration/confirm?activate=[redacted]',
      '/password-reset/confirm?reset=[redacted]',
      '/invitations/accept?token=[redacted]',
      '/api/files/1/content/?token=[redacted]',
      '/api/users/me/?apikey=[redacted]',
    ]),
  );
  const everything = JSON.stringify(t.logs);
  for (const secret of Object.values(secrets)) {
    expect(everything).not.toContain(secret.slice(-20));
  }
});
